/** Who may use a management screen: superadmins operate; guests are asked to log in; everyone else is told why not. */
import { Link } from 'wouter';
import { paths } from '../../../../contract/routes';
import { StatePanel } from '../../../components/ui/panel';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ShieldIcon } from '../../../components/ui/icons';
import { Skeleton } from '../../../components/ui/skeleton';
import { useT } from '../../../i18n';
import { useCurrentUser, openLoginDialog } from '../../auth';

export type AdminAccess = 'loading' | 'guest' | 'denied' | 'superadmin';

export function useAdminAccess(): AdminAccess {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return 'loading';
  if (user === null) return 'guest';
  return user.role === 'superadmin' ? 'superadmin' : 'denied';
}

export function AccessPanel({ access, next, deniedMessage }: { access: 'guest' | 'denied'; next: string; deniedMessage: string }) {
  const { t } = useT('admin');
  const icon = <ShieldIcon className="h-7 w-7" />;
  return access === 'guest' ? (
    <StatePanel tone="neutral" icon={icon} title={t('access.guestTitle')} message={t('access.guestMessage')}>
      <Button onClick={() => openLoginDialog({ next })}>{t('access.login')}</Button>
    </StatePanel>
  ) : (
    <StatePanel tone="neutral" icon={icon} title={t('access.deniedTitle')} message={deniedMessage}>
      <Link href={paths.home} className={buttonClasses('outline', 'md')}>
        {t('access.home')}
      </Link>
    </StatePanel>
  );
}

export function ListSkeleton({ rows = 3 }: { rows?: number }) {
  const { t } = useT('admin');
  return (
    <div className="grid gap-4" aria-busy="true">
      <p className="sr-only">{t('access.loading')}</p>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} className="h-28 w-full rounded-2xl" />
      ))}
    </div>
  );
}
