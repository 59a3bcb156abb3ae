/** GET /api/user/vouchers?cursor=: the signed-in customer's vouchers, newest first, one page at a time. */
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { Voucher } from '../../../../contract/checkout';
import { NEXT_CURSOR_HEADER } from '../../../../contract/constants';
import { apiRequest } from '../../../lib/api-client';
import { hasPendingRefund, REFUND_POLL_MS } from '../voucher-display';

export const VOUCHERS_PATH = '/api/user/vouchers';
/** Every read of the list starts with this; invalidating it reloads the pages already shown. */
export const vouchersQueryKey = [VOUCHERS_PATH] as const;

export interface VoucherPage {
  vouchers: Voucher[];
  /** Cursor of the next page, null on the last one. */
  nextCursor: string | null;
}

/** One page of the server's default size (VOUCHER_LIST_DEFAULT_LIMIT); the first without a query string. */
export async function fetchVoucherPage(cursor: string | null, signal?: AbortSignal): Promise<VoucherPage> {
  const url = cursor ? `${VOUCHERS_PATH}?${new URLSearchParams({ cursor }).toString()}` : VOUCHERS_PATH;
  const response = await apiRequest('GET', url, undefined, signal);
  const vouchers = (await response.json()) as Voucher[];
  return { vouchers, nextCursor: response.headers.get(NEXT_CURSOR_HEADER) };
}

export const vouchersQueryOptions = infiniteQueryOptions({
  queryKey: vouchersQueryKey,
  queryFn: ({ pageParam, signal }) => fetchVoucherPage(pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: (lastPage) => lastPage.nextCursor,
  // A refund waits for the provider's answer; reading the pages again while one is shown turns "Refund pending" into
  // "Refunded" (or back into a usable voucher) without a reload, and stops once none is left.
  refetchInterval: (query) => (hasPendingRefund(query.state.data?.pages.flatMap((page) => page.vouchers) ?? []) ? REFUND_POLL_MS : false),
});
