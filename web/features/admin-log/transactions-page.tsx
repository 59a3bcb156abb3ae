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
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCheckRole } from '../admin-accounts';
import { redemptionSummaryQueryOptions } from './api/get-redemption-summary';
import { redemptionsQueryOptions } from './api/get-redemptions';
import { RedemptionCards, RedemptionTable } from './components/redemption-table';
import { SummaryCards } from './components/summary-cards';

const ADMIN_LINKS = [
  { href: paths.home, label: 'Home' },
  { href: paths.adminMerchants, label: 'Manage Merchants' },
  { href: paths.adminDeals, label: 'Manage Deals' },
] as const;

function PageSkeleton() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8" aria-busy="true">
      <p className="sr-only" role="status">
        Loading…
      </p>
      <Skeleton className="h-9 w-64" />
      <Skeleton className="mt-6 h-24 w-full rounded-2xl" />
      <Skeleton className="mt-6 h-80 w-full rounded-2xl" />
    </div>
  );
}

function AccessDenied() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <StatePanel
        size="xl"
        heading="h1"
        tone="danger"
        icon={<ShieldIcon className="h-7 w-7" />}
        title="Access Denied"
        message="You don't have permission to access this page."
      >
        <Link href={paths.home} className={buttonClasses('primary', 'md')}>
          Go to the home page
        </Link>
      </StatePanel>
    </div>
  );
}

/** docs/product/messages.md#management-screens: the log's load failure is told in Chinese. */
function LoadFailed({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <div role="alert" lang="zh-CN" className="surface flex flex-col items-center gap-3 px-6 py-12 text-center">
      <AlertIcon className="h-8 w-8 text-red-700" />
      <p className="text-lg font-semibold text-slate-900">加载失败</p>
      <p className="text-sm text-slate-600">无法读取核销记录，请稍后重试。</p>
      <Button variant="outline" onClick={onRetry} disabled={retrying}>
        {retrying ? '重试中…' : '重试'}
      </Button>
    </div>
  );
}

function RedemptionLog() {
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
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">Transaction History</h1>
          <p className="mt-1 text-slate-600">Every voucher redemption attempt, successful or not, newest first.</p>
        </div>
        <Button variant="outline" onClick={refresh} disabled={refreshing}>
          {refreshing ? 'Refreshing…' : 'Refresh'}
        </Button>
      </div>

      <nav aria-label="Admin" className="-mt-4 flex flex-wrap gap-2">
        {ADMIN_LINKS.map((link) => (
          <Link key={link.href} href={link.href} className={buttonClasses('secondary', 'sm')}>
            {link.label}
          </Link>
        ))}
      </nav>

      {failed ? (
        <LoadFailed onRetry={refresh} retrying={refreshing} />
      ) : (
        <>
          <section aria-label="Summary">
            <SummaryCards summary={summary.data} />
          </section>

          <section aria-labelledby="records-title" className="grid grid-cols-1 gap-4">
            <h2 id="records-title" className="text-xl font-bold text-slate-900">
              Redemption Records
            </h2>
            {log.isPending ? (
              <Skeleton className="h-72 w-full rounded-xl" />
            ) : records.length === 0 ? (
              <p className="surface px-6 py-10 text-center text-slate-600">No redemption attempts yet.</p>
            ) : (
              <>
                <RedemptionTable records={records} labelledBy="records-title" className="hidden md:block" />
                <RedemptionCards records={records} labelledBy="records-title" className="md:hidden" />
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <p className="text-sm text-slate-600" aria-live="polite">
                    Showing {records.length.toLocaleString('en-US')} of {(summary.data?.total ?? records.length).toLocaleString('en-US')}
                  </p>
                  {log.hasNextPage ? (
                    <Button variant="outline" onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
                      {log.isFetchingNextPage ? 'Loading…' : 'Load more'}
                    </Button>
                  ) : null}
                </div>
                {log.isFetchNextPageError ? (
                  <p role="alert" lang="zh-CN" className="text-sm font-medium text-red-700">
                    加载失败，请重试。
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
  useDocumentTitle('Transaction History');
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
