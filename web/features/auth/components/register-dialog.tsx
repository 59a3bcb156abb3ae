/**
 * The register dialog, in Chinese (docs/product/screens.md#register-dialog): phone, password and confirmation, then a code-verify step
 * whose Back returns to the form. The fields live inside the dialog's content, so closing it resets them.
 */
import { useRef, useState, type FormEvent } from 'react';
import { PASSWORD_MIN_LENGTH, PHONE_MIN_LENGTH, SMS_RESEND_COOLDOWN_SECONDS } from '../../../../contract/constants';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { useRegister } from '../api/register';
import { useSendSmsCode } from '../api/send-sms-code';
import { closeAuthDialog, openLoginDialog } from '../login-dialog-store';
import { useCountdown } from '../use-countdown';
import { checkRegistration, checkRegistrationCode, messageOf, type Problem } from '../validation';
import { CodeStep } from './code-step';
import { Dialog } from '../../../components/ui/dialog';
import { TicketIcon } from '../../../components/ui/icons';
import { PasswordField, TextField } from '../../../components/ui/field';
import { useFinishLogin } from './use-finish-login';

type Step = 'register' | 'sms-verify';

function complain(problem: Problem): void {
  toast({ ...problem, variant: 'destructive' });
}

function RegisterForms({ next }: { next: string | null }) {
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
        toast({ title: '验证码已发送', description: `验证码已发送至 ${phone.trim()}，5分钟内有效`, variant: 'success' });
        countdown.start(SMS_RESEND_COOLDOWN_SECONDS);
        setCode('');
        setStep('sms-verify');
      },
      onError: (error) => complain({ title: '发送失败', description: messageOf(error, '验证码发送失败，请稍后重试') }),
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
          toast({ title: '注册成功', description: '欢迎加入！', variant: 'success' });
          finish();
        },
        onError: (error) => complain({ title: '注册失败', description: messageOf(error, '注册失败，请重试') }),
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
            <>
              请输入发送至 <strong className="font-semibold text-slate-900 tabular-nums">{phone.trim()}</strong> 的6位验证码。
            </>
          ),
          codeLabel: '验证码',
          submit: '完成注册',
          submitting: '注册中…',
          back: '返回',
          resend: '重新发送验证码',
          resending: '发送中…',
          resendIn: (seconds) => `${seconds} 秒后可重新发送`,
        }}
      />
    );
  }

  return (
    <>
      <form noValidate onSubmit={submitForm} className="grid gap-4">
        <TextField
          ref={phoneRef}
          label="手机号"
          hint={`至少${PHONE_MIN_LENGTH}位`}
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
          type="tel"
          autoComplete="tel"
          placeholder="请输入手机号"
          autoFocus={!cameBack}
        />
        <PasswordField
          ref={passwordRef}
          label="密码"
          hint={`至少${PASSWORD_MIN_LENGTH}位`}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          autoComplete="new-password"
          placeholder="请设置密码"
          showLabel="显示密码"
          hideLabel="隐藏密码"
        />
        <PasswordField
          ref={confirmRef}
          label="确认密码"
          value={confirmPassword}
          onChange={(event) => setConfirmPassword(event.target.value)}
          autoComplete="new-password"
          placeholder="请再次输入密码"
          showLabel="显示确认密码"
          hideLabel="隐藏确认密码"
          autoFocus={cameBack}
        />
        <Button type="submit" size="lg" disabled={send.isPending} className="mt-1">
          {send.isPending ? '发送中…' : codeStillFresh ? '输入验证码' : '获取验证码'}
        </Button>
      </form>
      <p className="mt-6 border-t border-slate-200 pt-5 text-center text-sm text-slate-600">
        已有账户？{' '}
        <button type="button" onClick={() => openLoginDialog({ next })} className="text-link font-semibold">
          登录
        </button>
      </p>
    </>
  );
}

export function RegisterDialog({ open, next }: { open: boolean; next: string | null }) {
  return (
    <Dialog open={open} onOpenChange={(next) => {
        if (!next) closeAuthDialog();
      }}
      icon={<TicketIcon className="h-5 w-5" />} title="注册" description="用手机号创建新账户" closeLabel="关闭" lang="zh-CN">
      <RegisterForms next={next} />
    </Dialog>
  );
}
