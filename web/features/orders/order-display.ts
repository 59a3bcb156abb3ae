/** How an order reads: its state in words and the badge tone that goes with it. */
import type { CustomerOrder } from '../../../contract/orders';
import type { RefundSummary } from '../../../contract/checkout';
import type { OrderGroup } from '../../../contract/groups';
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

/** The reasons a refund row words; the others need no words beside the voucher they gave back. */
export const REFUND_REASON_SHOWN: Partial<Record<RefundSummary['reason'], string>> = {
  group: 'group did not fill',
};

/** An order's group (ADR 029) as its badge reads: waiting, complete, or refunded because it did not fill. */
export function orderGroupBadge(group: OrderGroup): { label: string; tone: BadgeTone } {
  if (group.status === 'formed') return { label: 'Group complete', tone: 'success' };
  if (group.status === 'failed') return { label: 'Group did not fill — refunded', tone: 'neutral' };
  return { label: `Group: waiting for ${group.waitingFor} more`, tone: 'warning' };
}

/** A paid order some of whose vouchers were refunded reads "Partly refunded". */
export function orderStatusOf(order: Pick<CustomerOrder, 'status' | 'refundedCents' | 'totalCents'>): { label: string; tone: BadgeTone } {
  if (order.status === 'paid' && order.refundedCents > 0) {
    return order.refundedCents >= order.totalCents ? ORDER_STATUS.refunded : { label: 'Partly refunded', tone: 'brand' };
  }
  return ORDER_STATUS[order.status];
}
