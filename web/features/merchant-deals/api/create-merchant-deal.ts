/** POST /api/merchant/deals: a new deal of the owner's, always an inactive draft (201). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MerchantDeal, MerchantDealBody } from '../../../../contract/workspace';
import { workspaceEndpoints } from '../../../../contract/addresses';
import { api } from '../../../lib/api-client';
import { afterDealChange } from './get-merchant-deals';

export function createMerchantDeal(body: MerchantDealBody): Promise<MerchantDeal> {
  return api(workspaceEndpoints.createDeal, { body });
}

export function useCreateMerchantDeal() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createMerchantDeal, onSuccess: (saved) => afterDealChange(queryClient, saved) });
}
