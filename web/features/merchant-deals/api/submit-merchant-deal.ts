/** POST /api/merchant/deals/{id}/submit: a draft or rejected deal goes to the marketplace's review (409 from any other state). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MerchantDeal } from '../../../../contract/workspace';
import { workspaceEndpoints } from '../../../../contract/addresses';
import { api } from '../../../lib/api-client';
import { afterDealChange } from './get-merchant-deals';

export function submitMerchantDeal(id: string): Promise<MerchantDeal> {
  return api(workspaceEndpoints.submitDeal, { params: { id } });
}

export function useSubmitMerchantDeal() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: submitMerchantDeal, onSuccess: (saved) => afterDealChange(queryClient, saved) });
}
