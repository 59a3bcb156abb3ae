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
import { openLoginDialog, useCurrentUser } from '../auth';
import { ordersQueryOptions } from './api/get-orders';
import { OrderCard } from './components/order-card';
import { LoadMore } from '../../components/ui/load-more';

function LoginPrompt() {
  const [location] = useLocation();
  return (
    <StatePanel icon={<UserIcon className="h-7 w-7" />} title="Please Login First" message="Please log in to view your orders">
      <Button onClick={() => openLoginDialog({ next: location })}>Login</Button>
    </StatePanel>
  );
}

function OrdersSkeleton() {
  return (
    <div className="mt-6 grid gap-6" aria-busy="true">
      <p className="sr-only" role="status">
        Loading your orders…
      </p>
      {[0, 1].map((key) => (
        <Skeleton key={key} className="h-64 w-full rounded-2xl" />
      ))}
    </div>
  );
}

function Orders() {
  const query = useInfiniteQuery(ordersQueryOptions);
  if (query.isPending) return <OrdersSkeleton />;
  if (query.isError && !query.data) {
    if (isApiError(query.error, 401)) return <LoginPrompt />;
    return (
      <StatePanel
        className="mt-6"
        state="error"
        icon={<AlertIcon className="h-7 w-7" />}
        title="Error Loading Orders"
        message="Your orders could not be loaded right now."
        onRetry={() => void query.refetch()}
        retryLabel="Try Again"
      />
    );
  }
  const orders = query.data.pages.flatMap((page) => page.orders);
  if (orders.length === 0) {
    return (
      <StatePanel className="mt-6" icon={<ReceiptIcon className="h-7 w-7" />} title="No orders yet" message="Orders you place show up here, with their vouchers and refunds.">
        <Link href={paths.home} className={buttonClasses('primary')}>
          Browse Deals
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
  const { user, isLoading } = useCurrentUser();
  useDocumentTitle('My Orders');

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 lg:px-8">
      <Link href={paths.home} className={buttonClasses('ghost', 'sm', '-ml-3')}>
        <ArrowLeftIcon className="h-4 w-4" />
        Back
      </Link>
      <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-slate-900">My Orders</h1>
      {isLoading ? <OrdersSkeleton /> : user === null ? <div className="mt-6"><LoginPrompt /></div> : <Orders />}
    </div>
  );
}
