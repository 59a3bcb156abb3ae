/**
 * PUT /api/merchant/deals/{id}: saves the form while the deal is a draft or was rejected (409 otherwise). The status
 * stays as it is: a rejected deal stays rejected until it is submitted again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MerchantDeal, MerchantDealBody } from '../../../../contract/workspace';
import { workspaceEndpoints } from '../../../../contract/addresses';
import { api } from '../../../lib/api-client';
import { afterDealChange } from './get-merchant-deals';

export function updateMerchantDeal({ id, body }: { id: string; body: MerchantDealBody }): Promise<MerchantDeal> {
  return api(workspaceEndpoints.updateDeal, { params: { id }, body });
}

export function useUpdateMerchantDeal() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateMerchantDeal, onSuccess: (saved) => afterDealChange(queryClient, saved) });
}
