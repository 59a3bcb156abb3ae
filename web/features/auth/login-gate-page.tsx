/** /login (docs/product/screens.md#login-gate): signed-in visitors go on to `next`; guests see 'Please Login' and a Login button that opens the dialog. */
import { useEffect } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { paths } from '../../../contract/routes';
import { Button, buttonClasses } from '../../components/ui/button';
import { UserIcon } from '../../components/ui/icons';
import { StatePanel } from '../../components/ui/panel';
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
      <div className="px-4 py-16">
        <StatePanel state="loading" title="Checking your session" size="md" />
      </div>
    );
  }

  return (
    <div className="px-4 py-16">
      <StatePanel
        heading="h1"
        size="md"
        icon={<UserIcon className="h-7 w-7" />}
        title="Please Login"
        message="Log in to buy deals, keep favorites and find your vouchers."
      >
        <Button size="lg" className="w-full" aria-haspopup="dialog" onClick={() => openLoginDialog({ next })}>
          Login
        </Button>
        <p className="w-full text-sm text-slate-600">
          Own a business?{' '}
          <Link href={paths.merchantLogin} className="text-link font-semibold">
            Merchant Login
          </Link>
        </p>
        <Link href={paths.home} className={buttonClasses('ghost', 'sm')}>
          Continue browsing
        </Link>
      </StatePanel>
    </div>
  );
}
