/** GET /api/admin/orders?q=: orders found by order id or number, phone or voucher code, as customer service sees them. */
import { queryOptions } from '@tanstack/react-query';
import type { AdminOrder } from '../../../../contract/orders';
import { apiJson } from '../../../lib/api-client';

export const ADMIN_ORDERS_PATH = '/api/admin/orders';
export const adminOrdersQueryKey = [ADMIN_ORDERS_PATH] as const;

export function searchOrders(q: string, signal?: AbortSignal): Promise<AdminOrder[]> {
  return apiJson<AdminOrder[]>('GET', `${ADMIN_ORDERS_PATH}?${new URLSearchParams({ q }).toString()}`, undefined, signal);
}

export function adminOrdersQueryOptions(q: string) {
  return queryOptions({
    queryKey: [...adminOrdersQueryKey, { q }] as const,
    queryFn: ({ signal }) => searchOrders(q, signal),
    enabled: q !== '',
    // Customer service looks at money as it is now.
    staleTime: 0,
  });
}
