/** Merchant management (docs/product/screens.md#merchant-management, Chinese labels): the list, create and edit forms, inline status, and the login-info toast. */
import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { AdminMerchant } from '../../../contract/admin';
import { paths } from '../../../contract/routes';
import { StatePanel } from '../../components/ui/panel';
import { Button } from '../../components/ui/button';
import { AlertIcon, StoreIcon } from '../../components/ui/icons';
import { dismissToast, useToasts } from '../../components/ui/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import type { CreatedMerchant } from './api/create-merchant';
import { useAdminMerchants } from './api/get-admin-merchants';
import { AccessPanel, ListSkeleton, useAdminAccess } from './components/admin-access';
import type { LoginInfo } from './components/login-info-toast';
import { MerchantRow } from './components/merchant-row';

// The login-info toast (and its toast library) loads when a merchant is about to be created, not with the list.
// The form and the dialog library load when the dialog is first opened: the list does not wait for them.
const MerchantFormDialog = lazy(async () => ({ default: (await import('./components/merchant-form-dialog')).MerchantFormDialog }));
const loadLoginInfoToast = () => import('./components/login-info-toast');
const LoginInfoToast = lazy(async () => ({ default: (await loadLoginInfoToast()).LoginInfoToast }));

export default function MerchantsPage() {
  useDocumentTitle('商户管理');
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
    body = <AccessPanel access={access} next={paths.adminMerchants} deniedMessage="只有超级管理员可以管理商户。" />;
  } else if (merchants.isError || !merchants.data) {
    body = (
      <StatePanel
        state="error"
        role="alert"
        icon={<AlertIcon className="h-7 w-7" />}
        title="加载失败"
        message="商户列表暂时无法加载，请稍后重试。"
        onRetry={() => void merchants.refetch()}
        retryLabel="重试"
      />
    );
  } else if (merchants.data.length === 0) {
    body = (
      <StatePanel state="empty" tone="neutral" icon={<StoreIcon className="h-7 w-7" />} title="还没有商户" message="创建第一个商户后，就可以为它发布团购。">
        <Button onClick={openCreate}>新建商户</Button>
      </StatePanel>
    );
  } else {
    body = (
      <ul className="grid grid-cols-1 gap-4" aria-label="商户列表">
        {merchants.data.map((merchant) => (
          <li key={merchant.id}>
            <MerchantRow merchant={merchant} onEdit={openEdit} beforeToast={closeLoginInfo} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div lang="zh-CN" className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">商户管理</h1>
          <p className="mt-1 text-sm text-slate-600" role="status">
            {access === 'superadmin' && merchants.data !== undefined ? `共 ${merchants.data.length} 个商户` : '创建商户、编辑资料并管理营业状态'}
          </p>
        </div>
        {access === 'superadmin' ? (
          <Button onClick={openCreate}>
            <StoreIcon className="h-4 w-4" />
            新建商户
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
