/** GET /api/merchant/deals: the owner's own deals in every state, newest first. */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { MerchantDeal } from '../../../../contract/workspace';

export const merchantDealsQueryKey = ['/api/merchant/deals'] as const;

export const merchantDealsQueryOptions = queryOptions<MerchantDeal[]>({ queryKey: merchantDealsQueryKey });

/**
 * After a save or a submission: the saved deal is known as it is now, and the list and the home's figures (which name
 * every deal) are read again.
 */
export function afterDealChange(queryClient: QueryClient, saved: MerchantDeal): Promise<void> {
  queryClient.setQueryData([...merchantDealsQueryKey, saved.id], saved);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: merchantDealsQueryKey, exact: true }),
    queryClient.invalidateQueries({ queryKey: ['/api/merchant/overview'] }),
  ]).then(() => undefined);
}
