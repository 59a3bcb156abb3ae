/** GET /api/deals?merchantId=: one store's live deals in the chosen order, a page at a time. */
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { Deal, DealSort } from '../../../../contract/deals';
import { dealEndpoints } from '../../../../contract/addresses';
import { NEXT_CURSOR_HEADER, STORE_DEALS_PAGE_SIZE } from '../../../../contract/constants';
import { apiCall, keyRootOf } from '../../../lib/api-client';

/** The orders the store offers: every order of the list but `nearest`, which means nothing within one store. */
export type StoreSort = Exclude<DealSort, 'nearest'>;
export const STORE_SORTS: readonly StoreSort[] = ['newest', 'popular', 'price_asc', 'price_desc', 'ending_soon'];

export interface StoreDealPage {
  deals: Deal[];
  nextCursor: string | null;
}

export function storeDealsQueryOptions(merchantId: string, sort: StoreSort) {
  return infiniteQueryOptions({
    queryKey: [...keyRootOf(dealEndpoints.list), { merchantId, sort }] as const,
    queryFn: async ({ pageParam, signal }): Promise<StoreDealPage> => {
      const query = {
        merchantId,
        limit: STORE_DEALS_PAGE_SIZE,
        ...(sort === 'newest' ? {} : { sort }),
        ...(pageParam ? { cursor: pageParam } : {}),
      };
      const { answer, headers } = await apiCall(dealEndpoints.list, { query }, { signal });
      return { deals: answer, nextCursor: headers.get(NEXT_CURSOR_HEADER) };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}
