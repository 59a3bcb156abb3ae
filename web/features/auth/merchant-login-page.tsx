/**
 * /merchant/login (docs/product/screens.md#merchant-login): phone and password for merchant accounts only, owners and
 * staff alike. Owners land on their home, staff at the redeem screen (all they may use). Any other account is refused
 * and the session the server handed out for it is ended, so it never lingers on this device.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { paths } from '../../../contract/routes';
import { Button } from '../../components/ui/button';
import { FormPage } from '../../components/ui/form-page';
import { StoreIcon } from '../../components/ui/icons';
import { toast } from '../../components/ui/toast';
import { isApiError } from '../../lib/api-client';
import { messageOf } from '../../lib/message-of';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useT } from '../../i18n';
import { discardSession } from './api/logout';
import { usePasswordCheck } from './api/password-login';
import { useStartSession } from './api/start-session';
import { PasswordField, TextField } from '../../components/ui/field';
import { checkMerchantLogin } from './validation';

export default function MerchantLoginPage() {
  const { t } = useT('auth');
  useDocumentTitle(t('merchantLogin.title'));
  const [, navigate] = useLocation();
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const phoneRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const login = usePasswordCheck();
  const startSession = useStartSession();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = checkMerchantLogin({ phone, password });
    if (problem) {
      toast({ ...problem, variant: 'destructive' });
      (phone.trim() ? passwordRef : phoneRef).current?.focus();
      return;
    }
    login.mutate(
      { identifier: phone, password },
      {
        onSuccess: (answer) => {
          if (answer.user.role !== 'merchant') {
            void discardSession(answer.sessionId);
            toast({ title: t('merchantLogin.deniedTitle'), description: t('merchantLogin.denied'), variant: 'destructive' });
            return;
          }
          startSession(answer);
          if (answer.user.mustChangePassword) {
            // ADR 006: an admin-generated password is changed right after the first login.
            toast({
              title: t('merchantLogin.changePasswordTitle'),
              description: t('merchantLogin.changePassword'),
            });
            navigate(paths.profile);
            return;
          }
          toast({ title: t('merchantLogin.succeededTitle'), description: t('merchantLogin.succeeded'), variant: 'success' });
          navigate(answer.user.merchantRole === 'staff' ? paths.merchantRedeem : paths.merchantHome);
        },
        onError: (error) =>
          toast({
            title: t('merchantLogin.failedTitle'),
            description: messageOf(error, isApiError(error) ? t('merchantLogin.refused') : t('merchantLogin.failed')),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <FormPage
      back={{ href: paths.home, label: t('merchantLogin.backHome') }}
      tone="brand"
      icon={<StoreIcon className="h-6 w-6" />}
      title={t('merchantLogin.title')}
      subtitle={t('merchantLogin.subtitle')}
    >
          <form noValidate onSubmit={submit} className="mt-6 grid gap-4">
            <TextField
              ref={phoneRef}
              label={t('merchantLogin.phoneLabel')}
              value={phone}
              onChange={(event) => setPhone(event.target.value)}
              type="tel"
              autoComplete="username"
              placeholder={t('merchantLogin.phonePlaceholder')}
            />
            <PasswordField
              ref={passwordRef}
              label={t('merchantLogin.passwordLabel')}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              autoComplete="current-password"
              placeholder={t('merchantLogin.passwordPlaceholder')}
              showLabel={t('merchantLogin.showPassword')}
              hideLabel={t('merchantLogin.hidePassword')}
            />
            <Button type="submit" size="lg" disabled={login.isPending} className="mt-1">
              {login.isPending ? t('merchantLogin.submitting') : t('merchantLogin.submit')}
            </Button>
          </form>
          <p className="mt-6 border-t border-slate-200 pt-5 text-sm text-slate-600">
            {t('merchantLogin.note')}
          </p>
    </FormPage>
  );
}
