/** The money screens are for superadmins: guests are asked to log in, other accounts are told they have no access. */
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { paths } from '../../../../contract/routes';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ShieldIcon } from '../../../components/ui/icons';
import { StatePanel } from '../../../components/ui/panel';
import { useT } from '../../../i18n';
import { openLoginDialog, useCurrentUser } from '../../auth';

export function SuperadminOnly({ children }: { children: ReactNode }) {
  const { t } = useT('admin');
  const { user, isLoading } = useCurrentUser();
  const [location] = useLocation();
  if (isLoading) return <StatePanel state="loading" title={t('moneyFrame.loading')} className="mt-6" />;
  const icon = <ShieldIcon className="h-7 w-7" />;
  if (user === null) {
    return (
      <StatePanel className="mt-6" tone="neutral" icon={icon} title={t('moneyFrame.loginTitle')} message={t('moneyFrame.loginMessage')}>
        <Button onClick={() => openLoginDialog({ next: location })}>{t('moneyFrame.login')}</Button>
      </StatePanel>
    );
  }
  if (user.role !== 'superadmin') {
    return (
      <StatePanel className="mt-6" tone="danger" icon={icon} title={t('moneyFrame.deniedTitle')} message={t('moneyFrame.deniedMessage')}>
        <Link href={paths.home} className={buttonClasses('primary')}>
          {t('moneyFrame.goHome')}
        </Link>
      </StatePanel>
    );
  }
  return <>{children}</>;
}

const LINKS = [
  { href: paths.adminTransactions, key: 'transactions' },
  { href: paths.adminOrders, key: 'orders' },
  { href: paths.adminLedger, key: 'ledger' },
  { href: paths.adminAttention, key: 'attention' },
  { href: paths.adminStatements, key: 'statements' },
  { href: paths.adminNotifications, key: 'notifications' },
] as const;

/** The page frame: its title, a line about it, and the links between the money screens. */
export function MoneyFrame({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  const { t } = useT('admin');
  const [location] = useLocation();
  return (
    <div className="mx-auto grid max-w-5xl grid-cols-1 gap-6 px-4 py-10 sm:px-6 lg:px-8">
      <div className="min-w-0">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-1 text-slate-600">{intro}</p>
      </div>
      <nav aria-label={t('moneyFrame.navLabel')} className="-mt-2 flex flex-wrap gap-2">
        {LINKS.map((link) => (
          <Link key={link.href} href={link.href} aria-current={location === link.href ? 'page' : undefined} className={buttonClasses('secondary', 'sm')}>
            {t(`moneyFrame.links.${link.key}`)}
          </Link>
        ))}
      </nav>
      <SuperadminOnly>{children}</SuperadminOnly>
    </div>
  );
}
