/**
 * POST /api/user/orders/{id}/cancel: cancels an order awaiting payment, its held units back on sale at once. The answer's
 * order replaces the one on screen, then the list and what shows stock (the deals) are read again.
 */
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { dealEndpoints, orderEndpoints } from '../../../../contract/addresses';
import type { CustomerOrder } from '../../../../contract/orders';
import { api, keyRootOf } from '../../../lib/api-client';
import { ordersQueryKey, type OrderPage } from './get-orders';

export function cancelOrder(orderId: string): Promise<CustomerOrder> {
  return api(orderEndpoints.cancel, { params: { id: orderId } });
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (order) => {
      queryClient.setQueryData<InfiniteData<OrderPage, string | null>>(ordersQueryKey, (data) =>
        data ? { ...data, pages: data.pages.map((page) => ({ ...page, orders: page.orders.map((o) => (o.id === order.id ? order : o)) })) } : data,
      );
      // The units went back on sale: every deal read shows them again when next used.
      void queryClient.invalidateQueries({ queryKey: keyRootOf(dealEndpoints.list) });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
  });
}
