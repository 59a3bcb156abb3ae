/** GET /api/deals?q=&category=&minPriceCents=&maxPriceCents=&minRating=&sort=&lat=&lng=&limit=&cursor=: the shopper's deal list (ADR 017), one page at a time. */
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { Deal } from '../../../../contract/deals';
import { NEXT_CURSOR_HEADER } from '../../../../contract/constants';
import { apiRequest } from '../../../lib/api-client';
import { listParams, type DealFilters } from '../deal-filters';

/** Deals per page on the home grid: a multiple of the 1, 2 and 3 column layouts. */
export const DEALS_PAGE_SIZE = 24;

export interface DealPage {
  deals: Deal[];
  /** Cursor of the next page, null on the last one. */
  nextCursor: string | null;
}

/** The list's narrowing and ordering, apart from the search. */
export type DealListFilters = Omit<DealFilters, 'q'>;

export async function fetchDealPage(options: { q: string; filters?: DealListFilters; cursor: string | null; signal?: AbortSignal }): Promise<DealPage> {
  const params = new URLSearchParams({ limit: String(DEALS_PAGE_SIZE) });
  if (options.q) params.set('q', options.q);
  for (const [name, value] of Object.entries(listParams(options.filters ?? {}))) params.set(name, value);
  if (options.cursor) params.set('cursor', options.cursor);
  const response = await apiRequest('GET', `/api/deals?${params.toString()}`, undefined, options.signal);
  const deals = (await response.json()) as Deal[];
  return { deals, nextCursor: response.headers.get(NEXT_CURSOR_HEADER) };
}

/** One list per search and filters; with no filters the key is the plain search's, as before. */
export function dealListQueryOptions(q: string, filters: DealListFilters = {}) {
  const sent = listParams(filters);
  return infiniteQueryOptions({
    queryKey: ['/api/deals', { q, ...sent }] as const,
    queryFn: ({ pageParam, signal }) => fetchDealPage({ q, filters, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}
