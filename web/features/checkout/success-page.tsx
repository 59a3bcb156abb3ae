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
import { translate, useT } from '../../i18n';
import { formatCount } from '../../lib/numbers';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentUser, openLoginDialog } from '../auth';
import { paymentStatusQueryOptions } from './api/get-payment-status';
import { AllVouchersLink, Frame, HomeLink, SuccessSkeleton } from './components/success-frame';
import { SuccessView } from './components/success-view';
import { useOnPaid } from './use-on-paid';

function failedMessage(answer: PaymentStatusAnswer): string {
  const { status } = answer.order;
  if (answer.group?.status === 'failed') return translate('checkout:result.failedGroup');
  if (status === 'refunded') return translate('checkout:result.failedRefunded');
  if (status === 'cancelled') return translate('checkout:result.failedCancelled');
  return translate('checkout:result.failedExpired');
}

function PaymentStatusView({ sessionId }: { sessionId: string }) {
  const query = useQuery(paymentStatusQueryOptions(sessionId));
  const { t } = useT('checkout');
  useOnPaid(query.data);

  if (query.isPending) return <SuccessSkeleton />;
  if (query.isError) {
    return (
      <Frame>
        <StatePanel
          heading="h1"
          icon={<AlertIcon className="h-7 w-7" />}
          tone="danger"
          title={t('result.errorTitle')}
          message={t('result.errorMessage')}
        >
          <Button onClick={() => void query.refetch()} disabled={query.isFetching}>
            {t('result.tryAgain')}
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
          title={t('result.pendingTitle')}
          message={<p role="status">{t('result.pendingMessage')}</p>}
        />
      </Frame>
    );
  }
  if (answer.status === 'failed') {
    return (
      <Frame>
        <StatePanel heading="h1" icon={<ClockIcon className="h-7 w-7" />} tone="neutral" title={t('result.failedTitle')} message={failedMessage(answer)}>
          <Link href={paths.cart} className={buttonClasses('primary')}>
            {t('result.backToCart')}
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
          title={t('result.noVoucherTitle')}
          message={t('result.noVoucherMessage')}
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
  const { t } = useT('checkout');
  const failed = group.status === 'failed';
  return (
    <Frame>
      <StatePanel
        heading="h1"
        icon={failed ? <ClockIcon className="h-7 w-7" /> : <CheckCircleIcon className="h-7 w-7" />}
        tone={failed ? 'neutral' : 'brand'}
        title={failed ? t('result.groupFailedTitle') : t('result.successTitle')}
        message={
          <p role="status">
            {failed
              ? t('result.groupFailedMessage')
              : group.waitingFor > 0
                ? t('result.groupWaiting', { waiting: formatCount(group.waitingFor) })
                : t('result.groupFull')}
          </p>
        }
      >
        <Link href={paths.group(group.id)} className={buttonClasses('primary')}>
          <UsersIcon className="h-4 w-4" />
          {t('result.viewGroup')}
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
  const { t } = useT('checkout');
  useDocumentTitle(t('result.documentTitle'));

  useEffect(() => {
    if (!sessionId) navigate(paths.home, { replace: true });
  }, [sessionId, navigate]);

  if (!sessionId) return null;
  if (isLoading) return <SuccessSkeleton />;
  if (user === null) {
    return (
      <Frame>
        <StatePanel heading="h1" icon={<UserIcon className="h-7 w-7" />} title={t('result.loginTitle')} message={t('result.loginMessage')}>
          <Button onClick={() => openLoginDialog({ next: `${location}?${search}` })}>{t('result.login')}</Button>
        </StatePanel>
      </Frame>
    );
  }
  return <PaymentStatusView sessionId={sessionId} />;
}
