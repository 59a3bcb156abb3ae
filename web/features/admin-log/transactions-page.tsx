/**
 * /admin/transactions (docs/product/screens.md#transaction-history): the redemption log for superadmins: totals, every attempt, and paging.
 * Without a role answer (a guest) it goes home; other accounts are told they have no access.
 */
import { useEffect } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'wouter';
import { paths } from '../../../contract/routes';
import { StatePanel } from '../../components/ui/panel';
import { Button, buttonClasses } from '../../components/ui/button';
import { AlertIcon, ShieldIcon } from '../../components/ui/icons';
import { Skeleton } from '../../components/ui/skeleton';
import { useT } from '../../i18n';
import { formatCount } from '../../lib/numbers';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCheckRole } from '../admin-accounts';
import { redemptionSummaryQueryOptions } from './api/get-redemption-summary';
import { redemptionsQueryOptions } from './api/get-redemptions';
import { RedemptionCards, RedemptionTable } from './components/redemption-table';
import { SummaryCards } from './components/summary-cards';

const ADMIN_LINKS = [
  { href: paths.home, key: 'home' },
  { href: paths.adminMerchants, key: 'merchants' },
  { href: paths.adminDeals, key: 'deals' },
] as const;

function PageSkeleton() {
  const { t } = useT('admin');
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8" aria-busy="true">
      <p className="sr-only" role="status">
        {t('transactionsPage.loading')}
      </p>
      <Skeleton className="h-9 w-64" />
      <Skeleton className="mt-6 h-24 w-full rounded-2xl" />
      <Skeleton className="mt-6 h-80 w-full rounded-2xl" />
    </div>
  );
}

function AccessDenied() {
  const { t } = useT('admin');
  return (
    <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <StatePanel
        size="xl"
        heading="h1"
        tone="danger"
        icon={<ShieldIcon className="h-7 w-7" />}
        title={t('transactionsPage.deniedTitle')}
        message={t('transactionsPage.deniedMessage')}
      >
        <Link href={paths.home} className={buttonClasses('primary', 'md')}>
          {t('transactionsPage.goHome')}
        </Link>
      </StatePanel>
    </div>
  );
}

/** docs/product/messages.md#management-screens: the log's load failure is told in Chinese until a language is chosen. */
function LoadFailed({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const { t, langOf } = useT('admin');
  return (
    <div role="alert" lang={langOf('transactionsPage.failed.title')} className="surface flex flex-col items-center gap-3 px-6 py-12 text-center">
      <AlertIcon className="h-8 w-8 text-red-700" />
      <p className="text-lg font-semibold text-slate-900">{t('transactionsPage.failed.title')}</p>
      <p className="text-sm text-slate-600">{t('transactionsPage.failed.message')}</p>
      <Button variant="outline" onClick={onRetry} disabled={retrying}>
        {retrying ? t('transactionsPage.failed.retrying') : t('transactionsPage.failed.retry')}
      </Button>
    </div>
  );
}

function RedemptionLog() {
  const { t, langOf } = useT('admin');
  const summary = useQuery(redemptionSummaryQueryOptions);
  const log = useInfiniteQuery(redemptionsQueryOptions);
  const records = log.data?.pages.flatMap((page) => page.records) ?? [];
  // Only a failed first page means the log could not be shown; a failed "load more" keeps what is already there.
  const failed = summary.isError || (log.isError && !log.data);
  const refreshing = (summary.isFetching || log.isFetching) && !log.isFetchingNextPage;

  const refresh = () => {
    void summary.refetch();
    void log.refetch();
  };

  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-8 px-4 py-10 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">{t('transactionsPage.title')}</h1>
          <p className="mt-1 text-slate-600">{t('transactionsPage.intro')}</p>
        </div>
        <Button variant="outline" onClick={refresh} disabled={refreshing}>
          {refreshing ? t('transactionsPage.refreshing') : t('transactionsPage.refresh')}
        </Button>
      </div>

      <nav aria-label={t('transactionsPage.navLabel')} className="-mt-4 flex flex-wrap gap-2">
        {ADMIN_LINKS.map((link) => (
          <Link key={link.href} href={link.href} className={buttonClasses('secondary', 'sm')}>
            {t(`transactionsPage.links.${link.key}`)}
          </Link>
        ))}
      </nav>

      {failed ? (
        <LoadFailed onRetry={refresh} retrying={refreshing} />
      ) : (
        <>
          <section aria-label={t('transactionsPage.summaryLabel')}>
            <SummaryCards summary={summary.data} />
          </section>

          <section aria-labelledby="records-title" className="grid grid-cols-1 gap-4">
            <h2 id="records-title" className="text-xl font-bold text-slate-900">
              {t('transactionsPage.records')}
            </h2>
            {log.isPending ? (
              <Skeleton className="h-72 w-full rounded-xl" />
            ) : records.length === 0 ? (
              <p className="surface px-6 py-10 text-center text-slate-600">{t('transactionsPage.empty')}</p>
            ) : (
              <>
                <RedemptionTable records={records} labelledBy="records-title" className="hidden md:block" />
                <RedemptionCards records={records} labelledBy="records-title" className="md:hidden" />
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <p className="text-sm text-slate-600" aria-live="polite">
                    {t('transactionsPage.showing', { shown: formatCount(records.length), total: formatCount(summary.data?.total ?? records.length) })}
                  </p>
                  {log.hasNextPage ? (
                    <Button variant="outline" onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
                      {log.isFetchingNextPage ? t('transactionsPage.loading') : t('transactionsPage.loadMore')}
                    </Button>
                  ) : null}
                </div>
                {log.isFetchNextPageError ? (
                  <p role="alert" lang={langOf('transactionsPage.failed.more')} className="text-sm font-medium text-red-700">
                    {t('transactionsPage.failed.more')}
                  </p>
                ) : null}
              </>
            )}
          </section>
        </>
      )}
    </div>
  );
}

export default function TransactionsPage() {
  const { t } = useT('admin');
  useDocumentTitle(t('transactionsPage.title'));
  const [, navigate] = useLocation();
  const role = useCheckRole();
  // No role answer (no session, or no answer at all) sends the visitor home (docs/product/screens.md#transaction-history).
  const noAnswer = role.isError || (role.isSuccess && role.data === null);

  useEffect(() => {
    if (noAnswer) navigate(paths.home, { replace: true });
  }, [noAnswer, navigate]);

  if (role.isPending) return <PageSkeleton />;
  if (noAnswer || !role.data) return null;
  if (!role.data.isSuperAdmin) return <AccessDenied />;
  return <RedemptionLog />;
}
