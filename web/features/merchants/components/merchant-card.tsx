import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { paths } from '../../../../contract/routes';
import { ChevronRightIcon, ClockIcon, MapPinIcon, PhoneIcon, StoreIcon } from '../../../components/ui/icons';
import { Skeleton } from '../../../components/ui/skeleton';
import { translate, useT } from '../../../i18n';
import { cn } from '../../../lib/cn';
import { formatPhone } from '../../../lib/phone';
import { merchantQueryOptions, parseBusinessHours, type HoursPeriod } from '../api/get-merchant';

/** A period of the business hours as shoppers read it, in the current language. */
function periodLabel(period: HoursPeriod): string {
  switch (period) {
    case 'morning':
      return translate('deals:merchant.morning');
    case 'afternoon':
      return translate('deals:merchant.afternoon');
    case 'evening':
      return translate('deals:merchant.evening');
  }
}

/** Keeps the digits and a leading + so the dialler gets a clean number. */
function telHref(phone: string): string {
  const trimmed = phone.trim();
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${trimmed.replace(/\D/g, '')}`;
}

/** The Merchant Information card of the deal page. */
export function MerchantCard({ merchantId, fallbackName, className }: { merchantId: string; fallbackName: string; className?: string }) {
  const { t } = useT('deals');
  const merchant = useQuery(merchantQueryOptions(merchantId));

  return (
    <section aria-labelledby="merchant-title" className={cn('surface p-6', className)}>
      <h2 id="merchant-title" className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <StoreIcon className="h-5 w-5 text-brand-700" />
        {t('merchant.title')}
      </h2>
      {merchant.isPending ? (
        <div className="mt-4 space-y-3" aria-busy="true">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      ) : merchant.isError ? (
        <>
          <p className="mt-4 font-semibold text-slate-900">{fallbackName}</p>
          <p className="mt-1 text-sm text-slate-600">{t('merchant.unavailable')}</p>
        </>
      ) : (
        <>
          <p className="mt-4 text-base font-semibold text-slate-900">{merchant.data.name}</p>
          {merchant.data.description ? <p className="mt-1 text-sm text-slate-600">{merchant.data.description}</p> : null}
          <dl className="mt-4 space-y-3 text-sm">
            {merchant.data.address ? (
              <div className="flex gap-3">
                <dt>
                  <MapPinIcon className="mt-0.5 h-4 w-4 text-slate-500" />
                  <span className="sr-only">{t('merchant.address')}</span>
                </dt>
                <dd className="text-slate-700">{merchant.data.address}</dd>
              </div>
            ) : null}
            {merchant.data.phone ? (
              <div className="flex gap-3">
                <dt>
                  <PhoneIcon className="mt-0.5 h-4 w-4 text-slate-500" />
                  <span className="sr-only">{t('merchant.phone')}</span>
                </dt>
                <dd>
                  <a
                    href={telHref(merchant.data.phone)}
                    className="text-link"
                  >
                    {formatPhone(merchant.data.phone)}
                  </a>
                </dd>
              </div>
            ) : null}
            <div className="flex gap-3">
              <dt>
                <ClockIcon className="mt-0.5 h-4 w-4 text-slate-500" />
                <span className="sr-only">{t('merchant.hours')}</span>
              </dt>
              <dd className="text-slate-700">
                <BusinessHoursList raw={merchant.data.businessHours} />
              </dd>
            </div>
          </dl>
          <p className="mt-4">
            <Link href={paths.store(merchantId)} className="text-link inline-flex items-center gap-1 text-sm">
              {t('merchant.visitStore')}
              <ChevronRightIcon className="h-4 w-4" />
            </Link>
          </p>
        </>
      )}
    </section>
  );
}

function BusinessHoursList({ raw }: { raw: string | null }) {
  const { t } = useT('deals');
  const hours = parseBusinessHours(raw);
  if (hours.length === 0) return <span className="text-slate-600">{t('merchant.noHours')}</span>;
  return (
    <ul className="space-y-0.5">
      {hours.map(({ period, hours: range }) => (
        <li key={period} className="flex gap-2">
          <span className="w-20 text-slate-600">{periodLabel(period)}</span>
          <span className="font-medium text-slate-800 tabular-nums">{range}</span>
        </li>
      ))}
    </ul>
  );
}
