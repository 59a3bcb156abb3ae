/**
 * One voucher on My Vouchers: picture, deal, state badge, code (copyable), PIN, QR (enlargeable), validity, refund terms,
 * its refund (or the Refund button), review and the printable page. Only a valid voucher shows its PIN and QR. A redeemed
 * voucher shows its code with the QR folded away behind "Show QR"; a refunded one, one whose refund is pending, or an
 * expired one, its code alone, beside "Refunded: … on …" or "Expired on …": nothing left to scan.
 */
import { Trans } from 'react-i18next';
import { Link } from 'wouter';
import type { Voucher } from '../../../../contract/checkout';
import { paths } from '../../../../contract/routes';
import { buttonClasses } from '../../../components/ui/button';
import { Price } from '../../../components/ui/price';
import { CalendarIcon, CheckCircleIcon, PrinterIcon, RefundIcon } from '../../../components/ui/icons';
import { useT } from '../../../i18n';
import { formatDayTime, formatIso } from '../../../lib/date-format';
import { formatDay } from '../../../lib/dates';
import { DEAL_CARD_IMAGE_SIZES, DealImage, RefundTerms } from '../../deals';
import { isRefundState, redeemableParts, standingRefund, voucherState } from '../voucher-display';
import { CopyCodeButton } from './copy-code-button';
import { QrDialog } from './qr-dialog';
import { RedeemedQr } from './redeemed-qr';
import { RefundDialog } from './refund-dialog';
import { ReviewDialog } from './review-dialog';
import { VoucherStateBadge } from './voucher-state-badge';

function when(iso: string | null): string | null {
  if (!iso) return null;
  return formatIso(iso, formatDayTime) || null;
}

/** `offerReview`: this card carries the deal's 'Write a review' (one card per deal does, not every voucher of it). */
export function VoucherCard({ voucher, offerReview }: { voucher: Voucher; offerReview: boolean }) {
  const { t } = useT('vouchers');
  const state = voucherState(voucher);
  const redeemedAt = when(voucher.redeemedAt);
  const refund = standingRefund(voucher);
  const refundedAt = refund ? when(refund.createdAt) : null;
  // Only a voucher that can be redeemed has its PIN and QR: a refund still pending gives the code nothing to redeem either.
  const usable = redeemableParts(voucher);
  const refundable = voucher.refundAnytime && voucher.status === 'active' && state === 'valid';
  const titleId = `voucher-${voucher.id}-title`;

  return (
    <article aria-labelledby={titleId} className="flex flex-col overflow-hidden surface">
      <div className="relative aspect-[16/9] overflow-hidden bg-slate-100">
        <DealImage
          deal={{ imageUrl: voucher.dealImage, title: voucher.dealTitle }}
          width={400}
          height={225}
          sizes={DEAL_CARD_IMAGE_SIZES}
          loading="lazy"
          className={state === 'valid' ? 'h-full w-full object-cover' : 'h-full w-full object-cover opacity-70 grayscale'}
        />
        <div className="absolute top-3 left-3">
          <VoucherStateBadge state={state} />
        </div>
      </div>
      <div className="flex flex-1 flex-col p-5">
        <p className="truncate text-sm font-medium text-slate-600">{voucher.merchantName}</p>
        <h2 id={titleId} className="mt-0.5 text-lg leading-snug font-semibold text-slate-900">
          <Link href={paths.deal(voucher.dealId)} className="rounded hover:text-brand-800 hover:underline focus-ring">
            {voucher.dealTitle}
          </Link>
        </h2>
        <p className="mt-1 text-sm text-slate-600 tabular-nums">
          <span className="sr-only">{t('card.pricePaid')}</span>
          <Price cents={voucher.priceCents} />
        </p>

        {usable ? (
          <div className="mt-4 flex items-center gap-4 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
            <dl className="min-w-0 flex-1 space-y-2">
              <div>
                <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{t('card.code')}</dt>
                <dd className="flex items-center gap-1">
                  <span className="font-mono text-lg font-bold tracking-widest text-slate-900">{voucher.voucherCode}</span>
                  <CopyCodeButton code={voucher.voucherCode} />
                </dd>
              </div>
              <div>
                <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{t('card.pin')}</dt>
                <dd className="font-mono text-lg font-bold tracking-widest text-slate-900">{usable.pin}</dd>
              </div>
            </dl>
            <QrDialog voucher={{ ...voucher, qrCodeUrl: usable.qrCodeUrl, voucherPin: usable.pin }} />
          </div>
        ) : (
          <p className="mt-4 rounded-xl bg-slate-50 p-3 text-sm text-slate-600 ring-1 ring-slate-200">
            <span className="text-xs font-semibold tracking-wide uppercase">{t('card.code')}</span>{' '}
            <span className="font-mono font-bold tracking-widest text-slate-700">{voucher.voucherCode}</span>
          </p>
        )}
        {state === 'redeemed' && voucher.qrCodeUrl !== null ? <RedeemedQr voucher={{ ...voucher, qrCodeUrl: voucher.qrCodeUrl }} className="mt-3" /> : null}

        <ul className="mt-4 space-y-1.5 text-sm text-slate-700">
          <li className="flex items-center gap-2">
            <CalendarIcon className="h-4 w-4 shrink-0 text-slate-500" />
            {state === 'expired' ? t('card.expiredOn', { date: formatDay(voucher.validUntil) }) : t('card.validUntil', { date: formatDay(voucher.validUntil) })}
          </li>
          {refund ? (
            <li className="flex items-center gap-2">
              <RefundIcon className="h-4 w-4 shrink-0 text-slate-500" />
              <span>
                <Trans
                  t={t}
                  i18nKey={refund.status === 'pending' ? (refundedAt ? 'card.refundPendingOn' : 'card.refundPending') : refundedAt ? 'card.refundedOn' : 'card.refunded'}
                  values={{ date: refundedAt }}
                  components={{ price: <Price cents={refund.amountCents} /> }}
                />
              </span>
            </li>
          ) : null}
          {redeemedAt ? (
            <li className="flex items-center gap-2">
              <CheckCircleIcon className="h-4 w-4 shrink-0 text-slate-500" />
              {t('card.redeemedOn', { date: redeemedAt })}
            </li>
          ) : null}
        </ul>

        <RefundTerms refundAnytime={voucher.refundAnytime} autoRefundOnExpiry={voucher.autoRefundOnExpiry} className="mt-3" />

        <div className="mt-auto flex flex-wrap gap-2 pt-4">
          {isRefundState(state) ? null : (
            <Link href={paths.voucherPrint(voucher.id)} className={buttonClasses('outline', 'md')}>
              <PrinterIcon className="h-4 w-4" />
              <Trans t={t} i18nKey="card.print" values={{ code: voucher.voucherCode }} components={{ sr: <span className="sr-only" /> }} />
            </Link>
          )}
          {refundable ? <RefundDialog voucher={voucher} /> : null}
          {offerReview && !voucher.reviewed ? <ReviewDialog dealId={voucher.dealId} dealTitle={voucher.dealTitle} /> : null}
        </div>
      </div>
    </article>
  );
}
