/**
 * The register dialog, in Chinese until a language is chosen (docs/product/screens.md#register-dialog): phone, password and confirmation, then a code-verify step
 * whose Back returns to the form. The fields live inside the dialog's content, so closing it resets them.
 */
import { useRef, useState, type FormEvent } from 'react';
import { Trans } from 'react-i18next';
import { PASSWORD_MIN_LENGTH, PHONE_MIN_LENGTH, SMS_RESEND_COOLDOWN_SECONDS } from '../../../../contract/constants';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { formatPhone } from '../../../lib/phone';
import { useT } from '../../../i18n';
import { useRegister } from '../api/register';
import { useSendSmsCode } from '../api/send-sms-code';
import { closeAuthDialog, openLoginDialog } from '../login-dialog-store';
import { useCountdown } from '../use-countdown';
import { messageOf } from '../../../lib/message-of';
import { checkRegistration, checkRegistrationCode, type Problem } from '../validation';
import { CodeStep } from './code-step';
import { Dialog } from '../../../components/ui/dialog';
import { TicketIcon } from '../../../components/ui/icons';
import { PasswordField, TextField } from '../../../components/ui/field';
import { useFinishLogin } from './use-finish-login';

/** The texts of this file's components: the auth catalogue. */
const useTexts = () => useT('auth');

type Step = 'register' | 'sms-verify';

function complain(problem: Problem): void {
  toast({ ...problem, variant: 'destructive' });
}

function RegisterForms({ next }: { next: string | null }) {
  const { t } = useTexts();
  const [step, setStep] = useState<Step>('register');
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [code, setCode] = useState('');
  const [cameBack, setCameBack] = useState(false);
  /** The phone the last code went to; while its resend wait runs, that code is still the one to type. */
  const [sentTo, setSentTo] = useState<string | null>(null);
  const phoneRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const countdown = useCountdown();
  const send = useSendSmsCode();
  const register = useRegister();
  const finish = useFinishLogin(next);

  const codeStillFresh = countdown.remaining > 0 && sentTo === phone.trim();

  const sendCode = (options: { resend: boolean }) => {
    const problem = checkRegistration({ phone, password, confirmPassword });
    if (problem) {
      complain(problem);
      if (step === 'register') ({ phone: phoneRef, password: passwordRef, confirmPassword: confirmRef })[problem.field].current?.focus();
      else setStep('register');
      return;
    }
    if (!options.resend && codeStillFresh) {
      setStep('sms-verify');
      return;
    }
    send.mutate(phone, {
      onSuccess: () => {
        setSentTo(phone.trim());
        toast({ title: t('register.sentTitle'), description: t('register.sent', { phone: formatPhone(phone.trim()) }), variant: 'success' });
        countdown.start(SMS_RESEND_COOLDOWN_SECONDS);
        setCode('');
        setStep('sms-verify');
      },
      onError: (error) => complain({ title: t('register.sendFailedTitle'), description: messageOf(error, t('register.sendFailed')) }),
    });
  };

  const submitForm = (event: FormEvent) => {
    event.preventDefault();
    sendCode({ resend: false });
  };

  const submitCode = () => {
    const problem = checkRegistrationCode(code);
    if (problem) {
      complain(problem);
      codeRef.current?.focus();
      return;
    }
    register.mutate(
      { phone, password, smsCode: code },
      {
        onSuccess: () => {
          toast({ title: t('register.succeededTitle'), description: t('register.succeeded'), variant: 'success' });
          finish();
        },
        onError: (error) => complain({ title: t('register.failedTitle'), description: messageOf(error, t('register.failed')) }),
      },
    );
  };

  if (step === 'sms-verify') {
    return (
      <CodeStep
        code={code}
        onCodeChange={setCode}
        onSubmit={submitCode}
        onBack={() => {
          setCameBack(true);
          setStep('register');
        }}
        onResend={() => sendCode({ resend: true })}
        resendIn={countdown.remaining}
        resending={send.isPending}
        submitting={register.isPending}
        codeRef={codeRef}
        texts={{
          intro: (
            <Trans
              t={t}
              i18nKey='register.codeIntro'
              values={{ phone: formatPhone(phone.trim()) }}
              components={{ phone: <strong className="font-semibold text-slate-900 tabular-nums" /> }}
            />
          ),
          codeLabel: t('register.codeLabel'),
          submit: t('register.submit'),
          submitting: t('register.submitting'),
          back: t('register.back'),
          resend: t('register.resend'),
          resending: t('register.resending'),
          resendIn: (seconds) => t('register.resendIn', { seconds }),
        }}
      />
    );
  }

  return (
    <>
      <form noValidate onSubmit={submitForm} className="grid gap-4">
        <TextField
          ref={phoneRef}
          label={t('register.phoneLabel')}
          hint={t('register.phoneHint', { min: PHONE_MIN_LENGTH })}
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
          type="tel"
          autoComplete="tel"
          placeholder={t('register.phonePlaceholder')}
          autoFocus={!cameBack}
        />
        <PasswordField
          ref={passwordRef}
          label={t('register.passwordLabel')}
          hint={t('register.passwordHint', { min: PASSWORD_MIN_LENGTH })}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          autoComplete="new-password"
          placeholder={t('register.passwordPlaceholder')}
          showLabel={t('register.showPassword')}
          hideLabel={t('register.hidePassword')}
        />
        <PasswordField
          ref={confirmRef}
          label={t('register.confirmLabel')}
          value={confirmPassword}
          onChange={(event) => setConfirmPassword(event.target.value)}
          autoComplete="new-password"
          placeholder={t('register.confirmPlaceholder')}
          showLabel={t('register.showConfirm')}
          hideLabel={t('register.hideConfirm')}
          autoFocus={cameBack}
        />
        <Button type="submit" size="lg" disabled={send.isPending} className="mt-1">
          {send.isPending ? t('register.sending') : codeStillFresh ? t('register.enterCode') : t('register.getCode')}
        </Button>
      </form>
      <p className="mt-6 border-t border-slate-200 pt-5 text-center text-sm text-slate-600">
        {t('register.haveAccount')}{' '}
        <button type="button" onClick={() => openLoginDialog({ next })} className="text-link font-semibold">
          {t('register.login')}
        </button>
      </p>
    </>
  );
}

export function RegisterDialog({ open, next }: { open: boolean; next: string | null }) {
  const { t, langOf } = useTexts();
  return (
    <Dialog open={open} onOpenChange={(next) => {
        if (!next) closeAuthDialog();
      }}
      icon={<TicketIcon className="h-5 w-5" />} title={t('register.title')} description={t('register.description')} closeLabel={t('register.close')} lang={langOf('register.title')}>
      <RegisterForms next={next} />
    </Dialog>
  );
}
