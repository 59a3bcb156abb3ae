/**
 * /success?session_id= (docs/product/screens.md#payment-result): polls the payment status while pending, then shows the
 * vouchers with code, PIN and QR, Download and Share, and how to use them. A place in a group still filling says the
 * customer is in and whom to invite by when (never that a voucher is ready); the group forming is celebrated.
 */
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useSearch } from 'wouter';
import type { PaymentStatusAnswer } from '../../../contract/checkout';
import type { GroupStatus, OrderGroup } from '../../../contract/groups';
import { paths } from '../../../contract/routes';
import { Button, buttonClasses } from '../../components/ui/button';
import { AlertIcon, CheckCircleIcon, ClockIcon, SpinnerIcon, UserIcon, UsersIcon } from '../../components/ui/icons';
import { StatePanel } from '../../components/ui/panel';
import { translate, useT } from '../../i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentUser, openLoginDialog } from '../auth';
import { paymentStatusQueryOptions } from './api/get-payment-status';
import { AllVouchersLink, Frame, HomeLink, SuccessSkeleton } from './components/success-frame';
import { SuccessView } from './components/success-view';
import type { SuccessPageSlots } from './success-slots';
import { useOnPaid } from './use-on-paid';

/** A group seen formed this long after it closed, on the first read, has just formed: its last member has just paid. */
const JUST_FORMED_MS = 120_000;

/**
 * Whether to celebrate the group: it formed while the page was open (it was read open, then formed), or it had just
 * formed when the page first read it (the customer's payment was the last place). `readAt`: when the answer arrived.
 */
function useGroupFormedNow(group: OrderGroup | null | undefined, readAt: number): boolean {
  const status: GroupStatus | null = group?.status ?? null;
  const [previous, setPrevious] = useState<GroupStatus | null | undefined>(undefined);
  const [formedNow, setFormedNow] = useState(false);
  if (group !== undefined && status !== previous) {
    setPrevious(status);
    if (status === 'formed') {
      const closed = group?.closedAt ? Date.parse(group.closedAt) : Number.NaN;
      if (previous === 'open' || (previous === undefined && readAt - closed < JUST_FORMED_MS)) setFormedNow(true);
    }
  }
  return formedNow;
}

function failedMessage(answer: PaymentStatusAnswer): string {
  const { status } = answer.order;
  if (answer.group?.status === 'failed') return translate('checkout:result.failedGroup');
  if (status === 'refunded') return translate('checkout:result.failedRefunded');
  if (status === 'cancelled') return translate('checkout:result.failedCancelled');
  return translate('checkout:result.failedExpired');
}

function PaymentStatusView({ sessionId, slots }: { sessionId: string; slots: SuccessPageSlots }) {
  const query = useQuery(paymentStatusQueryOptions(sessionId));
  const { t } = useT('checkout');
  useOnPaid(query.data);
  const formedNow = useGroupFormedNow(query.data === undefined ? undefined : query.data.group, query.dataUpdatedAt);

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
    if (answer.group.status === 'open') return <GroupJoined group={answer.group} slots={slots} onChange={() => void query.refetch()} />;
    return <GroupFailed group={answer.group} />;
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
  return <SuccessView answer={answer} formedNow={formedNow} />;
}

/**
 * Paid for a place in a group that is still open: the customer is in, and the group's live part (groups' slot) says
 * whom to invite by when, with the places, Share and the way to the group. No voucher is spoken of before it forms.
 */
function GroupJoined({ group, slots: { JoinedGroup }, onChange }: { group: OrderGroup; slots: SuccessPageSlots; onChange: () => void }) {
  const { t } = useT('checkout');
  return (
    <Frame>
      <div className="mx-auto max-w-xl surface px-6 py-10 text-center">
        <span className="mx-auto mb-5 grid h-14 w-14 place-items-center rounded-full bg-brand-50 text-brand-700">
          <CheckCircleIcon className="h-7 w-7" />
        </span>
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">{t('result.youreIn')}</h1>
        <JoinedGroup group={group} onChange={onChange} />
        <div className="mt-6 flex justify-center">
          <HomeLink variant="ghost" />
        </div>
      </div>
    </Frame>
  );
}

/** Paid for a place in a group that did not fill: the payment is being refunded. */
function GroupFailed({ group }: { group: OrderGroup }) {
  const { t } = useT('checkout');
  return (
    <Frame>
      <StatePanel
        heading="h1"
        icon={<ClockIcon className="h-7 w-7" />}
        tone="neutral"
        title={t('result.groupFailedTitle')}
        message={<p role="status">{t('result.groupFailedMessage')}</p>}
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

/** `slots`: the group's live part on a place still waiting for its group, filled in by web/app/ (success-screen.tsx). */
export default function SuccessPage({ slots }: { slots: SuccessPageSlots }) {
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
  return <PaymentStatusView sessionId={sessionId} slots={slots} />;
}
