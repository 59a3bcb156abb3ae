/**
 * /profile (docs/product/screens.md#profile): phone with its Verified badge, password Set / Not Set with the
 * change-or-set form, email, the notifications sent by SMS and email, Logout.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../../contract/auth';
import { paths } from '../../../contract/routes';
import { StatePanel } from '../../components/ui/panel';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { AlertIcon, CheckCircleIcon, LogOutIcon, PhoneIcon, ShieldIcon, UserIcon } from '../../components/ui/icons';
import { Skeleton } from '../../components/ui/skeleton';
import { useDocumentTitle } from '../../lib/use-document-title';
import { formatPhone } from '../../lib/phone';
import { useT } from '../../i18n';
import { useCurrentUser, useLogout, openLoginDialog } from '../auth';
import { EmailForm } from './components/email-form';
import { NotificationSettings } from './components/notification-settings';
import { PasswordForm } from './components/password-form';

/** The texts of this file's components: the profile catalogue. */
const useTexts = () => useT('profile');

function Section({ title, id, children, action }: { title: string; id: string; children: ReactNode; action?: ReactNode }) {
  return (
    <section aria-labelledby={id} className="border-t border-slate-200 px-6 py-6 sm:px-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-lg font-bold text-slate-900">
          {title}
        </h2>
        {action}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function LoggedOut() {
  const { t } = useTexts();
  return (
    <StatePanel size="md" heading="h1" icon={<UserIcon className="h-7 w-7" />} title={t('loggedOut.title')} message={t('loggedOut.message')}>
      <Button size="lg" className="w-full" aria-haspopup="dialog" onClick={() => openLoginDialog({ next: paths.profile })}>
        {t('loggedOut.login')}
      </Button>
    </StatePanel>
  );
}

function ChangePasswordBanner({ onChange }: { onChange: (() => void) | undefined }) {
  const { t } = useTexts();
  return (
    <div role="status" className="flex flex-col gap-3 border-b border-amber-200 bg-amber-50 px-6 py-4 sm:flex-row sm:items-center sm:px-8">
      <AlertIcon className="hidden h-6 w-6 shrink-0 text-amber-800 sm:block" />
      <div className="flex-1">
        <p className="font-semibold text-amber-950">{t('changeBanner.title')}</p>
        <p className="text-sm text-amber-900">{t('changeBanner.message')}</p>
      </div>
      {onChange ? (
        <Button size="sm" onClick={onChange}>
          {t('changeBanner.action')}
        </Button>
      ) : null}
    </div>
  );
}

function Profile({ user }: { user: CurrentUser }) {
  // Opened at once when the account must replace a password it did not choose.
  const [editing, setEditing] = useState(user.mustChangePassword);
  const logout = useLogout();
  const { t } = useTexts();
  const { t: tn } = useT('notifications');
  const roleAccount: Record<CurrentUser['role'], string> = {
    customer: t('profilePage.roleAccount.customer'),
    merchant: t('profilePage.roleAccount.merchant'),
    superadmin: t('profilePage.roleAccount.superadmin'),
  };

  return (
    <div className="mx-auto max-w-2xl overflow-hidden surface">
      {user.mustChangePassword ? <ChangePasswordBanner onChange={editing ? undefined : () => setEditing(true)} /> : null}
      <div className="flex flex-wrap items-center gap-4 px-6 py-6 sm:px-8">
        <span aria-hidden="true" className="grid h-14 w-14 shrink-0 place-items-center rounded-full bg-brand-50 text-brand-700">
          <UserIcon className="h-7 w-7" />
        </span>
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold text-slate-900">{t('profilePage.title')}</h1>
          <p className="text-sm text-slate-600">{roleAccount[user.role]}</p>
        </div>
        <Button variant="outline" onClick={logout.logout} disabled={logout.isPending}>
          <LogOutIcon className="h-4 w-4" />
          {logout.isPending ? t('profilePage.loggingOut') : t('profilePage.logout')}
        </Button>
      </div>

      <Section title={t('phone.title')} id="profile-phone">
        <div className="flex flex-wrap items-center gap-3">
          <PhoneIcon className="h-5 w-5 text-slate-500" />
          <span className="text-lg font-semibold text-slate-900 tabular-nums">{formatPhone(user.phone)}</span>
          {user.phoneVerified ? (
            <Badge tone="success">
              <CheckCircleIcon className="h-3.5 w-3.5" />
              {t('phone.verified')}
            </Badge>
          ) : (
            <Badge tone="warning">{t('phone.notVerified')}</Badge>
          )}
        </div>
      </Section>

      <Section
        title={t('password.title')}
        id="profile-password"
        action={
          <Button variant={editing ? 'ghost' : 'secondary'} size="sm" aria-expanded={editing} aria-controls="password-panel" onClick={() => setEditing((open) => !open)}>
            {editing ? t('password.close') : t('password.edit')}
          </Button>
        }
      >
        <div className="flex flex-wrap items-center gap-3">
          <ShieldIcon className="h-5 w-5 text-slate-500" />
          <span className="text-slate-700">{user.hasPassword ? t('password.isSet') : t('password.noneYet')}</span>
          {user.hasPassword ? <Badge tone="success">{t('password.set')}</Badge> : <Badge tone="neutral">{t('password.notSet')}</Badge>}
        </div>
        <div id="password-panel" hidden={!editing} className="mt-5 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200 sm:p-5">
          {editing ? (
            <PasswordForm hasPassword={user.hasPassword} onDone={() => setEditing(false)} onCancel={() => setEditing(false)} />
          ) : null}
        </div>
      </Section>

      <Section title={t('email.title')} id="profile-email">
        <EmailForm key={user.email ?? ''} email={user.email} pendingEmail={user.pendingEmail} />
      </Section>

      {/* Not while the account must first replace its password: the server refuses everything else until then. */}
      {user.mustChangePassword ? null : (
        <Section title={tn('settings.title')} id="profile-notifications">
          <NotificationSettings userId={user.id} email={user.email} />
        </Section>
      )}
    </div>
  );
}

export default function ProfilePage() {
  const { t } = useTexts();
  // The password form's checks speak with auth's texts (checkPasswordChange): fetched with the page, not when Edit is pressed.
  useTranslation('auth');
  useDocumentTitle(t('profilePage.title'));
  const { user, isLoading } = useCurrentUser();

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      {isLoading ? (
        <div className="mx-auto max-w-2xl" aria-busy="true">
          <Skeleton className="h-96 w-full rounded-2xl" />
        </div>
      ) : user ? (
        <Profile user={user} />
      ) : (
        <LoggedOut />
      )}
    </div>
  );
}
