/** /login (docs/product/screens.md#login-gate): signed-in visitors go on to `next`; guests see 'Please Login' and a Login button that opens the dialog. */
import { useEffect } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { paths } from '../../../contract/routes';
import { Button, buttonClasses } from '../../components/ui/button';
import { UserIcon } from '../../components/ui/icons';
import { StatePanel } from '../../components/ui/panel';
import { safeNextPath } from '../../lib/safe-next';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useT } from '../../i18n';
import { useCurrentUser } from './api/get-current-user';
import { openLoginDialog } from './login-dialog-store';

export default function LoginGatePage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const { user, isLoading } = useCurrentUser();
  const next = safeNextPath(new URLSearchParams(search).get('next'));
  const { t } = useT('auth');
  useDocumentTitle(t('loginGate.documentTitle'));

  useEffect(() => {
    if (user) navigate(next, { replace: true });
  }, [user, next, navigate]);

  if (isLoading || user) {
    return (
      <div className="px-4 py-16">
        <StatePanel state="loading" title={t('loginGate.checking')} size="md" />
      </div>
    );
  }

  return (
    <div className="px-4 py-16">
      <StatePanel
        heading="h1"
        size="md"
        icon={<UserIcon className="h-7 w-7" />}
        title={t('loginGate.title')}
        message={t('loginGate.message')}
      >
        <Button size="lg" className="w-full" aria-haspopup="dialog" onClick={() => openLoginDialog({ next })}>
          {t('loginGate.login')}
        </Button>
        <p className="w-full text-sm text-slate-600">
          {t('loginGate.ownBusiness')}{' '}
          <Link href={paths.merchantLogin} className="text-link font-semibold">
            {t('loginGate.merchantLogin')}
          </Link>
        </p>
        <Link href={paths.home} className={buttonClasses('ghost', 'sm')}>
          {t('loginGate.continueBrowsing')}
        </Link>
      </StatePanel>
    </div>
  );
}
