/** GET /api/user/orders?cursor=: the signed-in customer's orders, newest first, one page at a time. */
import { infiniteQueryOptions } from '@tanstack/react-query';
import { orderEndpoints } from '../../../../contract/addresses';
import { NEXT_CURSOR_HEADER } from '../../../../contract/constants';
import type { CustomerOrder } from '../../../../contract/orders';
import { apiCall, keyRootOf } from '../../../lib/api-client';
import { hasPendingRefund, REFUND_POLL_MS } from '../../vouchers';

/** Every read of the list starts with this; a refund elsewhere invalidates it. */
export const ordersQueryKey = keyRootOf(orderEndpoints.list);

export interface OrderPage {
  orders: CustomerOrder[];
  /** Cursor of the next page, null on the last one. */
  nextCursor: string | null;
}

/** A refund shown as pending: a voucher's, or one in the order's refunds (a failed group's gave back a payment that never became a voucher). */
function anyRefundPending(orders: CustomerOrder[]): boolean {
  return orders.some((order) => hasPendingRefund(order.vouchers) || order.refunds.some((refund) => refund.status === 'pending'));
}

/** How often the list is read again while an order in it awaits payment. */
export const AWAITING_POLL_MS = 30_000;

/** One page of the server's default size (ORDER_LIST_LIMIT); the first without a query string. */
export async function fetchOrderPage(cursor: string | null, signal?: AbortSignal): Promise<OrderPage> {
  const { answer, headers } = await apiCall(orderEndpoints.list, { query: cursor ? { cursor } : {} }, { signal });
  return { orders: answer, nextCursor: headers.get(NEXT_CURSOR_HEADER) };
}

export const ordersQueryOptions = infiniteQueryOptions({
  queryKey: ordersQueryKey,
  queryFn: ({ pageParam, signal }) => fetchOrderPage(pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: (lastPage) => lastPage.nextCursor,
  // Read again while a refund shown waits for the provider, so its state and the amount refunded follow without a reload;
  // and, more slowly, while an order awaits payment, so one paid in another tab or lapsed shows as it now stands.
  refetchInterval: (query) => {
    const orders = query.state.data?.pages.flatMap((page) => page.orders) ?? [];
    if (anyRefundPending(orders)) return REFUND_POLL_MS;
    return orders.some((order) => order.status === 'pending') ? AWAITING_POLL_MS : false;
  },
});
