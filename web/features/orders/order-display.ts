/** How an order reads: its state in words (the chosen language's, read when asked) and the badge tone that goes with it. */
import type { CustomerOrder } from '../../../contract/orders';
import type { RefundSummary } from '../../../contract/checkout';
import type { OrderGroup } from '../../../contract/groups';
import type { BadgeTone } from '../../components/ui/badge';
import { translate } from '../../i18n';

/** An order's state; a text of the chosen language at each call. */
const ORDER_STATUS: Record<CustomerOrder['status'], () => { label: string; tone: BadgeTone }> = {
  pending: () => ({ label: translate('orders:status.pending'), tone: 'warning' }),
  paid: () => ({ label: translate('orders:status.paid'), tone: 'success' }),
  expired: () => ({ label: translate('orders:status.expired'), tone: 'neutral' }),
  cancelled: () => ({ label: translate('orders:status.cancelled'), tone: 'neutral' }),
  refunded: () => ({ label: translate('orders:status.refunded'), tone: 'brand' }),
  partially_refunded: () => ({ label: translate('orders:status.partlyRefunded'), tone: 'brand' }),
};

const REFUND_STATUS: Record<RefundSummary['status'], () => { label: string; tone: BadgeTone }> = {
  pending: () => ({ label: translate('orders:refundStatus.pending'), tone: 'warning' }),
  succeeded: () => ({ label: translate('orders:refundStatus.succeeded'), tone: 'success' }),
  failed: () => ({ label: translate('orders:refundStatus.failed'), tone: 'danger' }),
};

/** A refund's state as its badge reads. */
export function refundStatusOf(status: RefundSummary['status']): { label: string; tone: BadgeTone } {
  return REFUND_STATUS[status]();
}

/** The reasons a refund row words; the others need no words beside the voucher they gave back. */
export function refundReasonShown(reason: RefundSummary['reason']): string | null {
  return reason === 'group' ? translate('orders:refundReason.group') : null;
}

/** An order's group (ADR 029) as its badge reads: waiting, complete, or refunded because it did not fill. */
export function orderGroupBadge(group: OrderGroup): { label: string; tone: BadgeTone } {
  if (group.status === 'formed') return { label: translate('orders:group.formed'), tone: 'success' };
  if (group.status === 'failed') return { label: translate('orders:group.failed'), tone: 'neutral' };
  return { label: translate('orders:group.waiting', { count: group.waitingFor }), tone: 'warning' };
}

/**
 * An order's state as its badge reads. The server says whether a paid order's money went back, in
 * whole or in part: only it counts which refunds succeeded, and a $0 order's by its vouchers.
 */
export function orderStatusOf(order: Pick<CustomerOrder, 'status'>): { label: string; tone: BadgeTone } {
  return ORDER_STATUS[order.status]();
}
