/**
 * My Vouchers (docs/product/screens.md#my-vouchers) at /my/vouchers and /account/vouchers: the groups still filling up, filters,
 * voucher cards a page at a time with "Load more", the post-payment banner.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useLocation, useSearch } from 'wouter';
import { SUCCESS_BANNER_MS } from '../../../contract/constants';
import type { Voucher } from '../../../contract/checkout';
import { paths } from '../../../contract/routes';
import { StatePanel } from '../../components/ui/panel';
import { Button, buttonClasses } from '../../components/ui/button';
import { AlertIcon, ArrowLeftIcon, CheckCircleIcon, TicketIcon, UserIcon } from '../../components/ui/icons';
import { Skeleton } from '../../components/ui/skeleton';
import { useT } from '../../i18n';
import { isApiError } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { formatCount } from '../../lib/numbers';
import { loginPathWithNext } from '../../lib/safe-next';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentUser, openLoginDialog } from '../auth';
import { vouchersQueryOptions } from './api/get-vouchers';
import { VoucherCard } from './components/voucher-card';
import { filterVouchers, voucherCounts, type VoucherFilter } from './voucher-display';
import { LoadMore } from '../../components/ui/load-more';

const FILTERS: VoucherFilter[] = ['all', 'valid', 'redeemed', 'refunded'];

function LoginPrompt() {
  const [location] = useLocation();
  const { t } = useT('vouchers');
  return (
    <StatePanel icon={<UserIcon className="h-7 w-7" />} title={t('page.loginTitle')} message={t('page.loginMessage')}>
      <Button onClick={() => openLoginDialog({ next: location })}>{t('page.login')}</Button>
    </StatePanel>
  );
}

/** 'Payment Successful!' for 5 s after a purchase, then the query string goes (docs/product/screens.md#my-vouchers). */
function PaymentSuccessBanner() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const show = new URLSearchParams(search).get('payment_success') === 'true';
  const { t } = useT('vouchers');

  useEffect(() => {
    if (!show) return;
    const timer = setTimeout(() => navigate(location, { replace: true }), SUCCESS_BANNER_MS);
    return () => clearTimeout(timer);
  }, [show, location, navigate]);

  return (
    <div role="status">
      {show ? (
        <p className="mt-4 flex items-center gap-3 rounded-2xl bg-emerald-50 p-4 font-medium text-emerald-900 ring-1 ring-emerald-200">
          <CheckCircleIcon className="h-5 w-5 shrink-0 text-emerald-700" />
          {t('page.paymentSuccess')}
        </p>
      ) : null}
    </div>
  );
}

function VoucherGridSkeleton() {
  const { t } = useT('vouchers');
  return (
    <div className="mt-6 grid gap-6 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true">
      <p className="sr-only" role="status">
        {t('page.loading')}
      </p>
      {[0, 1, 2].map((key) => (
        <Skeleton key={key} className="h-96 w-full rounded-2xl" />
      ))}
    </div>
  );
}

/**
 * The first redeemed voucher of each deal offers the review (only customers who used a deal may review it), so a deal
 * bought twice is not offered twice. Pages arrive newest first and are added below, so the card that carries a deal's
 * review does not move as more pages load.
 */
function reviewCarriers(vouchers: Voucher[]): Set<string> {
  const seen = new Set<string>();
  const carriers = new Set<string>();
  for (const voucher of vouchers) {
    if (!voucher.redeemed || seen.has(voucher.dealId)) continue;
    seen.add(voucher.dealId);
    carriers.add(voucher.id);
  }
  return carriers;
}

interface MorePages {
  /** Older vouchers remain on the server. */
  hasNextPage: boolean;
  fetching: boolean;
  failed: boolean;
  load: () => void;
}

function VoucherList({ vouchers, more }: { vouchers: Voucher[]; more: MorePages }) {
  const { t } = useT('vouchers');
  const [filter, setFilter] = useState<VoucherFilter>('all');
  const counts = voucherCounts(vouchers);
  // Counted over the pages loaded so far: "50+" while older vouchers are still on the server.
  const countLabel = (n: number) => (more.hasNextPage ? `${formatCount(n)}+` : formatCount(n));
  const shown = filterVouchers(vouchers, filter);
  const carriers = reviewCarriers(shown);

  return (
    <>
      <div role="group" aria-label={t('page.filterGroup')} className="mt-6 flex flex-wrap gap-2">
        {FILTERS.map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={filter === option}
            onClick={() => setFilter(option)}
            className={cn(
              'inline-flex h-10 items-center gap-2 rounded-full px-4 text-sm font-semibold ring-1 transition-colors focus-ring',
              filter === option
                ? 'bg-brand-700 text-white ring-brand-700'
                : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50 hover:text-slate-900',
            )}
          >
            {option === 'all' ? t('page.all') : t(`state.${option}`)}
            <span
              className={cn(
                'rounded-full px-2 py-0.5 text-xs tabular-nums',
                filter === option ? 'bg-white/20 text-white' : 'bg-slate-100 text-slate-700',
              )}
            >
              {countLabel(counts[option])}
            </span>
          </button>
        ))}
      </div>

      {shown.length === 0 ? (
        <StatePanel
          icon={<TicketIcon className="h-7 w-7" />}
          title={t('page.emptyTitle')}
          message={filter === 'all' ? t('page.emptyAll') : more.hasNextPage ? t(`page.emptyLoaded.${filter}`) : t(`page.emptyNone.${filter}`)}
        >
          <Link href={paths.home} className={buttonClasses('primary')}>
            {t('page.browseDeals')}
          </Link>
        </StatePanel>
      ) : (
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
          {shown.map((voucher) => (
            <li key={voucher.id} className="flex">
              <VoucherCard voucher={voucher} offerReview={carriers.has(voucher.id)} />
            </li>
          ))}
        </ul>
      )}
      <LoadMore hasNextPage={more.hasNextPage} fetching={more.fetching} failed={more.failed} onLoad={more.load} what="vouchers" />
    </>
  );
}

function Vouchers() {
  const query = useInfiniteQuery(vouchersQueryOptions);
  const { t } = useT('vouchers');
  if (query.isPending) return <VoucherGridSkeleton />;
  // Only a failed first page means the list could not be shown; a failed "Load more" keeps what is already there.
  if (query.isError && !query.data) {
    if (isApiError(query.error, 401)) return <LoginPrompt />;
    return (
      <StatePanel icon={<AlertIcon className="h-7 w-7" />} title={t('page.errorTitle')} message={t('page.errorMessage')}>
        <Button onClick={() => void query.refetch()} disabled={query.isFetching}>
          {t('page.tryAgain')}
        </Button>
      </StatePanel>
    );
  }
  const vouchers = query.data.pages.flatMap((page) => page.vouchers);
  return (
    <VoucherList
      vouchers={vouchers}
      more={{
        hasNextPage: query.hasNextPage,
        fetching: query.isFetchingNextPage,
        failed: query.isFetchNextPageError,
        load: () => void query.fetchNextPage(),
      }}
    />
  );
}

interface MyVouchersPageProps {
  /** Guests go to the login gate (the /account/vouchers route) instead of seeing the prompt. */
  requiresLogin?: boolean;
  /** Above the vouchers: the groups the customer waits on (groups' panel), filled in by web/app/. */
  waitingGroups: ReactNode;
}

export default function MyVouchersPage({ requiresLogin = false, waitingGroups }: MyVouchersPageProps) {
  const { user, isLoading } = useCurrentUser();
  const [location, navigate] = useLocation();
  const { t } = useT('vouchers');
  useDocumentTitle(t('page.title'));
  const redirect = requiresLogin && !isLoading && user === null;

  useEffect(() => {
    if (redirect) navigate(loginPathWithNext(paths.login, location), { replace: true });
  }, [redirect, location, navigate]);

  let body: ReactNode;
  if (isLoading || redirect) body = <VoucherGridSkeleton />;
  else if (user === null) body = <LoginPrompt />;
  else
    body = (
      <>
        {waitingGroups}
        <Vouchers />
      </>
    );

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      <Link href={paths.home} className={buttonClasses('ghost', 'sm', '-ml-3')}>
        <ArrowLeftIcon className="h-4 w-4" />
        {t('page.back')}
      </Link>
      <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-slate-900">{t('page.title')}</h1>
      <PaymentSuccessBanner />
      {body}
    </div>
  );
}
