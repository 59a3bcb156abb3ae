/**
 * Buying is for shoppers (guests and customers). Merchant and admin accounts get a short note where the buy buttons
 * would be; the server refuses their checkout as well.
 */
import type { ReactNode } from 'react';
import { useT } from '../../../i18n';
import { cn } from '../../../lib/cn';
import { useCurrentUser } from '../../auth';

export function ShopperOnly({ children, className }: { children: ReactNode; className?: string }) {
  const { t } = useT('deals');
  const { user } = useCurrentUser();
  if (user === null || user.role === 'customer') return <>{children}</>;
  return (
    <p className={cn('text-sm text-slate-600', className)}>
      {user.role === 'merchant' ? t('shopperOnly.merchant') : t('shopperOnly.admin')}
    </p>
  );
}
