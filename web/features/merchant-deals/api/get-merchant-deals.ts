/** GET /api/merchant/deals: the owner's own deals in every state, newest first. */
import type { QueryClient } from '@tanstack/react-query';
import { queryKeyOf } from '../../../../contract/endpoint';
import type { MerchantDeal } from '../../../../contract/workspace';
import { workspaceEndpoints } from '../../../../contract/addresses';
import { endpointQuery, keyRootOf } from '../../../lib/api-client';

export const merchantDealsQueryKey = queryKeyOf(workspaceEndpoints.listDeals);

export const merchantDealsQueryOptions = endpointQuery(workspaceEndpoints.listDeals, {});

/**
 * After a save or a submission: the saved deal is known as it is now, and the list and the home's figures (which name
 * every deal) are read again.
 */
export function afterDealChange(queryClient: QueryClient, saved: MerchantDeal): Promise<void> {
  queryClient.setQueryData(queryKeyOf(workspaceEndpoints.getDeal, { params: { id: saved.id } }), saved);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: merchantDealsQueryKey, exact: true }),
    queryClient.invalidateQueries({ queryKey: keyRootOf(workspaceEndpoints.overview) }),
  ]).then(() => undefined);
}
