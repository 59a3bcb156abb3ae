/**
 * /checkout?session_id= (docs/product/screens.md#checkout, a real payment page since ADR 013): the built-in payment
 * provider's hosted page. It shows the held order, takes a card, and pays through the provider's API; once paid, it
 * lists the refunds the provider made on the payment. A checkout of a place in a group names the group, and its way
 * back leads to the group rather than the cart.
 */
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useSearch } from 'wouter';
import { paths } from '../../../contract/routes';
import { Button, buttonClasses } from '../../components/ui/button';
import { AlertIcon, CheckCircleIcon, ClockIcon, UserIcon, UsersIcon } from '../../components/ui/icons';
import { StatePanel } from '../../components/ui/panel';
import { isApiError } from '../../lib/api-client';
import { useT } from '../../i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentUser, openLoginDialog } from '../auth';
import { checkoutSessionQueryOptions } from './api/get-checkout-session';
import { paymentStatusQueryOptions } from './api/get-payment-status';
import { CheckoutShell as Shell, CheckoutSkeleton } from './components/checkout-shell';
import { PaymentForm } from './components/payment-form';
import { SessionRefunds } from './components/session-refunds';
import { sameSitePath } from './same-site-path';

function SessionView({ sessionId }: { sessionId: string }) {
  const query = useQuery(checkoutSessionQueryOptions(sessionId));
  // The order's group, if it pays a place in one, as the payment status tells it (read once: this page does not poll).
  const status = useQuery({ ...paymentStatusQueryOptions(sessionId), refetchInterval: false, retry: false });
  const group = status.data?.group ?? null;
  const [location] = useLocation();
  const { t } = useT('checkout');

  if (query.isPending) return <CheckoutSkeleton />;
  if (query.isError) {
    if (isApiError(query.error, 404) || isApiError(query.error, 400)) {
      return (
        <Shell>
          <StatePanel className="mt-8" heading="h1" icon={<AlertIcon className="h-7 w-7" />} title={t('page.notFoundTitle')} message={t('page.notFoundMessage')}>
            <Link href={paths.cart} className={buttonClasses('primary')}>
              {t('page.goToCart')}
            </Link>
          </StatePanel>
        </Shell>
      );
    }
    if (isApiError(query.error, 401)) {
      return <LoginRequired next={location} />;
    }
    return (
      <Shell>
        <StatePanel className="mt-8" heading="h1" icon={<AlertIcon className="h-7 w-7" />} title={t('page.errorTitle')} message={t('page.errorMessage')}>
          <Button onClick={() => void query.refetch()}>{t('page.tryAgain')}</Button>
        </StatePanel>
      </Shell>
    );
  }

  const session = query.data;
  if (session.status === 'complete') {
    const successPath = sameSitePath(session.successUrl) ?? paths.success;
    // A place in a group still filling is paid, but its voucher comes only once the group forms.
    const waiting = group !== null && group.status === 'open';
    return (
      <Shell>
        <StatePanel
          className="mt-8"
          heading="h1"
          icon={<CheckCircleIcon className="h-7 w-7" />}
          title={t('page.paidTitle')}
          message={waiting ? t('page.paidGroupMessage') : t('page.paidMessage')}
        >
          {waiting ? (
            <Link href={paths.group(group.id)} className={buttonClasses('primary')}>
              <UsersIcon className="h-4 w-4" />
              {t('page.viewGroup')}
            </Link>
          ) : (
            <Link href={successPath} className={buttonClasses('primary')}>
              {t('page.viewVouchers')}
            </Link>
          )}
        </StatePanel>
        <SessionRefunds refunds={session.refunds} />
      </Shell>
    );
  }
  if (session.status === 'expired') {
    return (
      <Shell>
        <StatePanel
          className="mt-8"
          heading="h1"
          icon={<ClockIcon className="h-7 w-7" />}
          title={t('page.expiredTitle')}
          message={t('page.expiredMessage')}
        >
          <Link href={paths.cart} className={buttonClasses('primary')}>
            {t('page.backToCart')}
          </Link>
        </StatePanel>
      </Shell>
    );
  }
  return <PaymentForm session={session} group={group} />;
}

function LoginRequired({ next }: { next: string }) {
  const { t } = useT('checkout');
  return (
    <Shell>
      <StatePanel className="mt-8" heading="h1" icon={<UserIcon className="h-7 w-7" />} title={t('page.loginTitle')} message={t('page.loginMessage')}>
        <Button onClick={() => openLoginDialog({ next })}>{t('page.login')}</Button>
      </StatePanel>
    </Shell>
  );
}

export default function CheckoutPage() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const sessionId = new URLSearchParams(search).get('session_id');
  const { user, isLoading } = useCurrentUser();
  const { t } = useT('checkout');
  useDocumentTitle(t('page.title'));

  useEffect(() => {
    // Nothing to pay without a session: the cart is where a checkout starts.
    if (!sessionId) navigate(paths.cart, { replace: true });
  }, [sessionId, navigate]);

  if (!sessionId) return null;
  if (isLoading) return <CheckoutSkeleton />;
  if (user === null) return <LoginRequired next={`${location}?${search}`} />;
  return <SessionView sessionId={sessionId} />;
}
