/** /cart (docs/product/screens.md#cart): the local cart with live deal data, quantities within each deal's limits, the order summary and Checkout Now. */
import { type ReactNode } from 'react';
import { useQueries } from '@tanstack/react-query';
import { Link } from 'wouter';
import { paths } from '../../../contract/routes';
import { Button, buttonClasses } from '../../components/ui/button';
import { ArrowLeftIcon, CartIcon, TrashIcon, UserIcon } from '../../components/ui/icons';
import { StatePanel } from '../../components/ui/panel';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { track } from '../../lib/analytics';
import { isApiError } from '../../lib/api-client';
import { clearCart } from '../../lib/cart-storage';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentUser, openLoginDialog } from '../auth';
import { useStartCheckout } from '../checkout';
import { dealQueryOptions } from '../deals';
import { buildCartLines, summarizeCart } from './cart-lines';
import { CartLineItem } from './components/cart-line-item';
import { OrderSummary } from './components/order-summary';
import { useCart } from './use-cart';

function BackLink() {
  return (
    <Link href={paths.home} className={buttonClasses('ghost', 'sm', '-ml-3')}>
      <ArrowLeftIcon className="h-4 w-4" />
      Continue Shopping
    </Link>
  );
}

export default function CartPage() {
  const items = useCart();
  const { user, isLoading } = useCurrentUser();
  const checkout = useStartCheckout();
  useDocumentTitle('Shopping Cart');

  const lookups = useQueries({
    queries: items.map((item) => ({ ...dealQueryOptions(item.dealId), enabled: user !== null })),
    combine: (results) =>
      results.map((result) => ({
        data: result.data,
        isPending: result.isPending && result.fetchStatus !== 'idle',
        isGone: isApiError(result.error, 404) || isApiError(result.error, 400),
      })),
  });
  const lines = buildCartLines(items, lookups);
  const summary = summarizeCart(lines);
  const blocked = lines.some((line) => line.unavailable || line.quantity > line.max);

  const startCheckout = () => {
    if (user === null) {
      track({ event: 'login_required', reason: 'checkout' });
      toast({ title: 'Please Login First', description: 'Please login to check out' });
      openLoginDialog({ next: paths.cart });
      return;
    }
    if (lines.length === 0) {
      toast({ title: 'Cart is Empty', description: 'Add some deals to your cart first' });
      return;
    }
    checkout.mutate({
      body: { items: lines.map((line) => ({ dealId: line.dealId, quantity: line.quantity })) },
      valueCents: summary.incomplete ? null : summary.totalCents,
    });
  };

  const clear = () => {
    clearCart();
    toast({ title: 'Cart cleared', description: 'Every item was removed from your cart' });
  };

  let body: ReactNode;
  if (isLoading) {
    body = (
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_360px]" aria-busy="true">
        <p className="sr-only" role="status">
          Loading your cart…
        </p>
        <Skeleton className="h-36 w-full rounded-2xl" />
        <Skeleton className="h-64 w-full rounded-2xl" />
      </div>
    );
  } else if (user === null) {
    body = (
      <StatePanel icon={<UserIcon className="h-7 w-7" />} title="Please Login First" message="Log in to see your cart and check out.">
        <Button onClick={() => openLoginDialog({ next: paths.cart })}>Login</Button>
        <Link href={paths.home} className={buttonClasses('outline')}>
          Browse Deals
        </Link>
      </StatePanel>
    );
  } else if (lines.length === 0) {
    body = (
      <StatePanel icon={<CartIcon className="h-7 w-7" />} title="Your Cart is Empty" message="Find a deal you like and add it to your cart.">
        <Link href={paths.home} className={buttonClasses('primary')}>
          Browse Deals
        </Link>
      </StatePanel>
    );
  } else {
    body = (
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_360px] lg:gap-8">
        <section aria-labelledby="cart-items-title">
          <div className="flex items-center justify-between gap-3">
            <h2 id="cart-items-title" className="text-lg font-semibold text-slate-900">
              Items <span className="text-slate-600">({summary.units})</span>
            </h2>
            <Button variant="ghost" size="sm" onClick={clear}>
              <TrashIcon className="h-4 w-4" />
              Clear Cart
            </Button>
          </div>
          <ul className="mt-3 space-y-4">
            {lines.map((line) => (
              <CartLineItem key={line.dealId} line={line} />
            ))}
          </ul>
        </section>

        <OrderSummary summary={summary} blocked={blocked} pending={checkout.isPending} onCheckout={startCheckout} />
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      <BackLink />
      <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-slate-900">Shopping Cart</h1>
      {body}
    </div>
  );
}
