/** How an order reads: its state in words and the badge tone that goes with it. */
import type { CustomerOrder } from '../../../contract/orders';
import type { RefundSummary } from '../../../contract/checkout';
import type { BadgeTone } from '../../components/ui/badge';

export const ORDER_STATUS: Record<CustomerOrder['status'], { label: string; tone: BadgeTone }> = {
  pending: { label: 'Awaiting payment', tone: 'warning' },
  paid: { label: 'Paid', tone: 'success' },
  expired: { label: 'Expired', tone: 'neutral' },
  cancelled: { label: 'Cancelled', tone: 'neutral' },
  refunded: { label: 'Refunded', tone: 'brand' },
};

export const REFUND_STATUS: Record<RefundSummary['status'], { label: string; tone: BadgeTone }> = {
  pending: { label: 'Refund pending', tone: 'warning' },
  succeeded: { label: 'Refunded', tone: 'success' },
  failed: { label: 'Refund failed', tone: 'danger' },
};

/** A paid order some of whose vouchers were refunded reads "Partly refunded". */
export function orderStatusOf(order: Pick<CustomerOrder, 'status' | 'refundedCents' | 'totalCents'>): { label: string; tone: BadgeTone } {
  if (order.status === 'paid' && order.refundedCents > 0) {
    return order.refundedCents >= order.totalCents ? ORDER_STATUS.refunded : { label: 'Partly refunded', tone: 'brand' };
  }
  return ORDER_STATUS[order.status];
}
