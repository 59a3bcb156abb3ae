/** The frame of the payment result page, its skeleton while the status loads, and the links it offers. */
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { paths } from '../../../../contract/routes';
import { buttonClasses } from '../../../components/ui/button';
import { HomeIcon, TicketIcon } from '../../../components/ui/icons';
import { Skeleton } from '../../../components/ui/skeleton';
import { useT } from '../../../i18n';

export function Frame({ children }: { children: ReactNode }) {
  return <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8">{children}</div>;
}

export function HomeLink({ variant = 'outline' }: { variant?: 'outline' | 'primary' | 'ghost' }) {
  const { t } = useT('checkout');
  return (
    <Link href={paths.home} className={buttonClasses(variant)}>
      <HomeIcon className="h-4 w-4" />
      {t('result.backToHome')}
    </Link>
  );
}

export function AllVouchersLink({ variant = 'primary' }: { variant?: 'outline' | 'primary' }) {
  const { t } = useT('checkout');
  return (
    <Link href={paths.accountVouchers} className={buttonClasses(variant)}>
      <TicketIcon className="h-4 w-4" />
      {t('result.allVouchers')}
    </Link>
  );
}

export function SuccessSkeleton() {
  const { t } = useT('checkout');
  return (
    <Frame>
      <div aria-busy="true">
        <p className="sr-only" role="status">
          {t('result.loading')}
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
