/** GET /api/merchant/overview (owners): today's figures, the totals, every deal with its figures and the charts' days. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MerchantOverview } from '../../../../contract/workspace';
import { apiJson } from '../../../lib/api-client';

export const MERCHANT_OVERVIEW_PATH = '/api/merchant/overview';
export const merchantOverviewQueryKey = [MERCHANT_OVERVIEW_PATH] as const;

export function fetchMerchantOverview(signal?: AbortSignal): Promise<MerchantOverview> {
  return apiJson<MerchantOverview>('GET', MERCHANT_OVERVIEW_PATH, undefined, signal);
}

export const merchantOverviewQueryOptions = queryOptions({
  queryKey: merchantOverviewQueryKey,
  queryFn: ({ signal }) => fetchMerchantOverview(signal),
  // The day's sales and redemptions move while the owner looks: read them afresh on every visit.
  staleTime: 0,
});

/** Asked only by an owner's home: staff and other accounts are refused. */
export function useMerchantOverview() {
  return useQuery(merchantOverviewQueryOptions);
}
