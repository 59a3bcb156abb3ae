/**
 * /orders: the customer's orders, newest first, a page at a time with "Load more": each with its lines, amounts,
 * state, vouchers and refunds (docs/product/rules.md#refunds-and-the-voucher-s-life).
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'wouter';
import { paths } from '../../../contract/routes';
import { Button, buttonClasses } from '../../components/ui/button';
import { AlertIcon, ArrowLeftIcon, ReceiptIcon, UserIcon } from '../../components/ui/icons';
import { StatePanel } from '../../components/ui/panel';
import { Skeleton } from '../../components/ui/skeleton';
import { isApiError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useT } from '../../i18n';
import { openLoginDialog, useCurrentUser } from '../auth';
import { ordersQueryOptions } from './api/get-orders';
import { OrderCard } from './components/order-card';
import { LoadMore } from '../../components/ui/load-more';

/** The texts of this file's components: the orders catalogue. */
const useTexts = () => useT('orders');

function LoginPrompt() {
  const { t } = useTexts();
  const [location] = useLocation();
  return (
    <StatePanel icon={<UserIcon className="h-7 w-7" />} title={t('ordersPage.loginTitle')} message={t('ordersPage.loginMessage')}>
      <Button onClick={() => openLoginDialog({ next: location })}>{t('ordersPage.login')}</Button>
    </StatePanel>
  );
}

function OrdersSkeleton() {
  const { t } = useTexts();
  return (
    <div className="mt-6 grid gap-6" aria-busy="true">
      <p className="sr-only" role="status">
        {t('ordersPage.loading')}
      </p>
      {[0, 1].map((key) => (
        <Skeleton key={key} className="h-64 w-full rounded-2xl" />
      ))}
    </div>
  );
}

function Orders() {
  const { t } = useTexts();
  const query = useInfiniteQuery(ordersQueryOptions);
  if (query.isPending) return <OrdersSkeleton />;
  if (query.isError && !query.data) {
    if (isApiError(query.error, 401)) return <LoginPrompt />;
    return (
      <StatePanel
        className="mt-6"
        state="error"
        icon={<AlertIcon className="h-7 w-7" />}
        title={t('ordersPage.errorTitle')}
        message={t('ordersPage.errorMessage')}
        onRetry={() => void query.refetch()}
        retryLabel={t('ordersPage.tryAgain')}
      />
    );
  }
  const orders = query.data.pages.flatMap((page) => page.orders);
  if (orders.length === 0) {
    return (
      <StatePanel className="mt-6" icon={<ReceiptIcon className="h-7 w-7" />} title={t('ordersPage.emptyTitle')} message={t('ordersPage.emptyMessage')}>
        <Link href={paths.home} className={buttonClasses('primary')}>
          {t('ordersPage.browseDeals')}
        </Link>
      </StatePanel>
    );
  }
  return (
    <>
      <ul className="mt-6 grid gap-6">
        {orders.map((order) => (
          <li key={order.id}>
            <OrderCard order={order} />
          </li>
        ))}
      </ul>
      <LoadMore hasNextPage={query.hasNextPage} fetching={query.isFetchingNextPage} failed={query.isFetchNextPageError} onLoad={() => void query.fetchNextPage()} what="orders" />
    </>
  );
}

export default function OrdersPage() {
  const { t } = useTexts();
  const { user, isLoading } = useCurrentUser();
  useDocumentTitle(t('ordersPage.title'));

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 lg:px-8">
      <Link href={paths.home} className={buttonClasses('ghost', 'sm', '-ml-3')}>
        <ArrowLeftIcon className="h-4 w-4" />
        {t('ordersPage.back')}
      </Link>
      <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-slate-900">{t('ordersPage.title')}</h1>
      {isLoading ? <OrdersSkeleton /> : user === null ? <div className="mt-6"><LoginPrompt /></div> : <Orders />}
    </div>
  );
}
