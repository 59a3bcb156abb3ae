/**
 * The login dialog (docs/product/screens.md#login-dialog): Password and SMS tabs; the SMS tab moves to a code-verify step once a code
 * is sent, and Back returns to it. The fields live inside the dialog's content, so closing it resets them.
 */
import { useRef, useState, type FormEvent, type Ref, type RefObject } from 'react';
import * as Tabs from '@radix-ui/react-tabs';
import { SMS_RESEND_COOLDOWN_SECONDS } from '../../../../contract/constants';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { usePasswordLogin } from '../api/password-login';
import { useSendSmsCode } from '../api/send-sms-code';
import { useVerifySmsCode } from '../api/verify-sms-code';
import { closeAuthDialog, openRegisterDialog } from '../login-dialog-store';
import { useCountdown } from '../use-countdown';
import { checkPasswordLogin, checkSmsCode, checkSmsPhone, messageOf, type Problem } from '../validation';
import { CodeStep } from './code-step';
import { Dialog } from '../../../components/ui/dialog';
import { TicketIcon } from '../../../components/ui/icons';
import { PasswordField, TextField } from '../../../components/ui/field';
import { useFinishLogin } from './use-finish-login';

const tabClasses =
  'flex-1 rounded-lg px-3 py-2 text-sm font-semibold text-slate-600 transition-colors hover:text-slate-900 focus-ring data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow-sm';

function complain(problem: Problem): void {
  toast({ ...problem, variant: 'destructive' });
}

function PasswordTab({ onDone, focusOnMount }: { onDone: () => void; focusOnMount: boolean }) {
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
      (problem.title === 'Password Required' ? passwordRef : identifierRef).current?.focus();
      return;
    }
    login.mutate(
      { identifier, password },
      {
        onSuccess: () => {
          toast({ title: 'Login Successful', description: 'Welcome back!', variant: 'success' });
          onDone();
        },
        onError: (error) =>
          complain({
            title: 'Login Failed',
            description: messageOf(error, isApiError(error) ? 'Invalid phone number or password' : 'Login failed'),
          }),
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <TextField
        ref={identifierRef}
        label="Phone Number"
        hint="The email on your profile works too."
        value={identifier}
        onChange={(event) => setIdentifier(event.target.value)}
        type="text"
        autoComplete="username"
        placeholder="Phone number or email"
        autoFocus={focusOnMount}
      />
      <PasswordField
        ref={passwordRef}
        label="Password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        autoComplete="current-password"
        placeholder="Your password"
      />
      <Button type="submit" size="lg" disabled={login.isPending} className="mt-1">
        {login.isPending ? 'Logging in…' : 'Login'}
      </Button>
    </form>
  );
}

type SmsStep = 'auth' | 'sms-verify';

/** The SMS flow's state, kept above the tabs so the phone survives the trip to the verify step and back. */
function useSmsLogin(onDone: () => void, fields: { phoneRef: RefObject<HTMLInputElement | null>; codeRef: RefObject<HTMLInputElement | null> }) {
  const { phoneRef, codeRef } = fields;
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
        const description = answer.message === SENT_TITLE ? `Enter the 6-digit code sent to ${phone.trim()}.` : answer.message;
        toast({ title: SENT_TITLE, description, variant: 'success' });
        countdown.start(SMS_RESEND_COOLDOWN_SECONDS);
        setCode('');
        setStep('sms-verify');
      },
      onError: (error) => complain({ title: 'Error', description: messageOf(error, 'Failed to send SMS') }),
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
          toast({ title: 'Phone number verified successfully', description: 'You are now logged in.', variant: 'success' });
          onDone();
        },
        onError: (error) => complain({ title: 'Error', description: messageOf(error, 'Invalid verification code') }),
      },
    );
  };

  return { step, setStep, phone, setPhone, code, setCode, countdown, codeStillFresh, send, verify, sendCode, verifyCode };
}

const SENT_TITLE = 'SMS code sent';

type SmsLogin = ReturnType<typeof useSmsLogin>;

function SmsPhoneForm({ sms, phoneRef, focusOnMount }: { sms: SmsLogin; phoneRef: Ref<HTMLInputElement>; focusOnMount: boolean }) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    sms.sendCode({ resend: false });
  };
  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <TextField
        ref={phoneRef}
        label="Phone Number"
        hint="We will text you a 6-digit code. New here? Verifying creates your account."
        value={sms.phone}
        onChange={(event) => sms.setPhone(event.target.value)}
        type="tel"
        autoComplete="tel"
        placeholder="5551234567"
        autoFocus={focusOnMount}
      />
      <Button type="submit" size="lg" disabled={sms.send.isPending} className="mt-1">
        {sms.send.isPending ? 'Sending…' : sms.codeStillFresh ? 'Enter Code' : 'Send Code'}
      </Button>
    </form>
  );
}

function SmsVerifyStep({ sms, codeRef, onBack }: { sms: SmsLogin; codeRef: Ref<HTMLInputElement>; onBack: () => void }) {
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
          <>
            Enter the 6-digit code we sent to <strong className="font-semibold text-slate-900 tabular-nums">{sms.phone.trim()}</strong>.
          </>
        ),
        codeLabel: 'Verification Code',
        submit: 'Verify',
        submitting: 'Verifying…',
        back: 'Back',
        resend: 'Resend code',
        resending: 'Sending…',
        resendIn: (seconds) => `Resend code in ${seconds}s`,
      }}
    />
  );
}

function LoginForms({ next }: { next: string | null }) {
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
        <Tabs.List aria-label="Login method" className="mb-5 flex gap-1 rounded-xl bg-slate-100 p-1">
          <Tabs.Trigger value="password" className={tabClasses}>
            Password
          </Tabs.Trigger>
          <Tabs.Trigger value="sms" className={tabClasses}>
            SMS
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
        Don&apos;t have an account?{' '}
        <button type="button" onClick={() => openRegisterDialog({ next })} className="text-link font-semibold">
          Register
        </button>
      </p>
    </>
  );
}

export function LoginDialog({ open, next }: { open: boolean; next: string | null }) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) closeAuthDialog();
      }}
      icon={<TicketIcon className="h-5 w-5" />}
      title="Login"
      description="Use your password or a one-time SMS code."
      closeLabel="Close"
    >
      <LoginForms next={next} />
    </Dialog>
  );
}
