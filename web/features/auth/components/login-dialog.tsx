/**
 * The login dialog (docs/product/screens.md#login-dialog): Password and SMS tabs; the SMS tab moves to a code-verify step once a code
 * is sent, and Back returns to it. The fields live inside the dialog's content, so closing it resets them.
 */
import { useRef, useState, type FormEvent, type Ref, type RefObject } from 'react';
import * as Tabs from '@radix-ui/react-tabs';
import { Trans } from 'react-i18next';
import { SMS_RESEND_COOLDOWN_SECONDS } from '../../../../contract/constants';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { messageOf } from '../../../lib/message-of';
import { formatPhone } from '../../../lib/phone';
import { useT } from '../../../i18n';
import { usePasswordLogin } from '../api/password-login';
import { useSendSmsCode } from '../api/send-sms-code';
import { useVerifySmsCode } from '../api/verify-sms-code';
import { closeAuthDialog, openRegisterDialog } from '../login-dialog-store';
import { useCountdown } from '../use-countdown';
import { checkPasswordLogin, checkSmsCode, checkSmsPhone, type Problem } from '../validation';
import { CodeStep } from './code-step';
import { Dialog } from '../../../components/ui/dialog';
import { TicketIcon } from '../../../components/ui/icons';
import { PasswordField, TextField } from '../../../components/ui/field';
import { useFinishLogin } from './use-finish-login';

/** The texts of this file's components: the auth catalogue. */
const useTexts = () => useT('auth');

const tabClasses =
  'flex-1 rounded-lg px-3 py-2 text-sm font-semibold text-slate-600 transition-colors hover:text-slate-900 focus-ring data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow-sm';

function complain(problem: Problem): void {
  toast({ ...problem, variant: 'destructive' });
}

function PasswordTab({ onDone, focusOnMount }: { onDone: () => void; focusOnMount: boolean }) {
  const { t } = useTexts();
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const identifierRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const login = usePasswordLogin();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = checkPasswordLogin({ identifier, password });
    if (problem) {
      complain(problem);
      (identifier.trim() ? passwordRef : identifierRef).current?.focus();
      return;
    }
    login.mutate(
      { identifier, password },
      {
        onSuccess: () => {
          toast({ title: t('passwordLogin.succeededTitle'), description: t('passwordLogin.succeeded'), variant: 'success' });
          onDone();
        },
        onError: (error) =>
          complain({
            title: t('passwordLogin.failedTitle'),
            description: messageOf(error, isApiError(error) ? t('passwordLogin.refused') : t('passwordLogin.failed')),
          }),
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <TextField
        ref={identifierRef}
        label={t('passwordLogin.phoneLabel')}
        hint={t('passwordLogin.phoneHint')}
        value={identifier}
        onChange={(event) => setIdentifier(event.target.value)}
        type="text"
        autoComplete="username"
        placeholder={t('passwordLogin.phonePlaceholder')}
        autoFocus={focusOnMount}
      />
      <PasswordField
        ref={passwordRef}
        label={t('passwordLogin.passwordLabel')}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        autoComplete="current-password"
        placeholder={t('passwordLogin.passwordPlaceholder')}
        showLabel={t('passwordLogin.showPassword')}
        hideLabel={t('passwordLogin.hidePassword')}
      />
      <Button type="submit" size="lg" disabled={login.isPending} className="mt-1">
        {login.isPending ? t('passwordLogin.submitting') : t('passwordLogin.submit')}
      </Button>
    </form>
  );
}

type SmsStep = 'auth' | 'sms-verify';

/** The SMS flow's state, kept above the tabs so the phone survives the trip to the verify step and back. */
function useSmsLogin(onDone: () => void, fields: { phoneRef: RefObject<HTMLInputElement | null>; codeRef: RefObject<HTMLInputElement | null> }) {
  const { phoneRef, codeRef } = fields;
  const { t } = useTexts();
  const [step, setStep] = useState<SmsStep>('auth');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  /** The phone the last code went to; while its resend wait runs, that code is still the one to type. */
  const [sentTo, setSentTo] = useState<string | null>(null);
  const countdown = useCountdown();
  const send = useSendSmsCode();
  const verify = useVerifySmsCode();

  const codeStillFresh = countdown.remaining > 0 && sentTo === phone.trim();

  const sendCode = (options: { resend: boolean }) => {
    const problem = checkSmsPhone(phone);
    if (problem) {
      complain(problem);
      phoneRef.current?.focus();
      return;
    }
    if (!options.resend && codeStillFresh) {
      setStep('sms-verify');
      return;
    }
    send.mutate(phone, {
      onSuccess: (answer) => {
        setSentTo(phone.trim());
        const title = t('sms.sentTitle');
        // The server's plain acknowledgement (in English, or in the chosen language) gets the dialog's own sentence; anything else it says is shown as it comes.
        const description = answer.message === SERVER_SENT_MESSAGE || answer.message === title ? t('sms.sent', { phone: formatPhone(phone.trim()) }) : answer.message;
        toast({ title, description, variant: 'success' });
        countdown.start(SMS_RESEND_COOLDOWN_SECONDS);
        setCode('');
        setStep('sms-verify');
      },
      onError: (error) => complain({ title: t('sms.errorTitle'), description: messageOf(error, t('sms.sendFailed')) }),
    });
  };

  const verifyCode = () => {
    const problem = checkSmsCode(code);
    if (problem) {
      complain(problem);
      codeRef.current?.focus();
      return;
    }
    verify.mutate(
      { phone, code },
      {
        onSuccess: () => {
          toast({ title: t('sms.verifiedTitle'), description: t('sms.verified'), variant: 'success' });
          onDone();
        },
        onError: (error) => complain({ title: t('sms.errorTitle'), description: messageOf(error, t('sms.verifyFailed')) }),
      },
    );
  };

  return { step, setStep, phone, setPhone, code, setCode, countdown, codeStillFresh, send, verify, sendCode, verifyCode };
}

/** What the server answers when it has texted a code. */
const SERVER_SENT_MESSAGE = 'SMS code sent';

type SmsLogin = ReturnType<typeof useSmsLogin>;

function SmsPhoneForm({ sms, phoneRef, focusOnMount }: { sms: SmsLogin; phoneRef: Ref<HTMLInputElement>; focusOnMount: boolean }) {
  const { t } = useTexts();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    sms.sendCode({ resend: false });
  };
  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <TextField
        ref={phoneRef}
        label={t('sms.phoneLabel')}
        hint={t('sms.phoneHint')}
        value={sms.phone}
        onChange={(event) => sms.setPhone(event.target.value)}
        type="tel"
        autoComplete="tel"
        placeholder="5551234567"
        autoFocus={focusOnMount}
      />
      <Button type="submit" size="lg" disabled={sms.send.isPending} className="mt-1">
        {sms.send.isPending ? t('sms.sending') : sms.codeStillFresh ? t('sms.enterCode') : t('sms.send')}
      </Button>
    </form>
  );
}

function SmsVerifyStep({ sms, codeRef, onBack }: { sms: SmsLogin; codeRef: Ref<HTMLInputElement>; onBack: () => void }) {
  const { t } = useTexts();
  return (
    <CodeStep
      code={sms.code}
      onCodeChange={sms.setCode}
      onSubmit={sms.verifyCode}
      onBack={onBack}
      onResend={() => sms.sendCode({ resend: true })}
      resendIn={sms.countdown.remaining}
      resending={sms.send.isPending}
      submitting={sms.verify.isPending}
      codeRef={codeRef}
      texts={{
        intro: (
          <Trans
            t={t}
            i18nKey='sms.codeIntro'
            values={{ phone: formatPhone(sms.phone.trim()) }}
            components={{ phone: <strong className="font-semibold text-slate-900 tabular-nums" /> }}
          />
        ),
        codeLabel: t('sms.codeLabel'),
        submit: t('sms.verify'),
        submitting: t('sms.verifying'),
        back: t('sms.back'),
        resend: t('sms.resend'),
        resending: t('sms.resending'),
        resendIn: (seconds) => t('sms.resendIn', { seconds }),
      }}
    />
  );
}

function LoginForms({ next }: { next: string | null }) {
  const { t } = useTexts();
  const [tab, setTab] = useState('password');
  // Inputs take focus when the dialog opens or the verify step is left, never while someone moves along the tabs.
  const [focusTarget, setFocusTarget] = useState<'password' | 'sms' | null>('password');
  const finish = useFinishLogin(next);
  const phoneRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const sms = useSmsLogin(finish, { phoneRef, codeRef });

  const body =
    sms.step === 'sms-verify' ? (
      <SmsVerifyStep
        sms={sms}
        codeRef={codeRef}
        onBack={() => {
          setFocusTarget('sms');
          sms.setStep('auth');
        }}
      />
    ) : (
      <Tabs.Root
        value={tab}
        onValueChange={(value) => {
          setFocusTarget(null);
          setTab(value);
        }}
      >
        <Tabs.List aria-label={t('login.methods')} className="mb-5 flex gap-1 rounded-xl bg-slate-100 p-1">
          <Tabs.Trigger value="password" className={tabClasses}>
            {t('login.passwordTab')}
          </Tabs.Trigger>
          <Tabs.Trigger value="sms" className={tabClasses}>
            {t('login.smsTab')}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="password" className="rounded-lg focus-ring">
          <PasswordTab onDone={finish} focusOnMount={focusTarget === 'password'} />
        </Tabs.Content>
        <Tabs.Content value="sms" className="rounded-lg focus-ring">
          <SmsPhoneForm sms={sms} phoneRef={phoneRef} focusOnMount={focusTarget === 'sms'} />
        </Tabs.Content>
      </Tabs.Root>
    );

  return (
    <>
      {body}
      <p className="mt-6 border-t border-slate-200 pt-5 text-center text-sm text-slate-600">
        {t('login.noAccount')}{' '}
        <button type="button" onClick={() => openRegisterDialog({ next })} className="text-link font-semibold">
          {t('login.register')}
        </button>
      </p>
    </>
  );
}

export function LoginDialog({ open, next }: { open: boolean; next: string | null }) {
  const { t } = useTexts();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) closeAuthDialog();
      }}
      icon={<TicketIcon className="h-5 w-5" />}
      title={t('login.title')}
      description={t('login.description')}
      closeLabel={t('login.close')}
    >
      <LoginForms next={next} />
    </Dialog>
  );
}
