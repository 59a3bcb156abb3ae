/**
 * /success?session_id= (docs/product/screens.md#payment-result): polls the payment status while pending, then shows the
 * vouchers with code, PIN and QR, Download and Share, and how to use them.
 */
import { useEffect, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useSearch } from 'wouter';
import type { PaymentStatusAnswer, Voucher } from '../../../contract/checkout';
import { paths } from '../../../contract/routes';
import { RichText } from '../../components/rich-text';
import { Button, buttonClasses } from '../../components/ui/button';
import { AlertIcon, TicketIcon } from '../../components/ui/icons';
import { CalendarIcon, CheckCircleIcon, ClockIcon, DownloadIcon, HomeIcon, ShareIcon, SpinnerIcon, UserIcon } from '../../components/ui/more-icons';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { track } from '../../lib/analytics';
import { removeDealsFromCart } from '../../lib/cart-storage';
import { formatMoney } from '../../lib/money';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentUser, openLoginDialog } from '../auth';
import { DealImage } from '../deals';
import { CopyCodeButton, QrImage, downloadVoucher, shareVoucher, orderNumber, validityStatement } from '../vouchers';
import { paymentStatusQueryOptions } from './api/get-payment-status';

function Frame({ children }: { children: ReactNode }) {
  return <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8">{children}</div>;
}

function Panel({ icon, tone = 'brand', title, message, children }: {
  icon: ReactNode;
  tone?: 'brand' | 'danger' | 'neutral';
  title: string;
  message: ReactNode;
  children?: ReactNode;
}) {
  const ring = tone === 'danger' ? 'bg-red-50 text-red-700' : tone === 'neutral' ? 'bg-slate-100 text-slate-700' : 'bg-brand-50 text-brand-700';
  return (
    <div className="mx-auto max-w-lg surface px-6 py-14 text-center">
      <span className={`mx-auto grid h-14 w-14 place-items-center rounded-full ${ring}`}>{icon}</span>
      <h1 className="mt-5 text-2xl font-bold text-slate-900">{title}</h1>
      <div className="mt-2 text-slate-600">{message}</div>
      {children ? <div className="mt-6 flex flex-wrap justify-center gap-3">{children}</div> : null}
    </div>
  );
}

function HomeLink({ variant = 'outline' }: { variant?: 'outline' | 'primary' | 'ghost' }) {
  return (
    <Link href={paths.home} className={buttonClasses(variant)}>
      <HomeIcon className="h-4 w-4" />
      Back to Home
    </Link>
  );
}

function AllVouchersLink({ variant = 'primary' }: { variant?: 'outline' | 'primary' }) {
  return (
    <Link href={paths.accountVouchers} className={buttonClasses(variant)}>
      <TicketIcon className="h-4 w-4" />
      View All My Vouchers
    </Link>
  );
}

function SuccessSkeleton() {
  return (
    <Frame>
      <div aria-busy="true">
        <p className="sr-only" role="status">
          Loading your payment…
        </p>
        <Skeleton className="mx-auto h-40 w-full max-w-2xl rounded-2xl" />
        <div className="mt-6 grid gap-6 md:grid-cols-2">
          <Skeleton className="h-80 w-full rounded-2xl" />
          <Skeleton className="h-80 w-full rounded-2xl" />
        </div>
      </div>
    </Frame>
  );
}

function VoucherTicket({ voucher }: { voucher: Voucher }) {
  const titleId = `ticket-${voucher.id}`;
  const share = async () => {
    const outcome = await shareVoucher(voucher);
    if (outcome === 'failed') {
      toast({ title: 'Share failed', description: 'Your browser did not allow sharing or copying the voucher.', variant: 'destructive' });
    }
  };

  return (
    <article aria-labelledby={titleId} className="flex flex-col surface p-5 sm:p-6">
      <div className="flex items-center gap-3">
        <DealImage
          deal={{ imageUrl: voucher.dealImage, title: voucher.dealTitle }}
          placeholder="small"
          width={56}
          height={56}
          className="h-14 w-14 shrink-0 rounded-xl bg-slate-100 object-cover"
        />
        <div className="min-w-0">
          <h2 id={titleId} className="font-semibold text-slate-900">
            {voucher.dealTitle}
          </h2>
          <p className="truncate text-sm text-slate-600">{voucher.merchantName}</p>
        </div>
      </div>

      <div className="mt-5 flex flex-col items-center gap-5 border-y border-dashed border-slate-300 py-5 sm:flex-row sm:items-center">
        <QrImage
          src={voucher.qrCodeUrl}
          alt={`QR code for voucher ${voucher.voucherCode}`}
          width={144}
          height={144}
          loading="lazy"
          className="h-36 w-36 shrink-0 rounded-lg ring-1 ring-slate-200"
        />
        <dl className="w-full space-y-3">
          <div>
            <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Voucher Code</dt>
            <dd className="flex items-center gap-1">
              <span className="font-mono text-2xl font-bold tracking-widest text-slate-900">{voucher.voucherCode}</span>
              <CopyCodeButton code={voucher.voucherCode} />
            </dd>
          </div>
          <div>
            <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">PIN</dt>
            <dd className="font-mono text-2xl font-bold tracking-widest text-slate-900">{voucher.voucherPin}</dd>
          </div>
        </dl>
      </div>

      <p className="mt-4 flex items-center gap-2 text-sm text-slate-700">
        <CalendarIcon className="h-4 w-4 shrink-0 text-slate-500" />
        {validityStatement(voucher)}
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => downloadVoucher(voucher)}>
          <DownloadIcon className="h-4 w-4" />
          Download Voucher<span className="sr-only"> {voucher.voucherCode}</span>
        </Button>
        <Button variant="outline" size="sm" onClick={() => void share()}>
          <ShareIcon className="h-4 w-4" />
          Share<span className="sr-only"> voucher {voucher.voucherCode}</span>
        </Button>
      </div>
    </article>
  );
}

function HowToUse({ vouchers }: { vouchers: Voucher[] }) {
  // One set of merchant instructions per deal, however many vouchers of it were bought.
  const deals = [...new Map(vouchers.map((voucher) => [voucher.dealId, voucher])).values()].filter(
    (voucher) => voucher.redemptionInstructions.trim() !== '',
  );
  return (
    <section aria-labelledby="how-to-title" className="mt-8 surface p-6 sm:p-8">
      <h2 id="how-to-title" className="text-xl font-bold text-slate-900">
        How to Use Your Voucher
      </h2>
      <ol className="mt-4 grid gap-4 sm:grid-cols-3">
        {[
          ['Visit the merchant', 'Go to the merchant before your voucher expires. Book ahead where the deal asks you to.'],
          ['Show your voucher', 'Show the QR code, or tell the staff your voucher code and PIN.'],
          ['Enjoy your deal', 'The merchant redeems the voucher once. It then shows as Redeemed in My Vouchers.'],
        ].map(([title, text], index) => (
          <li key={title} className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
            <span aria-hidden="true" className="grid h-8 w-8 place-items-center rounded-full bg-brand-700 text-sm font-bold text-white">
              {index + 1}
            </span>
            <p className="mt-3 font-semibold text-slate-900">{title}</p>
            <p className="mt-1 text-sm text-slate-600">{text}</p>
          </li>
        ))}
      </ol>
      {deals.map((voucher) => (
        <div key={voucher.dealId} className="mt-5 rounded-xl bg-brand-50 p-4 ring-1 ring-brand-100">
          <h3 className="text-sm font-semibold text-brand-900">
            {voucher.dealTitle} at {voucher.merchantName}
          </h3>
          <RichText html={voucher.redemptionInstructions} className="mt-1 text-sm" />
        </div>
      ))}
    </section>
  );
}

function SuccessView({ answer }: { answer: PaymentStatusAnswer }) {
  const { order, vouchers } = answer;
  const count = vouchers.length;
  return (
    <Frame>
      <div className="mx-auto max-w-2xl text-center">
        <span className="mx-auto grid h-16 w-16 place-items-center rounded-full bg-emerald-50 text-emerald-700 ring-8 ring-emerald-50/60">
          <CheckCircleIcon className="h-9 w-9" />
        </span>
        <h1 className="mt-5 text-3xl font-extrabold tracking-tight text-slate-900">Payment Successful!</h1>
        <p className="mt-2 text-slate-600">
          {count === 1 ? 'Your voucher is ready.' : `Your ${count} vouchers are ready.`} We have also added{' '}
          {count === 1 ? 'it' : 'them'} to My Vouchers.
        </p>
        <dl className="mx-auto mt-5 flex max-w-md flex-wrap justify-center gap-x-8 gap-y-2 text-sm">
          <div>
            <dt className="text-slate-600">Order number</dt>
            <dd className="font-mono font-semibold text-slate-900">#{orderNumber(order.id)}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Total paid</dt>
            <dd className="font-semibold text-slate-900 tabular-nums">{formatMoney(order.totalCents)}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Vouchers</dt>
            <dd className="font-semibold text-slate-900 tabular-nums">{count}</dd>
          </div>
        </dl>
      </div>

      <div className="mt-8 grid gap-6 md:grid-cols-2">
        {vouchers.map((voucher) => (
          <VoucherTicket key={voucher.id} voucher={voucher} />
        ))}
      </div>

      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <AllVouchersLink />
        <HomeLink />
      </div>

      <HowToUse vouchers={vouchers} />
    </Frame>
  );
}

function failedMessage(status: PaymentStatusAnswer['order']['status']): string {
  if (status === 'refunded') return 'The deal sold out before your payment completed, so your payment was refunded and no voucher was issued.';
  if (status === 'cancelled') return 'This checkout was cancelled before payment, so nothing was charged and no voucher was issued.';
  return 'This checkout expired before the payment went through, so nothing was charged and no voucher was issued.';
}

/** Once a payment is known to be paid: the bought deals leave the cart and purchase_completed is recorded, once per order. */
function useOnPaid(answer: PaymentStatusAnswer | undefined) {
  const queryClient = useQueryClient();
  const paidOrder = answer?.status === 'paid' ? answer.order.id : null;

  useEffect(() => {
    if (!answer || paidOrder === null) return;
    removeDealsFromCart(answer.order.items.map((item) => item.dealId));
    void queryClient.invalidateQueries({ queryKey: ['/api/user/vouchers'] });
    const key = `purchase_completed:${paidOrder}`;
    let already = false;
    try {
      already = window.sessionStorage.getItem(key) !== null;
      window.sessionStorage.setItem(key, '1');
    } catch {
      // No session storage: the event may repeat on a reload, which is better than never sending it.
    }
    if (already) return;
    const first = answer.vouchers[0];
    track({
      event: 'purchase_completed',
      orderId: paidOrder,
      dealId: answer.deal?.id ?? first?.dealId ?? '',
      dealTitle: answer.deal?.title ?? first?.dealTitle ?? '',
      priceCents: answer.deal?.priceCents ?? first?.priceCents ?? 0,
      totalCents: answer.order.totalCents,
      voucherCount: answer.vouchers.length,
    });
    // Only the order id matters: the answer object changes on every poll, the order it describes does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [paidOrder]);
}

function PaymentStatusView({ sessionId }: { sessionId: string }) {
  const query = useQuery(paymentStatusQueryOptions(sessionId));
  useOnPaid(query.data);

  if (query.isPending) return <SuccessSkeleton />;
  if (query.isError) {
    return (
      <Frame>
        <Panel
          icon={<AlertIcon className="h-7 w-7" />}
          tone="danger"
          title="Error Loading Payment Status"
          message="There was an issue retrieving your payment information."
        >
          <Button onClick={() => void query.refetch()} disabled={query.isFetching}>
            Try Again
          </Button>
          <HomeLink />
        </Panel>
      </Frame>
    );
  }

  const answer = query.data;
  if (answer.status === 'pending') {
    return (
      <Frame>
        <Panel
          icon={<SpinnerIcon className="h-7 w-7" />}
          title="Processing Payment..."
          message={
            <p role="status">We are confirming your payment with the card provider. This page updates by itself in a moment.</p>
          }
        />
      </Frame>
    );
  }
  if (answer.status === 'failed') {
    return (
      <Frame>
        <Panel icon={<ClockIcon className="h-7 w-7" />} tone="neutral" title="Payment Not Completed" message={failedMessage(answer.order.status)}>
          <Link href={paths.cart} className={buttonClasses('primary')}>
            Back to Cart
          </Link>
          <HomeLink />
        </Panel>
      </Frame>
    );
  }
  if (answer.vouchers.length === 0 || answer.deal === null) {
    return (
      <Frame>
        <Panel
          icon={<AlertIcon className="h-7 w-7" />}
          tone="danger"
          title="Voucher Not Found"
          message="Your payment was successful but we couldn't generate your voucher."
        >
          <AllVouchersLink />
          <HomeLink />
        </Panel>
      </Frame>
    );
  }
  return <SuccessView answer={answer} />;
}

export default function SuccessPage() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const sessionId = new URLSearchParams(search).get('session_id');
  const { user, isLoading } = useCurrentUser();
  useDocumentTitle('Payment');

  useEffect(() => {
    if (!sessionId) navigate(paths.home, { replace: true });
  }, [sessionId, navigate]);

  if (!sessionId) return null;
  if (isLoading) return <SuccessSkeleton />;
  if (user === null) {
    return (
      <Frame>
        <Panel icon={<UserIcon className="h-7 w-7" />} title="Please Login First" message="Log in to see your payment and vouchers.">
          <Button onClick={() => openLoginDialog({ next: `${location}?${search}` })}>Login</Button>
        </Panel>
      </Frame>
    );
  }
  return <PaymentStatusView sessionId={sessionId} />;
}
