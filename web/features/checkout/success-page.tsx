/**
 * /success?session_id= (docs/product/screens.md#payment-result): polls the payment status while pending, then shows the
 * vouchers with code, PIN and QR, Download and Share, and how to use them.
 */
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useSearch } from 'wouter';
import type { PaymentStatusAnswer } from '../../../contract/checkout';
import type { OrderGroup } from '../../../contract/groups';
import { paths } from '../../../contract/routes';
import { Button, buttonClasses } from '../../components/ui/button';
import { AlertIcon, CheckCircleIcon, ClockIcon, SpinnerIcon, UserIcon, UsersIcon } from '../../components/ui/icons';
import { StatePanel } from '../../components/ui/panel';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentUser, openLoginDialog } from '../auth';
import { paymentStatusQueryOptions } from './api/get-payment-status';
import { AllVouchersLink, Frame, HomeLink, SuccessSkeleton } from './components/success-frame';
import { SuccessView } from './components/success-view';
import { useOnPaid } from './use-on-paid';

function failedMessage(answer: PaymentStatusAnswer): string {
  const { status } = answer.order;
  if (answer.group?.status === 'failed') return 'This group did not fill in time, so your payment was refunded and no voucher was issued.';
  if (status === 'refunded') return 'The deal sold out before your payment completed, so your payment was refunded and no voucher was issued.';
  if (status === 'cancelled') return 'This checkout was cancelled before payment, so nothing was charged and no voucher was issued.';
  return 'This checkout expired before the payment went through, so nothing was charged and no voucher was issued.';
}

function PaymentStatusView({ sessionId }: { sessionId: string }) {
  const query = useQuery(paymentStatusQueryOptions(sessionId));
  useOnPaid(query.data);

  if (query.isPending) return <SuccessSkeleton />;
  if (query.isError) {
    return (
      <Frame>
        <StatePanel
          heading="h1"
          icon={<AlertIcon className="h-7 w-7" />}
          tone="danger"
          title="Error Loading Payment Status"
          message="There was an issue retrieving your payment information."
        >
          <Button onClick={() => void query.refetch()} disabled={query.isFetching}>
            Try Again
          </Button>
          <HomeLink />
        </StatePanel>
      </Frame>
    );
  }

  const answer = query.data;
  if (answer.status === 'pending') {
    return (
      <Frame>
        <StatePanel
          heading="h1"
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
        <StatePanel heading="h1" icon={<ClockIcon className="h-7 w-7" />} tone="neutral" title="Payment Not Completed" message={failedMessage(answer)}>
          <Link href={paths.cart} className={buttonClasses('primary')}>
            Back to Cart
          </Link>
          <HomeLink />
        </StatePanel>
      </Frame>
    );
  }
  // A group's vouchers come when it forms; until then the payment holds the customer's place in it.
  if (answer.group !== null && answer.group.status !== 'formed' && answer.vouchers.length === 0) {
    return <GroupWaiting group={answer.group} />;
  }
  if (answer.vouchers.length === 0 || answer.deal === null) {
    return (
      <Frame>
        <StatePanel
          heading="h1"
          icon={<AlertIcon className="h-7 w-7" />}
          tone="danger"
          title="Voucher Not Found"
          message="Your payment was successful but we couldn't generate your voucher."
        >
          <AllVouchersLink />
          <HomeLink />
        </StatePanel>
      </Frame>
    );
  }
  return <SuccessView answer={answer} />;
}

/** Paid for a place in a group that is still open (or has just failed and is being refunded). */
function GroupWaiting({ group }: { group: OrderGroup }) {
  const failed = group.status === 'failed';
  return (
    <Frame>
      <StatePanel
        heading="h1"
        icon={failed ? <ClockIcon className="h-7 w-7" /> : <CheckCircleIcon className="h-7 w-7" />}
        tone={failed ? 'neutral' : 'brand'}
        title={failed ? 'Group Did Not Fill' : 'Payment Successful!'}
        message={
          <p role="status">
            {failed
              ? 'This group did not fill in time, so your payment is being refunded and no voucher was issued.'
              : group.waitingFor > 0
                ? `You're in the group — waiting for ${group.waitingFor} more. Your voucher arrives in My Vouchers as soon as the group is full.`
                : "You're in the group, and it is full. Your voucher is on its way."}
          </p>
        }
      >
        <Link href={paths.group(group.id)} className={buttonClasses('primary')}>
          <UsersIcon className="h-4 w-4" />
          View your group
        </Link>
        <HomeLink />
      </StatePanel>
    </Frame>
  );
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
        <StatePanel heading="h1" icon={<UserIcon className="h-7 w-7" />} title="Please Login First" message="Log in to see your payment and vouchers.">
          <Button onClick={() => openLoginDialog({ next: `${location}?${search}` })}>Login</Button>
        </StatePanel>
      </Frame>
    );
  }
  return <PaymentStatusView sessionId={sessionId} />;
}
