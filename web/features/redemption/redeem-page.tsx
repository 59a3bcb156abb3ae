/**
 * /merchant/redeem (docs/product/screens.md#redeem-vouchers): a merchant's owner or staff checks a voucher by code and PIN
 * (typed, filled in from the QR link, or handed over by a scan), confirms it with the customer and redeems it; the
 * recent attempts below, each success with its Undo while it may still be taken back.
 */
import { Link, useSearch } from 'wouter';
import { paths } from '../../../contract/routes';
import { buttonClasses } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { useT } from '../../i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentUser } from '../auth';
import { MerchantLoginPrompt } from './components/merchant-login-prompt';
import { RecentRedemptions } from './components/recent-redemptions';
import { RedeemForm } from './components/redeem-form';
import { normalizePin, normalizeVoucherCode } from './redeem-input';
import { QrIcon } from './components/qr-icon';

export default function RedeemPage() {
  const { t } = useT('merchant');
  useDocumentTitle(t('redeem.title'));
  const search = useSearch();
  const { user, isLoading } = useCurrentUser();

  if (isLoading) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6" aria-busy="true">
        <Skeleton className="h-9 w-56" />
        <Skeleton className="mt-6 h-72 w-full rounded-2xl" />
      </div>
    );
  }

  if (!user) {
    return (
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <MerchantLoginPrompt title={t('redeem.title')} />
      </div>
    );
  }

  // The QR link (ADR 014) opens this page with ?code=&pin=: the form is filled in, never sent on its own.
  const params = new URLSearchParams(search);
  const initialCode = normalizeVoucherCode(params.get('code') ?? '');
  const initialPin = normalizePin(params.get('pin') ?? '');

  return (
    <div className="mx-auto grid max-w-3xl gap-8 px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0 flex-1 basis-72">
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">{t('redeem.title')}</h1>
          <p className="mt-1 text-slate-600">{t('redeem.intro')}</p>
        </div>
        <Link href={paths.merchantScan} className={buttonClasses('outline', 'md')}>
          <QrIcon />
          {t('redeem.scan')}
        </Link>
      </div>

      <section aria-label={t('redeem.voucherSection')} className="surface p-6 sm:p-8">
        {/* The form reads the address once: a scan always opens this screen afresh, and after a redemption the form
            clears the code and PIN from the address without starting over. */}
        <RedeemForm user={user} initialCode={initialCode} initialPin={initialPin} />
      </section>

      {user.role === 'merchant' ? <RecentRedemptions /> : null}
    </div>
  );
}
