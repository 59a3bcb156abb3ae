/**
 * /admin/promote, in Chinese (docs/product/screens.md#promote-admin): the signed-in user's permission status, a form to promote a user to
 * superadmin by email, and for superadmins quick links and usage notes. Non-superadmins see the same form filled
 * with their own email; the server refuses them with a message (ADR 010), shown as it comes.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { CurrentUser } from '../../../contract/auth';
import { paths } from '../../../contract/routes';
import { StatePanel } from '../../components/ui/panel';
import { Badge } from '../../components/ui/badge';
import { Panel } from '../../components/ui/panel';
import { Button } from '../../components/ui/button';
import { ChevronRightIcon, InfoIcon, ShieldCheckIcon, StoreIcon, TagIcon, UserIcon } from '../../components/ui/icons';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { TextField } from '../../components/ui/field';
import { useCurrentUser, openLoginDialog, messageOf } from '../auth';
import { useCheckRole } from './api/check-role';
import { usePromoteSuperadmin } from './api/promote-superadmin';

/** Long enough to read the success toast before the page reloads (docs/product/screens.md#promote-admin: a promotion reloads the page). */
const RELOAD_AFTER_PROMOTION_MS = 1500;

const QUICK_LINKS: Array<{ href: string; label: string; detail: string; icon: ReactNode }> = [
  { href: paths.adminMerchants, label: '商户管理', detail: '查看商户列表，修改商户信息和状态', icon: <StoreIcon className="h-5 w-5" /> },
  { href: paths.adminMerchants, label: '创建商户', detail: '新增商户并生成商户登录信息', icon: <StoreIcon className="h-5 w-5" /> },
  { href: paths.adminDeals, label: '团购管理', detail: '创建、编辑、上架和下架团购', icon: <TagIcon className="h-5 w-5" /> },
  { href: paths.home, label: '返回首页', detail: '以顾客视角浏览团购', icon: <ChevronRightIcon className="h-5 w-5" /> },
];

const USAGE_NOTES = [
  '超级管理员可以管理所有商户和团购',
  '创建、编辑、上架和下架团购',
  '管理商户状态',
  '查看销售统计和核销记录',
  '同步支付服务商的商品和价格',
];

function LoggedOut() {
  return (
    <StatePanel size="md" icon={<UserIcon className="h-7 w-7" />} title="请先登录" message="登录后才能查看权限状态和提升超级管理员。">
      <Button size="lg" className="w-full" aria-haspopup="dialog" onClick={() => openLoginDialog({ next: paths.adminPromote })}>
        登录
      </Button>
    </StatePanel>
  );
}

function StatusBadge({ user, isSuperAdmin }: { user: CurrentUser; isSuperAdmin: boolean | undefined }) {
  if (isSuperAdmin === undefined) return <Skeleton className="h-6 w-24 rounded-full" />;
  if (isSuperAdmin) {
    return (
      <Badge tone="dark">
        <ShieldCheckIcon className="h-3.5 w-3.5" />
        SuperAdmin
      </Badge>
    );
  }
  return <Badge tone="neutral">{user.role === 'merchant' ? 'Merchant' : 'Customer'}</Badge>;
}

function PromoteForm({ user, isSuperAdmin }: { user: CurrentUser; isSuperAdmin: boolean }) {
  const [email, setEmail] = useState(isSuperAdmin ? '' : (user.email ?? ''));
  const [reloading, setReloading] = useState(false);
  const promote = usePromoteSuperadmin();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      toast({ title: '请输入邮箱', description: '请输入要提升为超级管理员的用户邮箱', variant: 'destructive' });
      return;
    }
    promote.mutate(email, {
      onSuccess: (answer) => {
        toast({ title: '提升成功', description: `${answer.user.email ?? email.trim()} 已成为超级管理员，页面即将刷新`, variant: 'success' });
        setReloading(true);
        setTimeout(() => window.location.reload(), RELOAD_AFTER_PROMOTION_MS);
      },
      onError: (error) => toast({ title: '提升失败', description: messageOf(error, '提升失败，请稍后重试'), variant: 'destructive' }),
    });
  };

  const busy = promote.isPending || reloading;
  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <p className="text-sm text-slate-600">
        {isSuperAdmin
          ? '输入用户在个人中心设置的邮箱，将其提升为超级管理员。'
          : '使用您的邮箱申请超级管理员权限。只有现有的超级管理员才能提升用户。'}
      </p>
      <TextField
        label="用户邮箱"
        type="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        autoComplete={isSuperAdmin ? 'off' : 'email'}
        placeholder="user@example.com"
        maxLength={254}
        hint={
          !isSuperAdmin && !user.email ? (
            <>
              您还没有设置邮箱，可以在
              <Link href={paths.profile} className="text-link font-semibold">
                个人中心
              </Link>
              设置。
            </>
          ) : undefined
        }
      />
      <div>
        <Button type="submit" disabled={busy}>
          <ShieldCheckIcon className="h-4 w-4" />
          {promote.isPending ? '提交中…' : reloading ? '正在刷新…' : '提升为超级管理员'}
        </Button>
      </div>
    </form>
  );
}

function SuperadminExtras() {
  return (
    <>
      <Panel title="快捷入口" id="promote-links">
        <ul className="grid gap-3 sm:grid-cols-2">
          {QUICK_LINKS.map((link) => (
            <li key={link.label}>
              <Link
                href={link.href}
                className="flex h-full items-start gap-3 rounded-xl p-4 ring-1 ring-slate-200 transition-colors hover:bg-slate-50 hover:ring-slate-300 focus-ring"
              >
                <span aria-hidden="true" className="grid h-9 w-9 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-700">
                  {link.icon}
                </span>
                <span className="grid">
                  <span className="font-semibold text-slate-900">{link.label}</span>
                  <span className="text-sm text-slate-600">{link.detail}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </Panel>
      <Panel title="使用说明" id="promote-notes">
        <ul className="grid gap-2 text-slate-700">
          {USAGE_NOTES.map((note) => (
            <li key={note} className="flex gap-2">
              <InfoIcon className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
              {note}
            </li>
          ))}
        </ul>
      </Panel>
    </>
  );
}

function SignedIn({ user }: { user: CurrentUser }) {
  const role = useCheckRole();
  // Without an answer from the role check (no session any more, or no answer at all), the account's own role is the
  // best guess.
  const isSuperAdmin = role.data ? role.data.isSuperAdmin : role.isError || role.data === null ? user.role === 'superadmin' : undefined;

  return (
    <div className="grid gap-6">
      <Panel title="当前权限状态" id="promote-status">
        <div className="flex flex-wrap items-center gap-3">
          <span className="text-slate-700">
            账户 <span className="font-semibold text-slate-900 tabular-nums">{user.phone}</span>
          </span>
          <StatusBadge user={user} isSuperAdmin={isSuperAdmin} />
        </div>
      </Panel>
      <Panel title={isSuperAdmin === false ? '申请超级管理员权限' : '提升超级管理员'} id="promote-form">
        {isSuperAdmin === undefined ? <Skeleton className="h-32 w-full" /> : <PromoteForm user={user} isSuperAdmin={isSuperAdmin} />}
      </Panel>
      {isSuperAdmin ? <SuperadminExtras /> : null}
    </div>
  );
}

export default function PromotePage() {
  useDocumentTitle('Promote Admin');
  const { user, isLoading } = useCurrentUser();

  return (
    <div lang="zh-CN" className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">管理员权限</h1>
      <p className="mt-2 text-slate-600">超级管理员可以管理商户、团购和核销记录，并提升其他用户。</p>
      <div className="mt-8">
        {isLoading ? <Skeleton className="h-64 w-full rounded-2xl" /> : user ? <SignedIn user={user} /> : <LoggedOut />}
      </div>
    </div>
  );
}
