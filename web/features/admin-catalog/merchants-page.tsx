/** Merchant management (docs/product/screens.md#merchant-management, Chinese labels by default): the list, create and edit forms, inline status, and the login-info toast. */
import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { AdminMerchant } from '../../../contract/admin';
import { paths } from '../../../contract/routes';
import { StatePanel } from '../../components/ui/panel';
import { Button } from '../../components/ui/button';
import { AlertIcon, StoreIcon } from '../../components/ui/icons';
import { dismissToast, useToasts } from '../../components/ui/toast';
import { useT, withTexts } from '../../i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import type { CreatedMerchant } from './api/create-merchant';
import { useAdminMerchants } from './api/get-admin-merchants';
import { AccessPanel, ListSkeleton, useAdminAccess } from './components/admin-access';
import type { LoginInfo } from './components/login-info-toast';
import { MerchantRow } from './components/merchant-row';

// The login-info toast (and its toast library) loads when a merchant is about to be created, not with the list.
// The form and the dialog library load when the dialog is first opened: the list does not wait for them.
// The forms' texts have a catalogue of their own (adminForms), fetched with the form's code when it first opens.
const loadMerchantFormDialog = withTexts(() => import('./components/merchant-form-dialog'), 'adminForms');
const MerchantFormDialog = lazy(async () => ({ default: (await loadMerchantFormDialog()).MerchantFormDialog }));
const loadLoginInfoToast = withTexts(() => import('./components/login-info-toast'), 'adminForms');
const LoginInfoToast = lazy(async () => ({ default: (await loadLoginInfoToast()).LoginInfoToast }));

export default function MerchantsPage() {
  const { t, langOf } = useT('admin');
  useDocumentTitle(t('merchantsPage.title'));
  const access = useAdminAccess();
  const merchants = useAdminMerchants(access === 'superadmin');
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<AdminMerchant | null>(null);
  const [loginInfo, setLoginInfo] = useState<LoginInfo | null>(null);
  // Once shown, the toast's frame stays mounted, as it would have been from the start.
  const [loginInfoShown, setLoginInfoShown] = useState(false);
  if (loginInfo !== null && !loginInfoShown) setLoginInfoShown(true);
  const toasts = useToasts();

  const openCreate = () => {
    setEditing(null);
    setFormOpen(true);
    void loadLoginInfoToast();
  };
  const openEdit = (merchant: AdminMerchant) => {
    setEditing(merchant);
    setFormOpen(true);
  };
  const onCreated = (created: CreatedMerchant) => {
    // One toast at a time: the login info replaces whatever the app's toast shows.
    for (const shown of toasts) if (shown.open) dismissToast(shown.id);
    setLoginInfo({ merchantName: created.name, phone: created.loginInfo.phone, password: created.loginInfo.password });
  };
  const closeLoginInfo = () => setLoginInfo(null);

  let body: ReactNode;
  if (access === 'loading' || (access === 'superadmin' && merchants.isPending)) {
    body = <ListSkeleton />;
  } else if (access !== 'superadmin') {
    body = <AccessPanel access={access} next={paths.adminMerchants} deniedMessage={t('merchantsPage.denied')} />;
  } else if (merchants.isError || !merchants.data) {
    body = (
      <StatePanel
        state="error"
        role="alert"
        icon={<AlertIcon className="h-7 w-7" />}
        title={t('catalog.loadFailed')}
        message={t('merchantsPage.loadFailedMessage')}
        onRetry={() => void merchants.refetch()}
        retryLabel={t('catalog.retry')}
      />
    );
  } else if (merchants.data.length === 0) {
    body = (
      <StatePanel state="empty" tone="neutral" icon={<StoreIcon className="h-7 w-7" />} title={t('merchantsPage.emptyTitle')} message={t('merchantsPage.emptyMessage')}>
        <Button onClick={openCreate}>{t('merchantsPage.create')}</Button>
      </StatePanel>
    );
  } else {
    body = (
      <ul className="grid grid-cols-1 gap-4" aria-label={t('merchantsPage.listLabel')}>
        {merchants.data.map((merchant) => (
          <li key={merchant.id}>
            <MerchantRow merchant={merchant} onEdit={openEdit} beforeToast={closeLoginInfo} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div lang={langOf('merchantsPage.title')} className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">{t('merchantsPage.title')}</h1>
          <p className="mt-1 text-sm text-slate-600" role="status">
            {access === 'superadmin' && merchants.data !== undefined ? t('merchantsPage.count', { count: merchants.data.length }) : t('merchantsPage.intro')}
          </p>
        </div>
        {access === 'superadmin' ? (
          <Button onClick={openCreate}>
            <StoreIcon className="h-4 w-4" />
            {t('merchantsPage.create')}
          </Button>
        ) : null}
      </header>
      {body}
      {access === 'superadmin' ? (
        <>
          {formOpen ? (
            <Suspense fallback={null}>
              <MerchantFormDialog merchant={editing} open onOpenChange={setFormOpen} onCreated={onCreated} beforeToast={closeLoginInfo} />
            </Suspense>
          ) : null}
          {loginInfoShown ? (
            <Suspense fallback={null}>
              <LoginInfoToast info={loginInfo} onClose={closeLoginInfo} />
            </Suspense>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
