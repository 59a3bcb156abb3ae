/** GET /api/deals/{id} and GET /api/deals/{id}/reviews, read with the default query function. */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Deal, ReviewSummary } from '../../../../contract/deals';

export function dealQueryOptions(id: string) {
  return queryOptions<Deal>({ queryKey: ['/api/deals', id] });
}

export function dealReviewsQueryOptions(id: string) {
  return queryOptions<ReviewSummary>({ queryKey: ['/api/deals', id, 'reviews'] });
}

/** Seeds the detail cache with a deal the list already holds, so its page opens without waiting. */
export function primeDeal(queryClient: QueryClient, deal: Deal): void {
  const { queryKey } = dealQueryOptions(deal.id);
  if (queryClient.getQueryData(queryKey) === undefined) queryClient.setQueryData(queryKey, deal);
}
