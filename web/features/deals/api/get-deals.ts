/** GET /api/deals?q=&limit=&cursor=: the shopper's deal list (ADR 017), one page at a time. */
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { Deal } from '../../../../contract/deals';
import { NEXT_CURSOR_HEADER } from '../../../../contract/constants';
import { apiRequest } from '../../../lib/api-client';

/** Deals per page on the home grid: a multiple of the 1, 2 and 3 column layouts. */
export const DEALS_PAGE_SIZE = 24;

export interface DealPage {
  deals: Deal[];
  /** Cursor of the next page, null on the last one. */
  nextCursor: string | null;
}

export async function fetchDealPage(options: { q: string; cursor: string | null; signal?: AbortSignal }): Promise<DealPage> {
  const params = new URLSearchParams({ limit: String(DEALS_PAGE_SIZE) });
  if (options.q) params.set('q', options.q);
  if (options.cursor) params.set('cursor', options.cursor);
  const response = await apiRequest('GET', `/api/deals?${params.toString()}`, undefined, options.signal);
  const deals = (await response.json()) as Deal[];
  return { deals, nextCursor: response.headers.get(NEXT_CURSOR_HEADER) };
}

export function dealListQueryOptions(q: string) {
  return infiniteQueryOptions({
    queryKey: ['/api/deals', { q }] as const,
    queryFn: ({ pageParam, signal }) => fetchDealPage({ q, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}
