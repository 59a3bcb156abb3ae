/** GET /api/user/orders?cursor=: the signed-in customer's orders, newest first, one page at a time. */
import { infiniteQueryOptions } from '@tanstack/react-query';
import { NEXT_CURSOR_HEADER } from '../../../../contract/constants';
import type { CustomerOrder } from '../../../../contract/orders';
import { apiRequest } from '../../../lib/api-client';

export const ORDERS_PATH = '/api/user/orders';
/** Every read of the list starts with this; a refund elsewhere invalidates it. */
export const ordersQueryKey = [ORDERS_PATH] as const;

export interface OrderPage {
  orders: CustomerOrder[];
  /** Cursor of the next page, null on the last one. */
  nextCursor: string | null;
}

/** One page of the server's default size (ORDER_LIST_LIMIT); the first without a query string. */
export async function fetchOrderPage(cursor: string | null, signal?: AbortSignal): Promise<OrderPage> {
  const url = cursor ? `${ORDERS_PATH}?${new URLSearchParams({ cursor }).toString()}` : ORDERS_PATH;
  const response = await apiRequest('GET', url, undefined, signal);
  const orders = (await response.json()) as CustomerOrder[];
  return { orders, nextCursor: response.headers.get(NEXT_CURSOR_HEADER) };
}

export const ordersQueryOptions = infiniteQueryOptions({
  queryKey: ordersQueryKey,
  queryFn: ({ pageParam, signal }) => fetchOrderPage(pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: (lastPage) => lastPage.nextCursor,
});
