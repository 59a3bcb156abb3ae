/** Who may use a management screen: superadmins operate; guests are asked to log in; everyone else is told why not. */
import { Link } from 'wouter';
import { paths } from '../../../../contract/routes';
import { StatePanel } from '../../../components/ui/panel';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ShieldIcon } from '../../../components/ui/icons';
import { Skeleton } from '../../../components/ui/skeleton';
import { useCurrentUser, openLoginDialog } from '../../auth';

export type AdminAccess = 'loading' | 'guest' | 'denied' | 'superadmin';

export function useAdminAccess(): AdminAccess {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return 'loading';
  if (user === null) return 'guest';
  return user.role === 'superadmin' ? 'superadmin' : 'denied';
}

export function AccessPanel({ access, next, deniedMessage }: { access: 'guest' | 'denied'; next: string; deniedMessage: string }) {
  const icon = <ShieldIcon className="h-7 w-7" />;
  return access === 'guest' ? (
    <StatePanel tone="neutral" icon={icon} title="请先登录" message="此页面仅限超级管理员使用，请使用管理员账号登录。">
      <Button onClick={() => openLoginDialog({ next })}>登录</Button>
    </StatePanel>
  ) : (
    <StatePanel tone="neutral" icon={icon} title="无权访问" message={deniedMessage}>
      <Link href={paths.home} className={buttonClasses('outline', 'md')}>
        返回首页
      </Link>
    </StatePanel>
  );
}

export function ListSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div className="grid gap-4" aria-busy="true">
      <p className="sr-only">加载中…</p>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} className="h-28 w-full rounded-2xl" />
      ))}
    </div>
  );
}
