/** /cart (docs/product/screens.md#cart): the local cart with live deal data, quantities within each deal's limits, the order summary and Checkout Now. */
import { useMemo, type ReactNode } from 'react';
import { useQueries } from '@tanstack/react-query';
import { Link } from 'wouter';
import { paths } from '../../../contract/routes';
import { Button, buttonClasses } from '../../components/ui/button';
import { AlertIcon, CartIcon } from '../../components/ui/icons';
import { ArrowLeftIcon, MinusIcon, PlusIcon, ShieldCheckIcon, SpinnerIcon, TrashIcon, UserIcon } from '../../components/ui/more-icons';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { track } from '../../lib/analytics';
import { isApiError } from '../../lib/api-client';
import { clearCart, removeFromCart, setCartQuantity } from '../../lib/cart-storage';
import { cn } from '../../lib/cn';
import { formatMoney } from '../../lib/money';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentUser, openLoginDialog } from '../auth';
import { useStartCheckout } from '../checkout';
import { dealQueryOptions, DealImage } from '../deals';
import { buildCartLines, summarizeCart, type CartLine } from './cart-lines';
import { limitHint, limitMessage } from './cart-limits';
import { useCart } from './use-cart';

/** Descriptions are stored HTML; a cart line shows a short plain-text taste of it (DOMParser runs nothing). */
function plainText(html: string | undefined): string {
  if (!html) return '';
  // A space after each block, so 'sashimi.</p><ul><li>Miso' does not read as 'sashimi.Miso'.
  const spaced = html.replace(/<\/(p|li|h3|h4|blockquote)>|<br\s*\/?>/gi, '$& ');
  return (new DOMParser().parseFromString(spaced, 'text/html').body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

function BackLink() {
  return (
    <Link href={paths.home} className={buttonClasses('ghost', 'sm', '-ml-3')}>
      <ArrowLeftIcon className="h-4 w-4" />
      Continue Shopping
    </Link>
  );
}

function StatePanel({ icon, title, message, children }: { icon: ReactNode; title: string; message: string; children: ReactNode }) {
  return (
    <div className="mx-auto mt-8 max-w-lg surface px-6 py-14 text-center">
      <span className="mx-auto grid h-14 w-14 place-items-center rounded-full bg-brand-50 text-brand-700">{icon}</span>
      <h2 className="mt-5 text-2xl font-bold text-slate-900">{title}</h2>
      <p className="mt-2 text-slate-600">{message}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">{children}</div>
    </div>
  );
}

function QuantityStepper({ line, title }: { line: CartLine; title: string }) {
  const atMax = line.quantity >= line.max;
  const hint = limitHint(line.deal, line.quantity);
  const over = line.quantity > line.max;

  const change = (next: number) => {
    if (next > line.max) {
      toast({ title: 'Cart limit reached', description: limitMessage(line.deal, line.max), variant: 'destructive' });
      return;
    }
    if (setCartQuantity(line.dealId, next) === 'removed') {
      toast({ title: 'Removed', description: `${title} was removed from your cart` });
    }
  };

  return (
    <div>
      <div role="group" aria-label={`Quantity of ${title}`} className="inline-flex items-center rounded-xl border border-slate-300 bg-white">
        <button
          type="button"
          className="grid h-10 w-10 place-items-center rounded-l-xl text-slate-700 hover:bg-slate-100 focus-ring"
          onClick={() => change(line.quantity - 1)}
          aria-label={line.quantity === 1 ? `Remove ${title}` : `Decrease quantity of ${title}`}
        >
          <MinusIcon className="h-4 w-4" />
        </button>
        <output className="w-10 text-center font-semibold text-slate-900 tabular-nums" aria-live="polite" aria-label={`Quantity: ${line.quantity}`}>
          {line.quantity}
        </output>
        <button
          type="button"
          className="grid h-10 w-10 place-items-center rounded-r-xl text-slate-700 hover:bg-slate-100 focus-ring disabled:cursor-not-allowed disabled:opacity-40"
          onClick={() => change(line.quantity + 1)}
          disabled={atMax}
          aria-label={`Increase quantity of ${title}`}
        >
          <PlusIcon className="h-4 w-4" />
        </button>
      </div>
      {hint ? <p className={cn('mt-1.5 text-xs', over ? 'font-semibold text-red-700' : 'text-slate-600')}>{hint}</p> : null}
    </div>
  );
}

function CartLineItem({ line }: { line: CartLine }) {
  const title = line.deal.title ?? 'Deal';
  const description = useMemo(() => plainText(line.deal.description), [line.deal.description]);
  const { priceCents, originalPriceCents } = line.deal;

  const remove = () => {
    removeFromCart(line.dealId);
    toast({ title: 'Removed', description: `${title} was removed from your cart` });
  };

  if (line.loading && line.deal.title === undefined) {
    return (
      <li className="surface flex gap-4 p-4" aria-busy="true">
        <Skeleton className="h-24 w-24 shrink-0 sm:h-28 sm:w-36" />
        <div className="flex-1 space-y-3">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-8 w-32" />
        </div>
      </li>
    );
  }

  return (
    <li className="surface flex gap-4 p-4 sm:p-5">
      <Link href={paths.deal(line.dealId)} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <DealImage
          deal={{ imageUrl: line.deal.imageUrl ?? '', title }}
          placeholder="small"
          width={144}
          height={112}
          loading="lazy"
          className="h-24 w-24 rounded-xl bg-slate-100 object-cover sm:h-28 sm:w-36"
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:gap-6">
        <div className="min-w-0 flex-1">
          <h2 className="text-base leading-snug font-semibold text-slate-900 sm:text-lg">
            <Link href={paths.deal(line.dealId)} className="rounded hover:text-brand-800 hover:underline focus-ring">
              {title}
            </Link>
          </h2>
          {description ? <p className="mt-1 line-clamp-2 text-sm text-slate-600">{description}</p> : null}
          <div className="mt-2 flex flex-wrap items-baseline gap-x-2">
            {priceCents !== undefined ? (
              <>
                <span className="sr-only">Price:</span>
                <span className="font-bold text-slate-900 tabular-nums">{formatMoney(priceCents)}</span>
              </>
            ) : null}
            {originalPriceCents !== undefined && originalPriceCents !== null ? (
              <>
                <span className="sr-only">Original price:</span>
                <s className="text-sm text-slate-500 tabular-nums">{formatMoney(originalPriceCents)}</s>
              </>
            ) : null}
          </div>
          {line.unavailable ? (
            <p className="mt-2 flex items-center gap-1.5 text-sm font-semibold text-red-700">
              <AlertIcon className="h-4 w-4" />
              {line.fresh?.soldOut ? 'Sold out' : 'No longer available'}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap items-start justify-between gap-3 sm:flex-col sm:items-end">
          <QuantityStepper line={line} title={title} />
          <div className="flex items-center gap-2 sm:flex-col sm:items-end">
            {line.lineTotalCents !== null ? (
              <p className="font-bold text-slate-900 tabular-nums">
                <span className="sr-only">Line total: </span>
                {formatMoney(line.lineTotalCents)}
              </p>
            ) : null}
            <Button variant="ghost" size="sm" onClick={remove} className="text-red-700 hover:bg-red-50 hover:text-red-800">
              <TrashIcon className="h-4 w-4" />
              Remove<span className="sr-only"> {title}</span>
            </Button>
          </div>
        </div>
      </div>
    </li>
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

        <section aria-labelledby="summary-title" className="surface p-6 lg:sticky lg:top-24">
          <h2 id="summary-title" className="text-lg font-bold text-slate-900">
            Order Summary
          </h2>
          <dl className="mt-4 space-y-3 text-sm">
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">
                Items ({summary.units} {summary.units === 1 ? 'unit' : 'units'})
              </dt>
              <dd className="font-medium text-slate-900 tabular-nums">{formatMoney(summary.totalCents)}</dd>
            </div>
            {summary.savingsCents > 0 ? (
              <div className="flex justify-between gap-4">
                <dt className="text-slate-600">You save</dt>
                <dd className="font-medium text-sale-700 tabular-nums">−{formatMoney(summary.savingsCents)}</dd>
              </div>
            ) : null}
            <div className="flex justify-between gap-4 border-t border-slate-200 pt-3 text-base">
              <dt className="font-semibold text-slate-900">Total</dt>
              <dd className="font-extrabold text-slate-900 tabular-nums">{formatMoney(summary.totalCents)}</dd>
            </div>
          </dl>
          {summary.incomplete ? <p className="mt-2 text-xs text-slate-600">Some prices are still loading.</p> : null}
          <Button
            size="lg"
            className="mt-6 w-full"
            onClick={startCheckout}
            disabled={checkout.isPending || blocked}
            aria-describedby={blocked ? 'checkout-blocked' : undefined}
          >
            {checkout.isPending ? <SpinnerIcon className="h-5 w-5" /> : null}
            Checkout Now
          </Button>
          {blocked ? (
            <p id="checkout-blocked" className="mt-2 text-sm text-red-700">
              Remove the items that are no longer available, or lower their quantity, to check out.
            </p>
          ) : null}
          <p className="mt-4 flex items-start gap-2 text-xs text-slate-600">
            <ShieldCheckIcon className="h-4 w-4 shrink-0 text-brand-700" />
            You pay on a secure card payment page. Your vouchers arrive right after payment.
          </p>
        </section>
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
