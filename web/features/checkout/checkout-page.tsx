/**
 * /checkout?session_id= (docs/product/screens.md#checkout, a real payment page since ADR 013): the built-in payment
 * provider's hosted page. It shows the held order, takes a card, and pays through the provider's API.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useSearch } from 'wouter';
import { SIMULATED_PAYMENT_MS } from '../../../contract/constants';
import type { TestCheckoutSession } from '../../../contract/checkout';
import { paths } from '../../../contract/routes';
import { Button, buttonClasses } from '../../components/ui/button';
import { AlertIcon } from '../../components/ui/icons';
import { ArrowLeftIcon, CheckCircleIcon, ClockIcon, CreditCardIcon, InfoIcon, LockIcon, SpinnerIcon, UserIcon } from '../../components/ui/more-icons';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { isApiError } from '../../lib/api-client';
import { removeDealsFromCart } from '../../lib/cart-storage';
import { cn } from '../../lib/cn';
import { formatClockTime, formatIso } from '../../lib/date-format';
import { formatMoney } from '../../lib/money';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentUser, openLoginDialog } from '../auth';
import { DealImage } from '../deals';
import { checkoutSessionQueryOptions, payCheckoutSession, useCancelCheckoutSession, type CardPayment } from './api/checkout-session';
import { formatCardNumber, formatCvc, formatExpiry, missingCardFields, type CardFields } from './card-format';

const EMPTY_CARD: CardFields = { cardNumber: '', expiry: '', cvc: '', cardholderName: '' };

const FIELD_LABELS: Record<keyof CardFields, string> = {
  cardNumber: 'Card Number',
  expiry: 'Expiry Date (MM/YY)',
  cvc: 'CVV',
  cardholderName: 'Cardholder Name',
};

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A path on this site for an address the server built with its public origin; null for another site. */
function sameSitePath(url: string): string | null {
  try {
    const target = new URL(url, window.location.origin);
    return target.origin === window.location.origin ? `${target.pathname}${target.search}` : null;
  } catch {
    return null;
  }
}

function Shell({ children, onBack, backDisabled }: { children: ReactNode; onBack?: () => void; backDisabled?: boolean }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 lg:px-8">
      {onBack ? (
        <Button variant="ghost" size="sm" className="-ml-3" onClick={onBack} disabled={backDisabled}>
          <ArrowLeftIcon className="h-4 w-4" />
          Back to Cart
        </Button>
      ) : (
        <Link href={paths.cart} className={buttonClasses('ghost', 'sm', '-ml-3')}>
          <ArrowLeftIcon className="h-4 w-4" />
          Back to Cart
        </Link>
      )}
      {children}
    </div>
  );
}

function Panel({ icon, title, message, children }: { icon: ReactNode; title: string; message: string; children?: ReactNode }) {
  return (
    <div className="mx-auto mt-8 max-w-lg surface px-6 py-14 text-center">
      <span className="mx-auto grid h-14 w-14 place-items-center rounded-full bg-brand-50 text-brand-700">{icon}</span>
      <h1 className="mt-5 text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-600">{message}</p>
      {children ? <div className="mt-6 flex flex-wrap justify-center gap-3">{children}</div> : null}
    </div>
  );
}

function OrderDetails({ session }: { session: TestCheckoutSession }) {
  const { order } = session;
  const units = order.items.reduce((sum, item) => sum + item.quantity, 0);
  return (
    <section aria-labelledby="order-details-title" className="surface p-6">
      <h2 id="order-details-title" className="text-lg font-bold text-slate-900">
        Order Details
      </h2>
      <ul className="mt-4 divide-y divide-slate-100">
        {order.items.map((item) => (
          <li key={item.dealId} className="flex items-center gap-4 py-3 first:pt-0 last:pb-0">
            <DealImage
              deal={{ imageUrl: item.imageUrl, title: item.title }}
              placeholder="small"
              width={64}
              height={64}
              className="h-16 w-16 shrink-0 rounded-lg bg-slate-100 object-cover"
            />
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-slate-900">{item.title}</p>
              <p className="text-sm text-slate-600 tabular-nums">
                {item.quantity} × {formatMoney(item.unitPriceCents)}
              </p>
            </div>
            <p className="font-semibold text-slate-900 tabular-nums">
              <span className="sr-only">Line total: </span>
              {formatMoney(item.quantity * item.unitPriceCents)}
            </p>
          </li>
        ))}
      </ul>
      <dl className="mt-5 space-y-2 border-t border-slate-200 pt-4 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">
            Items ({units} {units === 1 ? 'voucher' : 'vouchers'})
          </dt>
          <dd className="text-slate-900 tabular-nums">{formatMoney(order.totalCents)}</dd>
        </div>
        <div className="flex justify-between gap-4 text-base">
          <dt className="font-semibold text-slate-900">Total</dt>
          <dd className="font-extrabold text-slate-900 tabular-nums">{formatMoney(order.totalCents)}</dd>
        </div>
      </dl>
      <HoldNote expiresAt={order.expiresAt} />
    </section>
  );
}

function HoldNote({ expiresAt }: { expiresAt: string }) {
  const until = formatIso(expiresAt, formatClockTime);
  if (until === '') return null;
  return (
    <p className="mt-4 flex items-center gap-2 text-sm text-slate-600">
      <ClockIcon className="h-4 w-4 shrink-0 text-slate-500" />
      Your vouchers are held for you until {until}.
    </p>
  );
}

interface FieldProps {
  name: keyof CardFields;
  value: string;
  invalid: boolean;
  onChange: (value: string) => void;
  autoComplete: string;
  placeholder: string;
  inputMode?: 'numeric' | 'text';
  maxLength: number;
  className?: string;
}

function CardField({ name, value, invalid, onChange, autoComplete, placeholder, inputMode = 'text', maxLength, className }: FieldProps) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {FIELD_LABELS[name]}
      </label>
      <input
        id={id}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete={autoComplete}
        placeholder={placeholder}
        inputMode={inputMode}
        maxLength={maxLength}
        required
        aria-invalid={invalid || undefined}
        className={cn(
          'mt-1.5 block h-11 w-full rounded-xl border bg-white px-3.5 text-slate-900 placeholder:text-slate-500 focus:outline-2 focus:outline-offset-1 focus:outline-brand-600 disabled:bg-slate-50 disabled:text-slate-700',
          invalid ? 'border-red-600' : 'border-slate-300',
          name !== 'cardholderName' && 'tabular-nums tracking-wide',
        )}
      />
    </div>
  );
}

function PaymentForm({ session }: { session: TestCheckoutSession }) {
  const [card, setCard] = useState<CardFields>(EMPTY_CARD);
  const [invalid, setInvalid] = useState<Array<keyof CardFields>>([]);
  const missingToast = useRef<{ dismiss: () => void } | null>(null);
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const cancel = useCancelCheckoutSession(session.id);

  const pay = useMutation({
    // The provider answers at once; the page still shows its processing state for the time docs/product/constants.md#screen-timings gives it.
    mutationFn: async (payment: CardPayment) => {
      const [answer] = await Promise.allSettled([payCheckoutSession(session.id, payment), wait(SIMULATED_PAYMENT_MS)]);
      if (answer.status === 'rejected') throw answer.reason;
      return answer.value;
    },
    onSuccess: async (answer) => {
      removeDealsFromCart(session.order.items.map((item) => item.dealId));
      toast({ title: '支付成功', description: 'Payment successful. Your vouchers are ready.', variant: 'success' });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['/api/user/vouchers'] }),
        queryClient.invalidateQueries({ queryKey: ['/api/deals'] }),
      ]);
      const path = sameSitePath(answer.successUrl);
      if (path) navigate(path);
      else window.location.assign(answer.successUrl);
    },
    onError: (error) => {
      const description =
        isApiError(error) && error.status < 500 && error.serverMessage.trim() !== ''
          ? error.serverMessage
          : 'The payment did not go through. Please try again.';
      toast({ title: '支付失败', description, variant: 'destructive' });
      // The session may have lapsed meanwhile; reading it again shows that instead of a form that cannot work.
      if (isApiError(error, 409)) void queryClient.invalidateQueries({ queryKey: checkoutSessionQueryOptions(session.id).queryKey });
    },
  });

  const busy = pay.isPending || pay.isSuccess;

  const update = (name: keyof CardFields, value: string) => {
    setCard((previous) => {
      let next = value;
      if (name === 'cardNumber') next = formatCardNumber(value);
      else if (name === 'expiry') next = formatExpiry(value, previous.expiry);
      else if (name === 'cvc') next = formatCvc(value);
      return { ...previous, [name]: next };
    });
    setInvalid((previous) => previous.filter((field) => field !== name));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const missing = missingCardFields(card);
    if (missing.length > 0) {
      setInvalid(missing);
      missingToast.current = toast({
        title: '请填写完整的支付信息',
        description: 'Please fill in the card number, expiry date, CVV and cardholder name.',
        variant: 'destructive',
      });
      const first = missing[0];
      const field = first ? event.currentTarget.elements.namedItem(first) : null;
      if (field instanceof HTMLInputElement) field.focus();
      return;
    }
    missingToast.current?.dismiss();
    pay.mutate({ ...card, cardholderName: card.cardholderName.trim() });
  };

  const back = async () => {
    // Release the held units before leaving; leaving matters more than whether the release call succeeded.
    await cancel.mutateAsync().catch(() => undefined);
    navigate(paths.cart);
  };

  return (
    <Shell onBack={() => void back()} backDisabled={busy || cancel.isPending}>
      <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-slate-900">Checkout</h1>
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_420px] lg:gap-8">
        <OrderDetails session={session} />

        <form onSubmit={submit} noValidate aria-labelledby="payment-title" className="surface p-6">
          <h2 id="payment-title" className="text-lg font-bold text-slate-900">
            Payment
          </h2>
          <fieldset disabled={busy} className="mt-4 space-y-5">
            <fieldset>
              <legend className="text-sm font-medium text-slate-800">Payment Method</legend>
              <label className="mt-1.5 flex cursor-pointer items-center gap-3 rounded-xl border-2 border-brand-600 bg-brand-50 px-4 py-3">
                <input type="radio" name="method" value="card" checked readOnly className="h-4 w-4 accent-brand-700" />
                <CreditCardIcon className="h-5 w-5 text-brand-800" />
                <span className="font-semibold text-slate-900">Credit / Debit Card</span>
              </label>
            </fieldset>

            <CardField
              name="cardNumber"
              value={card.cardNumber}
              invalid={invalid.includes('cardNumber')}
              onChange={(value) => update('cardNumber', value)}
              autoComplete="cc-number"
              placeholder="1234 5678 9012 3456"
              inputMode="numeric"
              maxLength={23}
            />
            <div className="grid grid-cols-2 gap-4">
              <CardField
                name="expiry"
                value={card.expiry}
                invalid={invalid.includes('expiry')}
                onChange={(value) => update('expiry', value)}
                autoComplete="cc-exp"
                placeholder="MM/YY"
                inputMode="numeric"
                maxLength={5}
              />
              <CardField
                name="cvc"
                value={card.cvc}
                invalid={invalid.includes('cvc')}
                onChange={(value) => update('cvc', value)}
                autoComplete="cc-csc"
                placeholder="123"
                inputMode="numeric"
                maxLength={4}
              />
            </div>
            <CardField
              name="cardholderName"
              value={card.cardholderName}
              invalid={invalid.includes('cardholderName')}
              onChange={(value) => update('cardholderName', value)}
              autoComplete="cc-name"
              placeholder="Name on the card"
              maxLength={100}
            />
          </fieldset>

          <div className="mt-6 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
            <h3 className="text-sm font-semibold text-slate-900">Order Summary</h3>
            <dl className="mt-2 flex justify-between gap-4">
              <dt className="text-slate-600">Total to pay</dt>
              <dd className="text-xl font-extrabold text-slate-900 tabular-nums">{formatMoney(session.order.totalCents)}</dd>
            </dl>
          </div>

          <Button type="submit" size="lg" className="mt-5 w-full" disabled={busy} aria-describedby="test-cards">
            {busy ? <SpinnerIcon className="h-5 w-5" /> : <LockIcon className="h-5 w-5" />}
            {busy ? 'Processing…' : 'Confirm Payment'}
          </Button>
          <p role="status" className="mt-2 min-h-5 text-center text-sm text-slate-700">
            {busy ? 'Processing your payment, please wait…' : ''}
          </p>

          <div id="test-cards" className="mt-3 flex gap-3 rounded-xl bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-200">
            <InfoIcon className="mt-0.5 h-5 w-5 shrink-0 text-amber-800" />
            <div>
              <p className="font-semibold">Test payment: no real money moves.</p>
              <p className="mt-1">
                Pay with <span className="font-mono font-semibold whitespace-nowrap">4242 4242 4242 4242</span>; see a decline with{' '}
                <span className="font-mono font-semibold whitespace-nowrap">4000 0000 0000 0002</span>. Use any future expiry date, any
                3-digit CVV and any name.
              </p>
            </div>
          </div>
        </form>
      </div>
    </Shell>
  );
}

function CheckoutSkeleton() {
  return (
    <Shell>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_420px]" aria-busy="true">
        <p className="sr-only" role="status">
          Loading checkout…
        </p>
        <Skeleton className="h-72 w-full rounded-2xl" />
        <Skeleton className="h-[28rem] w-full rounded-2xl" />
      </div>
    </Shell>
  );
}

function SessionView({ sessionId }: { sessionId: string }) {
  const query = useQuery(checkoutSessionQueryOptions(sessionId));
  const [location] = useLocation();

  if (query.isPending) return <CheckoutSkeleton />;
  if (query.isError) {
    if (isApiError(query.error, 404) || isApiError(query.error, 400)) {
      return (
        <Shell>
          <Panel icon={<AlertIcon className="h-7 w-7" />} title="Checkout Not Found" message="This payment link is not valid for your account.">
            <Link href={paths.cart} className={buttonClasses('primary')}>
              Go to Cart
            </Link>
          </Panel>
        </Shell>
      );
    }
    if (isApiError(query.error, 401)) {
      return <LoginRequired next={location} />;
    }
    return (
      <Shell>
        <Panel icon={<AlertIcon className="h-7 w-7" />} title="Checkout could not be loaded" message="Something went wrong on our side. Please try again.">
          <Button onClick={() => void query.refetch()}>Try Again</Button>
        </Panel>
      </Shell>
    );
  }

  const session = query.data;
  if (session.status === 'complete') {
    const successPath = sameSitePath(session.successUrl) ?? paths.success;
    return (
      <Shell>
        <Panel icon={<CheckCircleIcon className="h-7 w-7" />} title="This order is already paid" message="Your vouchers are waiting for you.">
          <Link href={successPath} className={buttonClasses('primary')}>
            View Vouchers
          </Link>
        </Panel>
      </Shell>
    );
  }
  if (session.status === 'expired') {
    return (
      <Shell>
        <Panel
          icon={<ClockIcon className="h-7 w-7" />}
          title="This checkout has expired"
          message="It was cancelled or not paid in time, so the deals were released. Nothing was charged. Check out again from your cart."
        >
          <Link href={paths.cart} className={buttonClasses('primary')}>
            Back to Cart
          </Link>
        </Panel>
      </Shell>
    );
  }
  return <PaymentForm session={session} />;
}

function LoginRequired({ next }: { next: string }) {
  return (
    <Shell>
      <Panel icon={<UserIcon className="h-7 w-7" />} title="Please Login First" message="Log in to pay for your order.">
        <Button onClick={() => openLoginDialog({ next })}>Login</Button>
      </Panel>
    </Shell>
  );
}

export default function CheckoutPage() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const sessionId = new URLSearchParams(search).get('session_id');
  const { user, isLoading } = useCurrentUser();
  useDocumentTitle('Checkout');

  useEffect(() => {
    // Nothing to pay without a session: the cart is where a checkout starts.
    if (!sessionId) navigate(paths.cart, { replace: true });
  }, [sessionId, navigate]);

  if (!sessionId) return null;
  if (isLoading) return <CheckoutSkeleton />;
  if (user === null) return <LoginRequired next={`${location}?${search}`} />;
  return <SessionView sessionId={sessionId} />;
}
