/**
 * What a voucher that can no longer be redeemed says in place of its PIN and QR code, on its printable page and on the
 * payment result: "Redeemed on …", "Refund pending: …", "Refunded on …: this voucher can no longer be used." or
 * "Expired on …". Nothing for a valid voucher.
 */
import type { Voucher } from '../../../../contract/checkout';
import { useT } from '../../../i18n';
import { cn } from '../../../lib/cn';
import { formatDayTime, formatIso } from '../../../lib/date-format';
import { formatDay } from '../../../lib/dates';
import { standingRefund, voucherState } from '../voucher-display';

type NoteFields = Pick<Voucher, 'status' | 'redeemed' | 'expired' | 'refund' | 'redeemedAt' | 'validUntil'>;

/** The sentence for a voucher that can no longer be redeemed, or null for a valid one. */
export function useVoucherStateText(voucher: NoteFields): string | null {
  const { t } = useT('vouchers');
  const state = voucherState(voucher);
  const refund = standingRefund(voucher);
  switch (state) {
    case 'redeemed':
      return t('print.redeemedOn', { date: voucher.redeemedAt ? formatIso(voucher.redeemedAt, formatDayTime) : '' });
    case 'refundPending':
      return t('print.refundPending');
    case 'refunded':
      return refund ? t('print.refundedOn', { date: formatIso(refund.createdAt, formatDayTime) }) : t('print.refunded');
    case 'expired':
      return t('print.expiredOn', { date: formatDay(voucher.validUntil) });
    default:
      return null;
  }
}

export function VoucherStateNote({ voucher, className }: { voucher: NoteFields; className?: string }) {
  const text = useVoucherStateText(voucher);
  if (text === null) return null;
  return (
    <p role="status" className={cn('rounded-xl bg-slate-100 p-3 font-semibold text-slate-900 ring-1 ring-slate-300 print:bg-white print:text-black', className)}>
      {text}
    </p>
  );
}
