/**
 * One bought voucher on the payment result page: code, PIN and QR, its validity and refund terms, its printable page and
 * Share. The page may be opened again later: a voucher that can no longer be redeemed (redeemed, refunded or pending a
 * refund, expired) shows its code and its state instead of its PIN and QR, a redeemed one its QR folded away, and
 * offers no Share (nor Print once refunded).
 */
import { Trans } from 'react-i18next';
import { Link } from 'wouter';
import type { Voucher } from '../../../../contract/checkout';
import { paths } from '../../../../contract/routes';
import { Button, buttonClasses } from '../../../components/ui/button';
import { CalendarIcon, PrinterIcon, ShareIcon } from '../../../components/ui/icons';
import { useT } from '../../../i18n';
import { DealImage, RefundTerms } from '../../deals';
import {
  CopyCodeButton,
  isRefundState,
  QrImage,
  redeemableParts,
  RedeemedQr,
  shareVoucher,
  useVoucherTexts,
  validityStatement,
  VoucherStateNote,
  voucherState,
} from '../../vouchers';

export function VoucherTicket({ voucher }: { voucher: Voucher }) {
  const { t } = useT('checkout');
  // validityStatement, Share and the state note word the voucher in the vouchers texts.
  useVoucherTexts();
  const titleId = `ticket-${voucher.id}`;
  const usable = redeemableParts(voucher);
  const state = voucherState(voucher);

  return (
    <article aria-labelledby={titleId} className="flex flex-col surface p-5 sm:p-6">
      <div className="flex items-center gap-3">
        <DealImage
          deal={{ imageUrl: voucher.dealImage, title: voucher.dealTitle }}
          placeholder="small"
          width={56}
          height={56}
          className="h-14 w-14 shrink-0 rounded-xl bg-slate-100 object-cover"
        />
        <div className="min-w-0">
          <h2 id={titleId} className="font-semibold text-slate-900">
            {voucher.dealTitle}
          </h2>
          <p className="truncate text-sm text-slate-600">{voucher.merchantName}</p>
        </div>
      </div>

      <VoucherStateNote voucher={voucher} className="mt-5 text-sm" />
      <div className="mt-5 flex flex-col items-center gap-5 border-y border-dashed border-slate-300 py-5 sm:flex-row sm:items-center">
        {usable ? (
          <QrImage
            src={usable.qrCodeUrl}
            alt={t('ticket.qrAlt', { code: voucher.voucherCode })}
            width={144}
            height={144}
            loading="lazy"
            className="h-36 w-36 shrink-0 rounded-lg ring-1 ring-slate-200"
          />
        ) : null}
        <dl className="w-full space-y-3">
          <div>
            <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{t('ticket.code')}</dt>
            <dd className="flex items-center gap-1">
              <span className="font-mono text-2xl font-bold tracking-widest text-slate-900">{voucher.voucherCode}</span>
              {usable ? <CopyCodeButton code={voucher.voucherCode} /> : null}
            </dd>
          </div>
          {usable ? (
            <div>
              <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{t('ticket.pin')}</dt>
              <dd className="font-mono text-2xl font-bold tracking-widest text-slate-900">{usable.pin}</dd>
            </div>
          ) : null}
        </dl>
      </div>
      {state === 'redeemed' && voucher.qrCodeUrl !== null ? <RedeemedQr voucher={{ ...voucher, qrCodeUrl: voucher.qrCodeUrl }} className="mt-3" /> : null}

      {usable ? (
        <p className="mt-4 flex items-center gap-2 text-sm text-slate-700">
          <CalendarIcon className="h-4 w-4 shrink-0 text-slate-500" />
          {validityStatement(voucher)}
        </p>
      ) : null}
      <RefundTerms refundAnytime={voucher.refundAnytime} autoRefundOnExpiry={voucher.autoRefundOnExpiry} className="mt-2" />
      <div className="mt-4 flex flex-wrap gap-2">
        {isRefundState(state) ? null : (
          <Link href={paths.voucherPrint(voucher.id)} className={buttonClasses('outline', 'md')}>
            <PrinterIcon className="h-4 w-4" />
            <Trans t={t} i18nKey="ticket.print" values={{ code: voucher.voucherCode }} components={{ sr: <span className="sr-only" /> }} />
          </Link>
        )}
        {usable ? (
          <Button variant="outline" size="md" onClick={() => void shareVoucher(voucher)}>
            <ShareIcon className="h-4 w-4" />
            <Trans t={t} i18nKey="ticket.share" values={{ code: voucher.voucherCode }} components={{ sr: <span className="sr-only" /> }} />
          </Button>
        ) : null}
      </div>
    </article>
  );
}
