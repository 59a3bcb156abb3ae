/** The shopper's deal list (ADR 017), one page at a time. */
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { Deal, DealListQuery } from '../../../../contract/deals';
import { dealEndpoints } from '../../../../contract/addresses';
import { HOME_DEALS_PAGE_SIZE, NEXT_CURSOR_HEADER } from '../../../../contract/constants';
import { apiCall, keyRootOf } from '../../../lib/api-client';
import { listParams, type DealFilters } from '../deal-filters';

export interface DealPage {
  deals: Deal[];
  /** Cursor of the next page, null on the last one. */
  nextCursor: string | null;
}

/** The list's narrowing and ordering, apart from the search. */
export type DealListFilters = Omit<DealFilters, 'q'>;

export async function fetchDealPage(options: { q: string; filters?: DealListFilters; cursor: string | null; signal?: AbortSignal }): Promise<DealPage> {
  const query = {
    limit: HOME_DEALS_PAGE_SIZE,
    ...(options.q ? { q: options.q } : {}),
    ...(listParams(options.filters ?? {}) as Partial<Record<keyof DealListQuery, string>>),
    ...(options.cursor ? { cursor: options.cursor } : {}),
  } as Partial<DealListQuery>;
  const { answer, headers } = await apiCall(dealEndpoints.list, { query }, { signal: options.signal });
  return { deals: answer, nextCursor: headers.get(NEXT_CURSOR_HEADER) };
}

/** One list per search and filters; with no filters the key is the plain search's, as before. */
export function dealListQueryOptions(q: string, filters: DealListFilters = {}) {
  const sent = listParams(filters);
  return infiniteQueryOptions({
    queryKey: [...keyRootOf(dealEndpoints.list), { q, ...sent }] as const,
    queryFn: ({ pageParam, signal }) => fetchDealPage({ q, filters, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}
