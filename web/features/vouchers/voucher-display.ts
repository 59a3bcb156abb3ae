/** How a voucher reads on screen: its state, validity wording, order number and shareable text. */
import { ORDER_NUMBER_LENGTH, VOUCHER_VALID_DAYS } from '../../../contract/constants';
import type { RefundSummary, Voucher } from '../../../contract/checkout';
import { translate } from '../../i18n';
import { formatDay } from '../../lib/dates';

/** `refundPending`: the money is on its way back but the provider has not confirmed it; the voucher is no longer usable. */
export type VoucherState = 'valid' | 'redeemed' | 'refundPending' | 'refunded' | 'expired';

type StateFields = Pick<Voucher, 'status' | 'redeemed' | 'expired'> & { refund?: Voucher['refund'] };

/** The voucher's refund when one is under way or done; a failed one put the voucher back and is not shown. */
export function standingRefund(voucher: { refund?: Voucher['refund'] }): RefundSummary | null {
  return voucher.refund && voucher.refund.status !== 'failed' ? voucher.refund : null;
}

/**
 * What the customer can still do with a voucher (ADR 027): the server's `status` first (a voucher with a refund under
 * way reads as refunded already, so it says "Refund pending" until the provider confirms, never "Refunded" early); an
 * active voucher whose last day has passed reads as expired before the sweep has marked it.
 */
export function voucherState(voucher: StateFields): VoucherState {
  if (voucher.status === 'redeemed' || voucher.redeemed) return 'redeemed';
  const refund = standingRefund(voucher);
  if (refund?.status === 'pending') return 'refundPending';
  if (voucher.status === 'refunded' || refund) return 'refunded';
  return voucher.status === 'expired' || voucher.expired ? 'expired' : 'valid';
}

/**
 * The state of a voucher known by its `status` and refund alone (order histories, customer service): a refund the
 * provider has not confirmed reads as pending, whatever the status says.
 */
export function stateOfStatus(status: Voucher['status'], refund?: RefundSummary | null): VoucherState {
  if (status === 'redeemed') return 'redeemed';
  if (refund?.status === 'pending') return 'refundPending';
  return status === 'active' ? 'valid' : status;
}

/** Whether the voucher's money has gone back or is going back: it shows its code alone, with no PIN, QR or print. */
export function isRefundState(state: VoucherState): boolean {
  return state === 'refunded' || state === 'refundPending';
}

/** How often a list showing a pending refund is read again, so the provider's answer shows without a reload. */
export const REFUND_POLL_MS = 5_000;

/** Whether any of these vouchers waits for the provider to confirm its refund. */
export function hasPendingRefund(vouchers: ReadonlyArray<{ refund?: Voucher['refund'] }>): boolean {
  return vouchers.some((voucher) => voucher.refund?.status === 'pending');
}

export type VoucherFilter = 'all' | 'valid' | 'redeemed' | 'refunded';

/** The filter a voucher falls under besides All: a pending refund counts as refunded; an expired voucher under none. */
function filterOf(state: VoucherState): VoucherFilter | null {
  if (state === 'refundPending') return 'refunded';
  return state === 'expired' ? null : state;
}

export function filterVouchers<T extends StateFields>(vouchers: T[], filter: VoucherFilter): T[] {
  if (filter === 'all') return vouchers;
  return vouchers.filter((voucher) => filterOf(voucherState(voucher)) === filter);
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

/**
 * What Share hands to the share sheet or the clipboard: enough for a friend to redeem the voucher. Only a voucher that
 * can be redeemed is shared; the server sends no PIN for any other, and the text then has none either.
 */
export function shareText(voucher: Pick<Voucher, 'dealTitle' | 'merchantName' | 'voucherCode' | 'voucherPin' | 'validUntil'>): string {
  return [
    translate('vouchers:share.dealAt', { title: voucher.dealTitle, merchant: voucher.merchantName }),
    translate('vouchers:share.code', { code: voucher.voucherCode }),
    ...(voucher.voucherPin === null ? [] : [translate('vouchers:share.pin', { pin: voucher.voucherPin })]),
    translate('vouchers:share.validUntil', { date: formatDay(voucher.validUntil) }),
  ].join('\n');
}

/**
 * The PIN and QR image of a voucher that can be redeemed now; null for any other (redeemed, refunded or pending refund,
 * expired), whose PIN the server does not send and which shows its state instead, wherever it appears.
 */
export function redeemableParts(voucher: Pick<Voucher, 'status' | 'redeemed' | 'expired' | 'refund' | 'voucherPin' | 'qrCodeUrl'>): { pin: string; qrCodeUrl: string } | null {
  if (voucherState(voucher) !== 'valid' || voucher.voucherPin === null || voucher.qrCodeUrl === null) return null;
  return { pin: voucher.voucherPin, qrCodeUrl: voucher.qrCodeUrl };
}
