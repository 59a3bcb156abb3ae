import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { voucherEndpoints } from '../../../contract/addresses';
import type { PaymentStatusAnswer } from '../../../contract/checkout';
import { track } from '../../lib/analytics';
import { keyRootOf } from '../../lib/api-client';
import { removeDealsFromCart } from '../../lib/cart-storage';

/** Once a payment is known to be paid: the bought deals leave the cart and purchase_completed is recorded, once per order. */
export function useOnPaid(answer: PaymentStatusAnswer | undefined) {
  const queryClient = useQueryClient();
  const paidOrder = answer?.status === 'paid' ? answer.order.id : null;
  // A place in a group gets its voucher when the group forms, later than the payment: My Vouchers is read again then.
  const groupStatus = answer?.group?.status ?? null;

  useEffect(() => {
    if (!answer || paidOrder === null) return;
    removeDealsFromCart(answer.order.items.map((item) => item.dealId));
    void queryClient.invalidateQueries({ queryKey: keyRootOf(voucherEndpoints.list) });
    const key = `purchase_completed:${paidOrder}`;
    let already = false;
    try {
      already = window.sessionStorage.getItem(key) !== null;
      window.sessionStorage.setItem(key, '1');
    } catch {
      // No session storage: the event may repeat on a reload, which is better than never sending it.
    }
    if (already) return;
    const first = answer.vouchers[0];
    track({
      event: 'purchase_completed',
      orderId: paidOrder,
      dealId: answer.deal?.id ?? first?.dealId ?? '',
      dealTitle: answer.deal?.title ?? first?.dealTitle ?? '',
      // A group member's unit is at the group price.
      priceCents: (answer.group ? answer.order.items[0]?.unitPriceCents : undefined) ?? answer.deal?.priceCents ?? first?.priceCents ?? 0,
      totalCents: answer.order.totalCents,
      voucherCount: answer.vouchers.length,
    });
    // Only the order id (and its group's state) matters: the answer object changes on every poll, the order it describes does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [paidOrder, groupStatus]);
}
