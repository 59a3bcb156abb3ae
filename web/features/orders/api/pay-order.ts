/**
 * POST /api/user/orders/{id}/pay: the checkout page of an order awaiting payment (the same payment session its checkout
 * opened), and the browser sent there.
 */
import { useEffect } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderEndpoints } from '../../../../contract/addresses';
import type { PayOrderAnswer } from '../../../../contract/orders';
import { api } from '../../../lib/api-client';
import { leaveForPaymentPage } from '../leave-for-payment';
import { ordersQueryKey } from './get-orders';

export function payOrder(orderId: string): Promise<PayOrderAnswer> {
  return api(orderEndpoints.pay, { params: { id: orderId } });
}

export function usePayOrder() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async (orderId: string) => leaveForPaymentPage((await payOrder(orderId)).url),
    // Refused (paid meanwhile, lapsed, cancelled elsewhere): the list is read again to show where the order stands.
    onError: () => void queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
  });
  // Back from the payment page, the browser may restore this page as it was left (busy): the button works again,
  // and the list is read again, the order perhaps paid meanwhile.
  const { reset } = mutation;
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      reset();
      void queryClient.invalidateQueries({ queryKey: ordersQueryKey });
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [reset, queryClient]);
  return mutation;
}
