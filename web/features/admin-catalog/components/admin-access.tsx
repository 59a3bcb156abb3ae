/** Who may use a management screen: superadmins operate; guests are asked to log in; everyone else is told why not. */
import { Link } from 'wouter';
import { paths } from '../../../../contract/routes';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ShieldIcon } from '../../../components/ui/more-icons';
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
  return (
    <div className="mx-auto max-w-lg surface px-6 py-12 text-center">
      <span className="mx-auto grid h-14 w-14 place-items-center rounded-full bg-slate-100 text-slate-700">
        <ShieldIcon className="h-7 w-7" />
      </span>
      {access === 'guest' ? (
        <>
          <h2 className="mt-4 text-xl font-bold text-slate-900">请先登录</h2>
          <p className="mt-2 text-slate-600">此页面仅限超级管理员使用，请使用管理员账号登录。</p>
          <Button className="mt-6" onClick={() => openLoginDialog({ next })}>
            登录
          </Button>
        </>
      ) : (
        <>
          <h2 className="mt-4 text-xl font-bold text-slate-900">无权访问</h2>
          <p className="mt-2 text-slate-600">{deniedMessage}</p>
          <Link href={paths.home} className={buttonClasses('outline', 'md', 'mt-6')}>
            返回首页
          </Link>
        </>
      )}
    </div>
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
