/**
 * GET /api/admin/deals?q=&limit=&cursor=: every deal whatever its state, newest first, one page at a time (superadmin
 * only); with status=pending_review, the review queue: the proposals merchants handed in, oldest submission first.
 */
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { AdminDeal } from '../../../../contract/admin';
import { adminDealEndpoints } from '../../../../contract/addresses';
import type { DealStatus } from '../../../../contract/deals';
import { NEXT_CURSOR_HEADER } from '../../../../contract/constants';
import { apiCall } from '../../../lib/api-client';
import { adminDealsQueryRoot } from './invalidate';

export const ADMIN_DEALS_PAGE_SIZE = 20;

export interface AdminDealPage {
  deals: AdminDeal[];
  /** Cursor of the next page, null on the last one. */
  nextCursor: string | null;
}

export async function fetchAdminDealPage(options: { q: string; status?: DealStatus; cursor: string | null; signal?: AbortSignal }): Promise<AdminDealPage> {
  // In this order on the wire: limit, q, status, cursor.
  const query = {
    limit: ADMIN_DEALS_PAGE_SIZE,
    ...(options.q ? { q: options.q } : {}),
    ...(options.status ? { status: options.status } : {}),
    ...(options.cursor ? { cursor: options.cursor } : {}),
  };
  const { answer, headers } = await apiCall(adminDealEndpoints.list, { query }, { signal: options.signal });
  return { deals: answer, nextCursor: headers.get(NEXT_CURSOR_HEADER) };
}

export function adminDealListQueryOptions(q: string) {
  return infiniteQueryOptions({
    queryKey: [...adminDealsQueryRoot, { q }] as const,
    queryFn: ({ pageParam, signal }) => fetchAdminDealPage({ q, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** The review queue. Its key sits under the admin deals' root, so every catalogue change refreshes it too. */
export const reviewQueueQueryOptions = infiniteQueryOptions({
  queryKey: [...adminDealsQueryRoot, { status: 'pending_review' }] as const,
  queryFn: ({ pageParam, signal }) => fetchAdminDealPage({ q: '', status: 'pending_review', cursor: pageParam, signal }),
  initialPageParam: null as string | null,
  getNextPageParam: (lastPage) => lastPage.nextCursor,
});
