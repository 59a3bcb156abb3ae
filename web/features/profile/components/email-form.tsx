/**
 * The profile's email (docs/product/rules.md#email-verification): optional, used for email login and for promotion by a superadmin, but only
 * once verified. A new address stays pending until the 6-digit code sent to it is entered here.
 */
import { useState, type FormEvent } from 'react';
import { Trans } from 'react-i18next';
import type { CurrentUser } from '../../../../contract/auth';
import { EMAIL_CODE_TTL_MINUTES, EMAIL_MAX_LENGTH, EMAIL_RESEND_COOLDOWN_SECONDS, SMS_CODE_LENGTH } from '../../../../contract/constants';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { CheckCircleIcon } from '../../../components/ui/icons';
import { toast } from '../../../components/ui/toast';
import { TextField } from '../../../components/ui/field';
import { useT } from '../../../i18n';
import { messageOf } from '../../../lib/message-of';
import { useUpdateEmail, useVerifyEmail, useCountdown, sanitizeCode } from '../../auth';

interface EmailFormProps {
  /** The verified email. */
  email: string | null;
  /** An email saved but not verified yet. */
  pendingEmail: string | null;
}

export function EmailForm({ email, pendingEmail }: EmailFormProps) {
  const { t } = useT('profile');
  const [value, setValue] = useState(pendingEmail ?? email ?? '');
  const [code, setCode] = useState('');
  const save = useUpdateEmail();
  const resend = useUpdateEmail();
  const cancel = useUpdateEmail();
  const verify = useVerifyEmail();
  const countdown = useCountdown();
  const wanted = value.trim();
  const unchanged = wanted.toLowerCase() === (pendingEmail ?? email ?? '');

  const codeSent = (user: CurrentUser) => {
    setCode('');
    countdown.start(EMAIL_RESEND_COOLDOWN_SECONDS);
    toast({
      title: t('email.codeSentTitle'),
      description: t('email.codeSent', { length: SMS_CODE_LENGTH, email: user.pendingEmail }),
      variant: 'success',
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (unchanged) return;
    try {
      const user = await save.mutateAsync(wanted === '' ? null : wanted);
      setValue(user.pendingEmail ?? user.email ?? '');
      if (user.pendingEmail) codeSent(user);
      else if (user.email) toast({ title: t('email.savedTitle'), description: t('email.saved', { email: user.email }), variant: 'success' });
      else toast({ title: t('email.removedTitle'), description: t('email.removed'), variant: 'success' });
    } catch (error) {
      toast({ title: t('email.updateFailedTitle'), description: messageOf(error, t('email.updateFailed')), variant: 'destructive' });
    }
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    if (code.length !== SMS_CODE_LENGTH) {
      toast({ title: t('email.codeRequiredTitle'), description: t('email.codeRequired', { length: SMS_CODE_LENGTH }), variant: 'destructive' });
      return;
    }
    try {
      const user = await verify.mutateAsync(code);
      toast({ title: t('email.verifiedTitle'), description: t('email.verifiedDone', { email: user.email }), variant: 'success' });
    } catch (error) {
      toast({ title: t('email.verifyFailedTitle'), description: messageOf(error, t('email.verifyFailed')), variant: 'destructive' });
    }
  };

  const resendCode = async () => {
    if (!pendingEmail) return;
    try {
      codeSent(await resend.mutateAsync(pendingEmail));
    } catch (error) {
      toast({ title: t('email.resendFailedTitle'), description: messageOf(error, t('email.resendFailed')), variant: 'destructive' });
    }
  };

  const cancelPending = async () => {
    try {
      // The verified email given again drops the pending one; without one, nothing is left.
      const user = await cancel.mutateAsync(email);
      setValue(user.email ?? '');
      setCode('');
      toast({
        title: t('email.cancelledTitle'),
        description: user.email ? t('email.cancelledKept', { email: user.email }) : t('email.cancelledNone'),
        variant: 'success',
      });
    } catch (error) {
      toast({ title: t('email.updateFailedTitle'), description: messageOf(error, t('email.updateFailed')), variant: 'destructive' });
    }
  };

  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-center gap-3">
        {email ? (
          <>
            <span className="font-semibold break-all text-slate-900">{email}</span>
            <Badge tone="success">
              <CheckCircleIcon className="h-3.5 w-3.5" />
              {t('email.verified')}
            </Badge>
          </>
        ) : (
          <span className="text-slate-700">{t('email.noneVerified')}</span>
        )}
      </div>

      <form noValidate onSubmit={submit} aria-label={t('email.changeForm')} className="grid gap-3">
        <TextField
          label={t('email.label')}
          hint={t('email.hint')}
          type="email"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          autoComplete="email"
          placeholder="you@example.com"
          maxLength={EMAIL_MAX_LENGTH}
        />
        <div>
          <Button type="submit" variant="outline" disabled={save.isPending || unchanged}>
            {save.isPending ? t('email.saving') : t('email.save')}
          </Button>
        </div>
      </form>

      {pendingEmail ? (
        <form noValidate onSubmit={submitCode} aria-label={t('email.verifyForm')} className="grid gap-3 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200 sm:p-5">
          <p role="status" className="text-sm text-slate-700">
            <Trans t={t} i18nKey='email.pending' values={{ email: pendingEmail }} components={{ email: <strong className="break-all text-slate-900" /> }} />
          </p>
          <TextField
            label={t('email.codeLabel')}
            hint={t('email.codeHint', { minutes: EMAIL_CODE_TTL_MINUTES })}
            value={code}
            onChange={(event) => setCode(sanitizeCode(event.target.value))}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={SMS_CODE_LENGTH}
            placeholder="000000"
            className="tracking-[0.3em] tabular-nums"
          />
          <div className="flex flex-wrap items-center gap-2">
            <Button type="submit" disabled={verify.isPending}>
              {verify.isPending ? t('email.verifying') : t('email.verify')}
            </Button>
            {countdown.remaining > 0 ? (
              <p className="px-2 text-sm text-slate-600 tabular-nums">{t('email.resendIn', { seconds: countdown.remaining })}</p>
            ) : (
              <Button variant="ghost" onClick={resendCode} disabled={resend.isPending}>
                {resend.isPending ? t('email.sending') : t('email.resend')}
              </Button>
            )}
            <Button variant="ghost" onClick={cancelPending} disabled={cancel.isPending}>
              {t('email.cancel')}
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
