/**
 * A voucher on one printable page (docs/product/screens.md#printable-voucher), at /my/vouchers/{id}/print: the deal, code,
 * PIN and QR image (only while it can be redeemed; its state otherwise), where (with a map on screen) and when to use it,
 * and a Print button. Printed, the site's header,
 * footer, buttons and map drop away and the voucher prints black on white.
 */
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'wouter';
import type { Voucher } from '../../../contract/checkout';
import { paths } from '../../../contract/routes';
import { Button, buttonClasses } from '../../components/ui/button';
import { AlertIcon, ArrowLeftIcon, PrinterIcon, UserIcon } from '../../components/ui/icons';
import { StatePanel } from '../../components/ui/panel';
import { RichText } from '../../components/rich-text';
import { useT } from '../../i18n';
import { isApiError } from '../../lib/api-client';
import { formatDay } from '../../lib/dates';
import { useDocumentTitle } from '../../lib/use-document-title';
import { openLoginDialog, useCurrentUser } from '../auth';
import { parseBusinessHours, VoucherVenue, type HoursPeriod } from '../merchants';
import { voucherQueryOptions } from './api/get-voucher';
import { QrImage } from './components/qr-image';
import { RedeemedQr } from './components/redeemed-qr';
import { VoucherStateNote } from './components/voucher-state-note';
import { redeemableParts, voucherState } from './voucher-display';

const PERIOD_KEYS: Record<HoursPeriod, string> = { morning: 'print.periods.morning', afternoon: 'print.periods.afternoon', evening: 'print.periods.evening' };

function Term({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase print:text-black">{term}</dt>
      <dd className="mt-0.5 text-slate-900 print:text-black">{children}</dd>
    </div>
  );
}

function PrintableVoucher({ voucher }: { voucher: Voucher }) {
  const { t } = useT('vouchers');
  const state = voucherState(voucher);
  const hours = parseBusinessHours(voucher.merchantHours);
  // The PIN and QR of a voucher that can be redeemed; any other shows its state instead (a used one its QR folded away).
  const usable = redeemableParts(voucher);

  return (
    <article aria-labelledby="voucher-title" className="voucher-print mt-6 surface p-6 sm:p-8 print:mt-0 print:border print:border-black print:p-6 print:shadow-none">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase print:text-black">{voucher.merchantName}</p>
      <h1 id="voucher-title" className="mt-1 text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl print:text-black">
        {voucher.dealTitle}
      </h1>

      <VoucherStateNote voucher={voucher} className="mt-4" />

      <div className="mt-6 flex flex-col gap-6 border-y border-dashed border-slate-300 py-6 sm:flex-row sm:items-center print:flex-row print:border-black">
        {usable ? (
          <QrImage
            src={usable.qrCodeUrl}
            alt={t('qr.alt', { code: voucher.voucherCode })}
            width={192}
            height={192}
            className="h-48 w-48 shrink-0 self-center rounded-lg ring-1 ring-slate-200 print:ring-black"
          />
        ) : state === 'redeemed' && voucher.qrCodeUrl !== null ? (
          <RedeemedQr voucher={{ ...voucher, qrCodeUrl: voucher.qrCodeUrl }} className="shrink-0" />
        ) : null}
        <dl className="grid gap-4">
          <Term term={t('print.voucherCode')}>
            <span className="font-mono text-3xl font-bold tracking-widest">{voucher.voucherCode}</span>
          </Term>
          {usable ? (
            <Term term={t('print.pin')}>
              <span className="font-mono text-3xl font-bold tracking-widest">{usable.pin}</span>
            </Term>
          ) : null}
          <Term term={t('print.validUntil')}>{formatDay(voucher.validUntil)}</Term>
        </dl>
      </div>

      <dl className="mt-6 grid gap-4 sm:grid-cols-2 print:grid-cols-2">
        <Term term={t('print.merchant')}>{voucher.merchantName}</Term>
        {voucher.merchantAddress ? <Term term={t('print.address')}>{voucher.merchantAddress}</Term> : null}
        {voucher.merchantPhone ? <Term term={t('print.phone')}>{voucher.merchantPhone}</Term> : null}
        <Term term={t('print.openingHours')}>
          {hours.length > 0 ? (
            <ul>
              {hours.map((h) => (
                <li key={h.period}>
                  {t(PERIOD_KEYS[h.period])} {h.hours}
                </li>
              ))}
            </ul>
          ) : (
            t('print.hoursNotListed')
          )}
        </Term>
      </dl>

      {/* The map and "Open in maps" are for the screen; the address above is what prints. */}
      <VoucherVenue
        merchantName={voucher.merchantName}
        address={voucher.merchantAddress}
        latitude={voucher.merchantLatitude}
        longitude={voucher.merchantLongitude}
      />

      <section aria-labelledby="how-to-redeem" className="mt-6">
        <h2 id="how-to-redeem" className="text-lg font-bold text-slate-900 print:text-black">
          {t('print.howToRedeem')}
        </h2>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-slate-700 print:text-black">
          <li>{t('print.stepBring', { merchant: voucher.merchantName })}</li>
          <li>{t('print.stepScan')}</li>
          <li>{t('print.stepUsed')}</li>
        </ol>
        {voucher.redemptionInstructions.trim() !== '' ? <RichText html={voucher.redemptionInstructions} className="mt-3 text-sm" /> : null}
      </section>
    </article>
  );
}

export default function VoucherPrintPage({ id }: { id: string }) {
  const { t } = useT('vouchers');
  const { user, isLoading } = useCurrentUser();
  const [location] = useLocation();
  const query = useQuery({ ...voucherQueryOptions(id), enabled: user !== null && !isLoading });
  const notFound = isApiError(query.error, 404) || isApiError(query.error, 400);
  useDocumentTitle(
    query.data ? t('print.documentTitle', { code: query.data.voucherCode }) : notFound ? t('print.documentTitleNotFound') : t('print.documentTitleLoading'),
  );

  let body: ReactNode;
  if (!isLoading && user === null) {
    body = (
      <StatePanel className="mt-6" heading="h1" icon={<UserIcon className="h-7 w-7" />} title={t('print.loginTitle')} message={t('print.loginMessage')}>
        <Button onClick={() => openLoginDialog({ next: location })}>{t('print.login')}</Button>
      </StatePanel>
    );
  } else if (isLoading || query.isPending) {
    body = <StatePanel className="mt-6" state="loading" title={t('print.loading')} />;
  } else if (query.isError) {
    body = notFound ? (
      <StatePanel className="mt-6" heading="h1" icon={<AlertIcon className="h-7 w-7" />} title={t('print.notFoundTitle')} message={t('print.notFoundMessage')} />
    ) : (
      <StatePanel
        className="mt-6"
        state="error"
        heading="h1"
        title={t('print.errorTitle')}
        onRetry={() => void query.refetch()}
      />
    );
  } else {
    body = <PrintableVoucher voucher={query.data} />;
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 print:max-w-none print:p-0">
      <div className="flex flex-wrap items-center justify-between gap-2 print:hidden">
        <Link href={paths.myVouchers} className={buttonClasses('ghost', 'md', '-ml-3')}>
          <ArrowLeftIcon className="h-4 w-4" />
          {t('print.myVouchers')}
        </Link>
        {query.data ? (
          <Button onClick={() => window.print()}>
            <PrinterIcon className="h-4 w-4" />
            {t('print.print')}
          </Button>
        ) : null}
      </div>
      {body}
    </div>
  );
}
