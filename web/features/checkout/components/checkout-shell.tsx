/** The frame of the checkout page: the way back to the cart above whatever the page shows. */
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { paths } from '../../../../contract/routes';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ArrowLeftIcon } from '../../../components/ui/icons';
import { Skeleton } from '../../../components/ui/skeleton';
import { useT } from '../../../i18n';

/**
 * `onBack` replaces the plain link (the payment form releases the held units before leaving); `backLabel` names where
 * it leads when that is not the cart (a place in a group goes back to the group).
 */
export function CheckoutShell({ children, onBack, backDisabled, backLabel }: { children: ReactNode; onBack?: () => void; backDisabled?: boolean; backLabel?: string | undefined }) {
  const { t } = useT('checkout');
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 lg:px-8">
      {onBack ? (
        <Button variant="ghost" size="sm" className="-ml-3" onClick={onBack} disabled={backDisabled}>
          <ArrowLeftIcon className="h-4 w-4" />
          {backLabel ?? t('page.backToCart')}
        </Button>
      ) : (
        <Link href={paths.cart} className={buttonClasses('ghost', 'sm', '-ml-3')}>
          <ArrowLeftIcon className="h-4 w-4" />
          {t('page.backToCart')}
        </Link>
      )}
      {children}
    </div>
  );
}

export function CheckoutSkeleton() {
  const { t } = useT('checkout');
  return (
    <CheckoutShell>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_420px]" aria-busy="true">
        <p className="sr-only" role="status">
          {t('page.loading')}
        </p>
        <Skeleton className="h-72 w-full rounded-2xl" />
        <Skeleton className="h-[28rem] w-full rounded-2xl" />
      </div>
    </CheckoutShell>
  );
}
