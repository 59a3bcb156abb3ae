/** GET /api/admin/redemptions?limit=&cursor=: the whole redemption log, newest first, a page at a time. */
import { infiniteQueryOptions } from '@tanstack/react-query';
import { NEXT_CURSOR_HEADER } from '../../../../contract/constants';
import type { RedemptionRecord } from '../../../../contract/redemption';
import { apiRequest } from '../../../lib/api-client';

export const REDEMPTIONS_PAGE_SIZE = 50;

export interface RedemptionPage {
  records: RedemptionRecord[];
  /** Cursor of the next page, null on the last one. */
  nextCursor: string | null;
}

export async function fetchRedemptionPage(cursor: string | null, signal?: AbortSignal): Promise<RedemptionPage> {
  const params = new URLSearchParams({ limit: String(REDEMPTIONS_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  const response = await apiRequest('GET', `/api/admin/redemptions?${params.toString()}`, undefined, signal);
  const records = (await response.json()) as RedemptionRecord[];
  return { records, nextCursor: response.headers.get(NEXT_CURSOR_HEADER) };
}

export const redemptionsQueryOptions = infiniteQueryOptions({
  queryKey: ['/api/admin/redemptions', { limit: REDEMPTIONS_PAGE_SIZE }] as const,
  queryFn: ({ pageParam, signal }) => fetchRedemptionPage(pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: (lastPage) => lastPage.nextCursor,
});
