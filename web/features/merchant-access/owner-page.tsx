/**
 * The merchant's back office (deals, staff, statements) is the owner account's (ADR 028). Guests are asked to log in
 * as a merchant, staff are told only the owner sees it, and other accounts that it is for merchants. The server holds
 * the same rule; the page only spares them a screen of refusals.
 */
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { paths } from '../../../contract/routes';
import { buttonClasses } from '../../components/ui/button';
import { ArrowLeftIcon, LockIcon, StoreIcon } from '../../components/ui/icons';
import { StatePanel } from '../../components/ui/panel';
import { Skeleton } from '../../components/ui/skeleton';
import { useT } from '../../i18n';
import { useCurrentUser } from '../auth';

export type MerchantAccess = 'loading' | 'guest' | 'not-merchant' | 'staff' | 'owner';

export function useMerchantAccess(): MerchantAccess {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return 'loading';
  if (user === null) return 'guest';
  if (user.role !== 'merchant') return 'not-merchant';
  return user.merchantRole === 'staff' ? 'staff' : 'owner';
}

function AccessPanel({ access, title }: { access: Exclude<MerchantAccess, 'loading' | 'owner'>; title: string }) {
  const { t } = useT('merchant');
  if (access === 'guest') {
    return (
      <StatePanel size="xl" heading="h1" icon={<StoreIcon className="h-7 w-7" />} title={title} message={t('access.guest')}>
        <Link href={paths.merchantLogin} className={buttonClasses('primary', 'lg')}>
          {t('access.merchantLogin')}
        </Link>
      </StatePanel>
    );
  }
  if (access === 'staff') {
    return (
      <StatePanel size="xl" heading="h1" tone="neutral" icon={<LockIcon className="h-7 w-7" />} title={title} message={t('access.staff')}>
        <Link href={paths.merchantRedeem} className={buttonClasses('primary', 'lg')}>
          {t('access.redeemVouchers')}
        </Link>
      </StatePanel>
    );
  }
  return (
    <StatePanel size="xl" heading="h1" tone="neutral" icon={<LockIcon className="h-7 w-7" />} title={title} message={t('access.notMerchant')}>
      <Link href={paths.home} className={buttonClasses('primary', 'lg')}>
        {t('access.goHome')}
      </Link>
    </StatePanel>
  );
}

/** The page's content for the owner; for anyone else, the panel that says why not (so nothing is asked of the server for them). */
export function OwnerOnly({ title, children }: { title: string; children: ReactNode }) {
  const access = useMerchantAccess();
  if (access === 'loading') {
    return (
      <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 lg:px-8" aria-busy="true">
        <Skeleton className="h-9 w-56" />
        <Skeleton className="mt-6 h-64 w-full rounded-2xl" />
      </div>
    );
  }
  if (access !== 'owner') {
    return (
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <AccessPanel access={access} title={title} />
      </div>
    );
  }
  return <>{children}</>;
}

interface PageFrameProps {
  title: string;
  /** A line under the title. */
  intro?: ReactNode;
  /** A link back, above the title. */
  back?: { href: string; label: string };
  /** Buttons beside the title (wrapping under it on a phone). */
  actions?: ReactNode;
  children: ReactNode;
}

/** The layout of a back-office page: a way back, the title with its line and actions, then the content. */
export function PageFrame({ title, intro, back, actions, children }: PageFrameProps) {
  return (
    <div className="mx-auto grid max-w-5xl grid-cols-1 gap-6 px-4 py-10 sm:px-6 lg:px-8">
      <header className="grid justify-items-start gap-2">
        {back ? (
          <Link href={back.href} className={buttonClasses('ghost', 'sm', '-ml-3')}>
            <ArrowLeftIcon className="h-4 w-4" />
            {back.label}
          </Link>
        ) : null}
        <div className="flex w-full flex-wrap items-end justify-between gap-4">
          <div className="min-w-0 flex-1 basis-64">
            <h1 className="text-3xl font-extrabold tracking-tight break-words text-slate-900">{title}</h1>
            {intro ? <div className="mt-1 text-slate-600">{intro}</div> : null}
          </div>
          {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
        </div>
      </header>
      {children}
    </div>
  );
}

/** A back-office page whose title is known before anything is read. */
export function OwnerPage(props: PageFrameProps) {
  return (
    <OwnerOnly title={props.title}>
      <PageFrame {...props} />
    </OwnerOnly>
  );
}
