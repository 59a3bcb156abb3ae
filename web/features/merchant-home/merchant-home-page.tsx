/**
 * /merchant (owners; docs/product/screens.md): the merchant's home. Today's redemptions, units sold and refunds, the
 * totals, two charts of the last MERCHANT_CHART_DAYS days and every deal with its figures, days and "today" counted in
 * the merchant's time zone, which the page names (ADR 039). Staff are sent on to the
 * redeem screen, the one they use; guests and other accounts are asked to log in as a merchant.
 */
import { Link, Redirect } from 'wouter';
import { MERCHANT_CHART_DAYS } from '../../../contract/constants';
import { paths } from '../../../contract/routes';
import type { MerchantOverview } from '../../../contract/workspace';
import { buttonClasses } from '../../components/ui/button';
import { TrendingIcon } from '../../components/ui/icons';
import { LoadFailed, StatePanel } from '../../components/ui/panel';
import { Skeleton } from '../../components/ui/skeleton';
import { useT } from '../../i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import { formatCount } from '../../lib/numbers';
import { zoneName } from '../../lib/zoned-time';
import { useCurrentUser } from '../auth';
import { MerchantLoginPrompt } from '../redemption';
import { useMerchantOverview } from './api/get-merchant-overview';
import { DailyChart } from './components/daily-chart';
import { DealFigures } from './components/deal-figures';
import { TodayFigures, TotalFigures } from './components/overview-figures';

/** The charts' bars: the brand's green for sales, indigo for redemptions. */
const SALES_COLOR = '#059669';
const REDEMPTIONS_COLOR = '#4f46e5';

function HomeSkeleton() {
  const { t } = useT('merchant');
  return (
    <div aria-busy="true" className="grid gap-6">
      <p className="sr-only" role="status">
        {t('home.loading')}
      </p>
      <div className="grid grid-cols-3 gap-3">
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} className="h-24 rounded-2xl" />
        ))}
      </div>
      <Skeleton className="h-72 w-full rounded-2xl" />
    </div>
  );
}

function NothingSold({ hasDeals }: { hasDeals: boolean }) {
  const { t } = useT('merchant');
  return (
    <StatePanel
      icon={<TrendingIcon className="h-7 w-7" />}
      title={t('home.nothingSoldTitle')}
      message={t('home.nothingSoldMessage', { days: formatCount(MERCHANT_CHART_DAYS) })}
    >
      {hasDeals ? (
        <Link href={paths.merchantDeals} className={buttonClasses('primary')}>
          {t('home.yourDeals')}
        </Link>
      ) : (
        <Link href={paths.merchantDealNew} className={buttonClasses('primary')}>
          {t('home.proposeDeal')}
        </Link>
      )}
    </StatePanel>
  );
}

function Overview({ overview }: { overview: MerchantOverview }) {
  const { t } = useT('merchant');
  if (overview.totals.unitsSold === 0) {
    return (
      <div className="grid grid-cols-1 gap-8">
        <NothingSold hasDeals={overview.deals.length > 0} />
        {overview.deals.length > 0 ? <DealFigures deals={overview.deals} /> : null}
      </div>
    );
  }
  return (
    <div className="grid grid-cols-1 gap-8">
      <TodayFigures today={overview.today} />
      <TotalFigures totals={overview.totals} />
      <section aria-labelledby="charts-title" className="grid min-w-0 gap-3">
        <div>
          <h2 id="charts-title" className="text-xl font-bold text-slate-900">
            {t('home.chartsTitle', { days: formatCount(MERCHANT_CHART_DAYS) })}
          </h2>
          <p className="text-sm text-slate-600">{t('home.chartsIntro')}</p>
        </div>
        <div className="grid min-w-0 grid-cols-1 gap-4 lg:grid-cols-2">
          <DailyChart title={t('home.salesChart')} days={overview.days} figure="unitsSold" unit={t('home.salesUnit')} color={SALES_COLOR} />
          <DailyChart title={t('home.redemptionsChart')} days={overview.days} figure="redemptions" unit={t('home.redemptionsUnit')} color={REDEMPTIONS_COLOR} />
        </div>
      </section>
      <DealFigures deals={overview.deals} />
    </div>
  );
}

function OwnerHome() {
  const query = useMerchantOverview();
  const overview = query.data;
  const { t } = useT('merchant');
  return (
    <div className="mx-auto grid max-w-6xl grid-cols-1 gap-8 px-4 py-10 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0 flex-1 basis-64">
          {overview ? <p className="text-sm font-semibold tracking-wide break-words text-brand-700 uppercase">{overview.merchantName}</p> : null}
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">{t('home.title')}</h1>
          {overview ? <p className="mt-1 text-sm text-slate-600">{t('home.timeZone', { name: zoneName(overview.timeZone), zone: overview.timeZone })}</p> : null}
        </div>
        <Link href={paths.merchantRedeem} className={buttonClasses('primary', 'md')}>
          {t('home.redeemVouchers')}
        </Link>
      </div>
      {query.isPending ? (
        <HomeSkeleton />
      ) : overview ? (
        <Overview overview={overview} />
      ) : (
        <LoadFailed title={t('home.loadFailed')} onRetry={() => void query.refetch()} />
      )}
    </div>
  );
}

export default function MerchantHomePage() {
  const { t } = useT('merchant');
  useDocumentTitle(t('home.title'));
  const { user, isLoading } = useCurrentUser();

  if (isLoading) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 lg:px-8" aria-busy="true">
        <Skeleton className="h-9 w-56" />
        <Skeleton className="mt-8 h-72 w-full rounded-2xl" />
      </div>
    );
  }
  if (user?.role !== 'merchant') {
    return (
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <MerchantLoginPrompt title={t('home.title')} message={t('home.loginMessage')} />
      </div>
    );
  }
  if (user.merchantRole === 'staff') return <Redirect to={paths.merchantRedeem} replace />;
  return <OwnerHome />;
}
