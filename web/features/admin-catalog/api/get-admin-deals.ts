/**
 * GET /api/admin/deals?q=&limit=&cursor=: every deal whatever its state, newest first, one page at a time (superadmin
 * only); with status=pending_review, the review queue: the proposals merchants handed in, oldest submission first.
 */
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { AdminDeal } from '../../../../contract/admin';
import type { DealStatus } from '../../../../contract/deals';
import { NEXT_CURSOR_HEADER } from '../../../../contract/constants';
import { apiRequest } from '../../../lib/api-client';
import { adminDealsQueryRoot } from './invalidate';

export const ADMIN_DEALS_PAGE_SIZE = 20;

export interface AdminDealPage {
  deals: AdminDeal[];
  /** Cursor of the next page, null on the last one. */
  nextCursor: string | null;
}

export async function fetchAdminDealPage(options: { q: string; status?: DealStatus; cursor: string | null; signal?: AbortSignal }): Promise<AdminDealPage> {
  const params = new URLSearchParams({ limit: String(ADMIN_DEALS_PAGE_SIZE) });
  if (options.q) params.set('q', options.q);
  if (options.status) params.set('status', options.status);
  if (options.cursor) params.set('cursor', options.cursor);
  const response = await apiRequest('GET', `/api/admin/deals?${params.toString()}`, undefined, options.signal);
  const deals = (await response.json()) as AdminDeal[];
  return { deals, nextCursor: response.headers.get(NEXT_CURSOR_HEADER) };
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
