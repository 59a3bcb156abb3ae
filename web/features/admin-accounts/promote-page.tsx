/**
 * /admin/promote, in Chinese until a language is chosen (docs/product/screens.md#promote-admin): the signed-in user's permission status, a form to promote a user to
 * superadmin by email, and for superadmins quick links and usage notes. Non-superadmins see the same form filled
 * with their own email; the server refuses them with a message (ADR 010), shown as it comes.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { Trans } from 'react-i18next';
import { Link } from 'wouter';
import type { CurrentUser } from '../../../contract/auth';
import { EMAIL_MAX_LENGTH } from '../../../contract/constants';
import { paths } from '../../../contract/routes';
import { StatePanel } from '../../components/ui/panel';
import { Badge } from '../../components/ui/badge';
import { Panel } from '../../components/ui/panel';
import { Button } from '../../components/ui/button';
import { ChevronRightIcon, InfoIcon, ShieldCheckIcon, StoreIcon, TagIcon, UserIcon } from '../../components/ui/icons';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { useT } from '../../i18n';
import { formatPhone } from '../../lib/phone';
import { useDocumentTitle } from '../../lib/use-document-title';
import { TextField } from '../../components/ui/field';
import { messageOf } from '../../lib/message-of';
import { useCurrentUser, openLoginDialog } from '../auth';
import { useCheckRole } from './api/check-role';
import { usePromoteSuperadmin } from './api/promote-superadmin';

/** Long enough to read the success toast before the page reloads (docs/product/screens.md#promote-admin: a promotion reloads the page). */
const RELOAD_AFTER_PROMOTION_MS = 1500;

type QuickLink = 'merchants' | 'createMerchant' | 'deals' | 'home';

const QUICK_LINKS: Array<{ key: QuickLink; href: string; icon: ReactNode }> = [
  { key: 'merchants', href: paths.adminMerchants, icon: <StoreIcon className="h-5 w-5" /> },
  { key: 'createMerchant', href: paths.adminMerchants, icon: <StoreIcon className="h-5 w-5" /> },
  { key: 'deals', href: paths.adminDeals, icon: <TagIcon className="h-5 w-5" /> },
  { key: 'home', href: paths.home, icon: <ChevronRightIcon className="h-5 w-5" /> },
];

const USAGE_NOTES = ['manageAll', 'deals', 'merchantStatus', 'statistics', 'sync'] as const;

function LoggedOut() {
  const { t } = useT(['adminAccounts', 'admin']);
  return (
    <StatePanel size="md" icon={<UserIcon className="h-7 w-7" />} title={t('promotePage.loggedOut.title')} message={t('promotePage.loggedOut.message')}>
      <Button size="lg" className="w-full" aria-haspopup="dialog" onClick={() => openLoginDialog({ next: paths.adminPromote })}>
        {t('promotePage.loggedOut.login')}
      </Button>
    </StatePanel>
  );
}

function StatusBadge({ user, isSuperAdmin }: { user: CurrentUser; isSuperAdmin: boolean | undefined }) {
  const { t } = useT(['adminAccounts', 'admin']);
  if (isSuperAdmin === undefined) return <Skeleton className="h-6 w-24 rounded-full" />;
  if (isSuperAdmin) {
    return (
      <Badge tone="dark">
        <ShieldCheckIcon className="h-3.5 w-3.5" />
        {t('roles.superadmin')}
      </Badge>
    );
  }
  return <Badge tone="neutral">{user.role === 'merchant' ? t('roles.merchant') : t('roles.customer')}</Badge>;
}

function PromoteForm({ user, isSuperAdmin }: { user: CurrentUser; isSuperAdmin: boolean }) {
  const { t } = useT(['adminAccounts', 'admin']);
  const [email, setEmail] = useState(isSuperAdmin ? '' : (user.email ?? ''));
  const [reloading, setReloading] = useState(false);
  const promote = usePromoteSuperadmin();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      toast({ title: t('promotePage.form.emailRequiredTitle'), description: t('promotePage.form.emailRequiredDescription'), variant: 'destructive' });
      return;
    }
    promote.mutate(email, {
      onSuccess: (answer) => {
        toast({
          title: t('promotePage.form.promotedTitle'),
          description: t('promotePage.form.promotedDescription', { email: answer.user.email ?? email.trim() }),
          variant: 'success',
        });
        setReloading(true);
        setTimeout(() => window.location.reload(), RELOAD_AFTER_PROMOTION_MS);
      },
      onError: (error) => toast({ title: t('promotePage.form.failedTitle'), description: messageOf(error, t('promotePage.form.failedFallback')), variant: 'destructive' }),
    });
  };

  const busy = promote.isPending || reloading;
  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <p className="text-sm text-slate-600">{isSuperAdmin ? t('promotePage.form.introSuperadmin') : t('promotePage.form.introRequest')}</p>
      <TextField
        label={t('promotePage.form.emailLabel')}
        type="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        autoComplete={isSuperAdmin ? 'off' : 'email'}
        placeholder="user@example.com"
        maxLength={EMAIL_MAX_LENGTH}
        hint={
          !isSuperAdmin && !user.email ? (
            <Trans t={t} i18nKey='promotePage.form.noEmail' components={{ go: <Link href={paths.profile} className="text-link font-semibold" /> }} />
          ) : undefined
        }
      />
      <div>
        <Button type="submit" disabled={busy}>
          <ShieldCheckIcon className="h-4 w-4" />
          {promote.isPending ? t('promotePage.form.submitting') : reloading ? t('promotePage.form.reloading') : t('promotePage.form.submit')}
        </Button>
      </div>
    </form>
  );
}

function SuperadminExtras() {
  const { t } = useT(['adminAccounts', 'admin']);
  return (
    <>
      <Panel title={t('promotePage.quickLinks.title')} id="promote-links">
        <ul className="grid gap-3 sm:grid-cols-2">
          {QUICK_LINKS.map((link) => (
            <li key={link.key}>
              <Link
                href={link.href}
                className="flex h-full items-start gap-3 rounded-xl p-4 ring-1 ring-slate-200 transition-colors hover:bg-slate-50 hover:ring-slate-300 focus-ring"
              >
                <span aria-hidden="true" className="grid h-9 w-9 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-700">
                  {link.icon}
                </span>
                <span className="grid">
                  <span className="font-semibold text-slate-900">{t(`promotePage.quickLinks.${link.key}`)}</span>
                  <span className="text-sm text-slate-600">{t(`promotePage.quickLinks.${link.key}Detail`)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </Panel>
      <Panel title={t('promotePage.notes.title')} id="promote-notes">
        <ul className="grid gap-2 text-slate-700">
          {USAGE_NOTES.map((note) => (
            <li key={note} className="flex gap-2">
              <InfoIcon className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
              {t(`promotePage.notes.${note}`)}
            </li>
          ))}
        </ul>
      </Panel>
    </>
  );
}

function SignedIn({ user }: { user: CurrentUser }) {
  const { t } = useT(['adminAccounts', 'admin']);
  const role = useCheckRole();
  // Without an answer from the role check (no session any more, or no answer at all), the account's own role is the
  // best guess.
  const isSuperAdmin = role.data ? role.data.isSuperAdmin : role.isError || role.data === null ? user.role === 'superadmin' : undefined;

  return (
    <div className="grid gap-6">
      <Panel title={t('promotePage.status.title')} id="promote-status">
        <div className="flex flex-wrap items-center gap-3">
          <span className="text-slate-700">
            <Trans
              t={t}
              i18nKey='promotePage.status.account'
              values={{ phone: formatPhone(user.phone) }}
              components={{ phone: <span className="font-semibold text-slate-900 tabular-nums" /> }}
            />
          </span>
          <StatusBadge user={user} isSuperAdmin={isSuperAdmin} />
        </div>
      </Panel>
      <Panel title={isSuperAdmin === false ? t('promotePage.form.titleRequest') : t('promotePage.form.titleSuperadmin')} id="promote-form">
        {isSuperAdmin === undefined ? <Skeleton className="h-32 w-full" /> : <PromoteForm user={user} isSuperAdmin={isSuperAdmin} />}
      </Panel>
      {isSuperAdmin ? <SuperadminExtras /> : null}
    </div>
  );
}

export default function PromotePage() {
  const { t, langOf } = useT(['adminAccounts', 'admin']);
  useDocumentTitle(t('documentTitles.promote'));
  const { user, isLoading } = useCurrentUser();

  return (
    <div lang={langOf('promotePage.heading')} className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">{t('promotePage.heading')}</h1>
      <p className="mt-2 text-slate-600">{t('promotePage.intro')}</p>
      <div className="mt-8">
        {isLoading ? <Skeleton className="h-64 w-full rounded-2xl" /> : user ? <SignedIn user={user} /> : <LoggedOut />}
      </div>
    </div>
  );
}
