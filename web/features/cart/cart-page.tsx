/**
 * /cart (docs/product/screens.md#cart): the local cart with live deal data, quantities within each deal's limits and what
 * the customer may still buy of it, the order summary and Checkout Now.
 */
import { type ReactNode } from 'react';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import { paths } from '../../../contract/routes';
import { Button, buttonClasses } from '../../components/ui/button';
import { ArrowLeftIcon, CartIcon, TrashIcon, UserIcon } from '../../components/ui/icons';
import { StatePanel } from '../../components/ui/panel';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { isApiError } from '../../lib/api-client';
import { clearCart } from '../../lib/cart-storage';
import { Trans } from 'react-i18next';
import { useT } from '../../i18n';
import { formatCount } from '../../lib/numbers';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentUser, openLoginDialog, useRequireSignIn } from '../auth';
import { useStartCheckout } from '../checkout';
import { dealAllowanceQueryOptions, dealQueryOptions, invalidateAllowances } from '../deals';
import { buildCartLines, summarizeCart } from './cart-lines';
import { CartLineItem } from './components/cart-line-item';
import { OrderSummary } from './components/order-summary';
import { useCart } from './use-cart';

function BackLink() {
  const { t } = useT('cart');
  return (
    <Link href={paths.home} className={buttonClasses('ghost', 'sm', '-ml-3')}>
      <ArrowLeftIcon className="h-4 w-4" />
      {t('page.continueShopping')}
    </Link>
  );
}

export default function CartPage() {
  const items = useCart();
  const { user, isLoading } = useCurrentUser();
  const checkout = useStartCheckout();
  const requireSignIn = useRequireSignIn();
  const { t } = useT('cart');
  useDocumentTitle(t('page.title'));

  const lookups = useQueries({
    queries: items.map((item) => ({ ...dealQueryOptions(item.dealId), enabled: user !== null })),
    combine: (results) =>
      results.map((result) => ({
        data: result.data,
        isPending: result.isPending && result.fetchStatus !== 'idle',
        isGone: isApiError(result.error, 404) || isApiError(result.error, 400),
      })),
  });
  // Each deal's allowance of the customer: a line never offers more than they may still buy (checkout judges again).
  const customer = user?.role === 'customer';
  const allowances = useQueries({
    queries: items.map((item) => ({ ...dealAllowanceQueryOptions(item.dealId), enabled: customer })),
    combine: (results) => results.map((result) => (customer ? result.data : undefined)),
  });
  const queryClient = useQueryClient();
  const lines = buildCartLines(items, lookups, allowances);
  const summary = summarizeCart(lines);
  const blocked = lines.some((line) => line.unavailable || line.quantity > line.max);

  const startCheckout = async () => {
    const signedIn = await requireSignIn({ next: paths.cart, reason: 'checkout', notice: { title: t('toasts.loginTitle'), description: t('toasts.loginToCheckOut') } });
    if (signedIn === null) return;
    if (lines.length === 0) {
      toast({ title: t('toasts.emptyTitle'), description: t('toasts.emptyDescription') });
      return;
    }
    checkout.mutate(
      {
        body: { items: lines.map((line) => ({ dealId: line.dealId, quantity: line.quantity })) },
        valueCents: summary.incomplete ? null : summary.totalCents,
      },
      // A refusal may come from units bought or held since the cart read them (another tab, another device): read them again.
      { onError: () => void invalidateAllowances(queryClient) },
    );
  };

  const clear = () => {
    clearCart();
    toast({ title: t('toasts.clearedTitle'), description: t('toasts.clearedDescription') });
  };

  let body: ReactNode;
  if (isLoading) {
    body = (
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_360px]" aria-busy="true">
        <p className="sr-only" role="status">
          {t('page.loading')}
        </p>
        <Skeleton className="h-36 w-full rounded-2xl" />
        <Skeleton className="h-64 w-full rounded-2xl" />
      </div>
    );
  } else if (user === null) {
    body = (
      <StatePanel icon={<UserIcon className="h-7 w-7" />} title={t('page.loginTitle')} message={t('page.loginMessage')}>
        <Button onClick={() => openLoginDialog({ next: paths.cart })}>{t('page.login')}</Button>
        <Link href={paths.home} className={buttonClasses('outline')}>
          {t('page.browseDeals')}
        </Link>
      </StatePanel>
    );
  } else if (lines.length === 0) {
    body = (
      <StatePanel icon={<CartIcon className="h-7 w-7" />} title={t('page.emptyTitle')} message={t('page.emptyMessage')}>
        <Link href={paths.home} className={buttonClasses('primary')}>
          {t('page.browseDeals')}
        </Link>
      </StatePanel>
    );
  } else {
    body = (
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_360px] lg:gap-8">
        <section aria-labelledby="cart-items-title">
          <div className="flex items-center justify-between gap-3">
            <h2 id="cart-items-title" className="text-lg font-semibold text-slate-900">
              <Trans t={t} i18nKey="page.items" values={{ units: formatCount(summary.units) }} components={{ muted: <span className="text-slate-600" /> }} />
            </h2>
            <Button variant="ghost" size="sm" onClick={clear}>
              <TrashIcon className="h-4 w-4" />
              {t('page.clearCart')}
            </Button>
          </div>
          <ul className="mt-3 space-y-4">
            {lines.map((line) => (
              <CartLineItem key={line.dealId} line={line} />
            ))}
          </ul>
        </section>

        <OrderSummary summary={summary} blocked={blocked} pending={checkout.isPending} onCheckout={() => void startCheckout()} />
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      <BackLink />
      <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-slate-900">{t('page.title')}</h1>
      {body}
    </div>
  );
}
