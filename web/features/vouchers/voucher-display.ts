/** How a voucher reads on screen: its state, validity wording, order number and shareable text. */
import { ORDER_NUMBER_LENGTH, VOUCHER_VALID_DAYS } from '../../../contract/constants';
import type { RefundSummary, Voucher } from '../../../contract/checkout';
import { translate } from '../../i18n';
import { formatDay } from '../../lib/dates';

export type VoucherState = 'valid' | 'redeemed' | 'refunded' | 'expired';

type StateFields = Pick<Voucher, 'status' | 'redeemed' | 'expired'> & { refund?: Voucher['refund'] };

/** The voucher's refund when one is under way or done; a failed one put the voucher back and is not shown. */
export function standingRefund(voucher: { refund?: Voucher['refund'] }): RefundSummary | null {
  return voucher.refund && voucher.refund.status !== 'failed' ? voucher.refund : null;
}

/**
 * What the customer can still do with a voucher (ADR 027): the server's `status` first (a voucher with a refund under
 * way reads as refunded already); an active voucher whose last day has passed reads as expired before the sweep has
 * marked it.
 */
export function voucherState(voucher: StateFields): VoucherState {
  if (voucher.status === 'redeemed' || voucher.redeemed) return 'redeemed';
  if (voucher.status === 'refunded' || standingRefund(voucher)) return 'refunded';
  return voucher.status === 'expired' || voucher.expired ? 'expired' : 'valid';
}

/** The state of a voucher known only by its `status` (order histories, customer service). */
export function stateOfStatus(status: Voucher['status']): VoucherState {
  return status === 'active' ? 'valid' : status;
}

export type VoucherFilter = 'all' | 'valid' | 'redeemed' | 'refunded';

export function filterVouchers<T extends StateFields>(vouchers: T[], filter: VoucherFilter): T[] {
  if (filter === 'all') return vouchers;
  return vouchers.filter((voucher) => voucherState(voucher) === filter);
}

export function voucherCounts(vouchers: StateFields[]): Record<VoucherFilter, number> {
  return {
    all: vouchers.length,
    valid: filterVouchers(vouchers, 'valid').length,
    redeemed: filterVouchers(vouchers, 'redeemed').length,
    refunded: filterVouchers(vouchers, 'refunded').length,
  };
}

/** docs/product/constants.md: order numbers are the first 8 characters of the order id. */
export function orderNumber(orderId: string): string {
  return orderId.slice(0, ORDER_NUMBER_LENGTH);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * 'Voucher valid for 30 days' (docs/product/screens.md#payment-result), unless the deal ends sooner (ADR 014): then the real last day.
 */
export function validityStatement(voucher: Pick<Voucher, 'validUntil' | 'createdAt'>): string {
  const until = Date.parse(voucher.validUntil);
  const issued = Date.parse(voucher.createdAt);
  if (Number.isNaN(until) || Number.isNaN(issued)) return translate('vouchers:validity.forDays', { days: VOUCHER_VALID_DAYS });
  // A day's slack: the 30 days are counted from the payment, a moment before the voucher row is written.
  if (until < issued + (VOUCHER_VALID_DAYS - 1) * DAY_MS) return translate('vouchers:validity.until', { date: formatDay(voucher.validUntil) });
  return translate('vouchers:validity.forDays', { days: VOUCHER_VALID_DAYS });
}

/** What Share hands to the share sheet or the clipboard: enough for a friend to redeem the voucher. */
export function shareText(voucher: Pick<Voucher, 'dealTitle' | 'merchantName' | 'voucherCode' | 'voucherPin' | 'validUntil'>): string {
  return [
    translate('vouchers:share.dealAt', { title: voucher.dealTitle, merchant: voucher.merchantName }),
    translate('vouchers:share.code', { code: voucher.voucherCode }),
    translate('vouchers:share.pin', { pin: voucher.voucherPin }),
    translate('vouchers:share.validUntil', { date: formatDay(voucher.validUntil) }),
  ].join('\n');
}
