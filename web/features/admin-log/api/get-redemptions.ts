/** GET /api/admin/redemptions?limit=&cursor=: the whole redemption log, newest first, a page at a time. */
import { infiniteQueryOptions } from '@tanstack/react-query';
import { NEXT_CURSOR_HEADER } from '../../../../contract/constants';
import type { RedemptionRecord } from '../../../../contract/redemption';
import { redemptionEndpoints } from '../../../../contract/addresses';
import { apiCall, keyRootOf } from '../../../lib/api-client';

export const REDEMPTIONS_PAGE_SIZE = 50;

export interface RedemptionPage {
  records: RedemptionRecord[];
  /** Cursor of the next page, null on the last one. */
  nextCursor: string | null;
}

export async function fetchRedemptionPage(cursor: string | null, signal?: AbortSignal): Promise<RedemptionPage> {
  const query = { limit: REDEMPTIONS_PAGE_SIZE, ...(cursor ? { cursor } : {}) };
  const { answer, headers } = await apiCall(redemptionEndpoints.adminLog, { query }, { signal });
  return { records: answer, nextCursor: headers.get(NEXT_CURSOR_HEADER) };
}

export const redemptionsQueryOptions = infiniteQueryOptions({
  queryKey: [...keyRootOf(redemptionEndpoints.adminLog), { limit: REDEMPTIONS_PAGE_SIZE }] as const,
  queryFn: ({ pageParam, signal }) => fetchRedemptionPage(pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: (lastPage) => lastPage.nextCursor,
});
