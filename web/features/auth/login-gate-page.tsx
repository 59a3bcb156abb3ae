/** /login (docs/product/screens.md#login-gate): signed-in visitors go on to `next`; guests see 'Please Login' and a Login button that opens the dialog. */
import { useEffect } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { paths } from '../../../contract/routes';
import { Button, buttonClasses } from '../../components/ui/button';
import { UserIcon } from '../../components/ui/icons';
import { Skeleton } from '../../components/ui/skeleton';
import { safeNextPath } from '../../lib/safe-next';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentUser } from './api/get-current-user';
import { openLoginDialog } from './login-dialog-store';

export default function LoginGatePage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const { user, isLoading } = useCurrentUser();
  const next = safeNextPath(new URLSearchParams(search).get('next'));
  useDocumentTitle('Login');

  useEffect(() => {
    if (user) navigate(next, { replace: true });
  }, [user, next, navigate]);

  if (isLoading || user) {
    return (
      <div className="mx-auto max-w-md px-4 py-16" aria-busy="true">
        <Skeleton className="h-64 w-full rounded-2xl" />
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <div className="mx-auto max-w-md surface px-6 py-12 text-center">
        <span className="mx-auto grid h-14 w-14 place-items-center rounded-full bg-brand-50 text-brand-700">
          <UserIcon className="h-7 w-7" />
        </span>
        <h1 className="mt-5 text-2xl font-bold text-slate-900">Please Login</h1>
        <p className="mt-2 text-slate-600">Log in to buy deals, keep favorites and find your vouchers.</p>
        <Button size="lg" className="mt-6 w-full" aria-haspopup="dialog" onClick={() => openLoginDialog({ next })}>
          Login
        </Button>
        <p className="mt-6 text-sm text-slate-600">
          Own a business?{' '}
          <Link href={paths.merchantLogin} className="text-link font-semibold">
            Merchant Login
          </Link>
        </p>
        <Link href={paths.home} className={buttonClasses('ghost', 'sm', 'mt-2')}>
          Continue browsing
        </Link>
      </div>
    </div>
  );
}
