/** A deal and its reviews. */
import type { QueryClient } from '@tanstack/react-query';
import type { Deal } from '../../../../contract/deals';
import { dealEndpoints } from '../../../../contract/addresses';
import { endpointQuery } from '../../../lib/api-client';

export function dealQueryOptions(id: string) {
  return endpointQuery(dealEndpoints.get, { params: { id } });
}

export function dealReviewsQueryOptions(id: string) {
  return endpointQuery(dealEndpoints.reviews, { params: { id } });
}

/** Seeds the detail cache with a deal the list already holds, so its page opens without waiting. */
export function primeDeal(queryClient: QueryClient, deal: Deal): void {
  const { queryKey } = dealQueryOptions(deal.id);
  if (queryClient.getQueryData(queryKey) === undefined) queryClient.setQueryData(queryKey, deal);
}
