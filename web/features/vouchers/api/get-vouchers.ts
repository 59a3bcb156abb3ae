/** GET /api/user/vouchers?cursor=: the signed-in customer's vouchers, newest first, one page at a time. */
import { infiniteQueryOptions } from '@tanstack/react-query';
import { voucherEndpoints } from '../../../../contract/addresses';
import type { Voucher } from '../../../../contract/checkout';
import { NEXT_CURSOR_HEADER } from '../../../../contract/constants';
import { apiCall, keyRootOf } from '../../../lib/api-client';
import { hasPendingRefund, REFUND_POLL_MS } from '../voucher-display';

/** Every read of the list starts with this; invalidating it reloads the pages already shown. */
export const vouchersQueryKey = keyRootOf(voucherEndpoints.list);

export interface VoucherPage {
  vouchers: Voucher[];
  /** Cursor of the next page, null on the last one. */
  nextCursor: string | null;
}

/** One page of the server's default size (VOUCHER_LIST_DEFAULT_LIMIT); the first without a query string. */
export async function fetchVoucherPage(cursor: string | null, signal?: AbortSignal): Promise<VoucherPage> {
  const { answer, headers } = await apiCall(voucherEndpoints.list, { query: cursor ? { cursor } : {} }, { signal });
  return { vouchers: answer, nextCursor: headers.get(NEXT_CURSOR_HEADER) };
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
