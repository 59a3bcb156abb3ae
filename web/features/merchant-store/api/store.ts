/**
 * GET /api/merchant/store: what the merchant's store page shows (its description and photos), and
 * PUT /api/merchant/store, which saves them; the store page then shows them at once.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { merchantEndpoints, workspaceEndpoints } from '../../../../contract/addresses';
import type { MerchantStore, MerchantStoreBody } from '../../../../contract/workspace';
import { api, endpointQuery, keyRootOf } from '../../../lib/api-client';

export const merchantStoreQueryOptions = endpointQuery(workspaceEndpoints.getStore, {});

export function saveMerchantStore(body: MerchantStoreBody): Promise<MerchantStore> {
  return api(workspaceEndpoints.updateStore, { body });
}

export function useSaveMerchantStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMerchantStore,
    onSuccess: async (saved) => {
      queryClient.setQueryData(merchantStoreQueryOptions.queryKey, saved);
      // The public card read by the store page and the deal pages.
      await queryClient.invalidateQueries({ queryKey: keyRootOf(merchantEndpoints.get) });
    },
  });
}
