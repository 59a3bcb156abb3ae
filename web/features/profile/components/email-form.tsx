/**
 * The profile's email (docs/product/rules.md#email-verification): optional, used for email login and for promotion by a superadmin, but only
 * once verified. A new address stays pending until the 6-digit code sent to it is entered here.
 */
import { useState, type FormEvent } from 'react';
import type { CurrentUser } from '../../../../contract/auth';
import { EMAIL_CODE_TTL_MINUTES, EMAIL_RESEND_COOLDOWN_SECONDS, SMS_CODE_LENGTH } from '../../../../contract/constants';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { CheckCircleIcon } from '../../../components/ui/icons';
import { toast } from '../../../components/ui/toast';
import { TextField } from '../../../components/ui/field';
import { useUpdateEmail, useVerifyEmail, useCountdown, messageOf, sanitizeCode } from '../../auth';

interface EmailFormProps {
  /** The verified email. */
  email: string | null;
  /** An email saved but not verified yet. */
  pendingEmail: string | null;
}

export function EmailForm({ email, pendingEmail }: EmailFormProps) {
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
      title: 'Code Sent',
      description: `We sent a ${SMS_CODE_LENGTH}-digit code to ${user.pendingEmail}. Enter it below to verify the email.`,
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
      else if (user.email) toast({ title: 'Email Saved', description: `${user.email} stays your verified email.`, variant: 'success' });
      else toast({ title: 'Email Removed', description: 'Your account no longer has an email.', variant: 'success' });
    } catch (error) {
      toast({ title: 'Email Update Failed', description: messageOf(error, 'An error occurred while saving your email'), variant: 'destructive' });
    }
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    if (code.length !== SMS_CODE_LENGTH) {
      toast({ title: 'Code Required', description: `Please enter the ${SMS_CODE_LENGTH}-digit verification code`, variant: 'destructive' });
      return;
    }
    try {
      const user = await verify.mutateAsync(code);
      toast({ title: 'Email Verified', description: `You can now log in with ${user.email}.`, variant: 'success' });
    } catch (error) {
      toast({ title: 'Verification Failed', description: messageOf(error, 'An error occurred while verifying your email'), variant: 'destructive' });
    }
  };

  const resendCode = async () => {
    if (!pendingEmail) return;
    try {
      codeSent(await resend.mutateAsync(pendingEmail));
    } catch (error) {
      toast({ title: 'Resend Failed', description: messageOf(error, 'An error occurred while sending the code'), variant: 'destructive' });
    }
  };

  const cancelPending = async () => {
    try {
      // The verified email given again drops the pending one; without one, nothing is left.
      const user = await cancel.mutateAsync(email);
      setValue(user.email ?? '');
      setCode('');
      toast({ title: 'Change Cancelled', description: user.email ? `${user.email} stays your email.` : 'Your account has no email.', variant: 'success' });
    } catch (error) {
      toast({ title: 'Email Update Failed', description: messageOf(error, 'An error occurred while saving your email'), variant: 'destructive' });
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
              Verified
            </Badge>
          </>
        ) : (
          <span className="text-slate-700">No verified email yet.</span>
        )}
      </div>

      <form noValidate onSubmit={submit} aria-label="Change email" className="grid gap-3">
        <TextField
          label="Email"
          hint="Optional. Once verified, it lets you log in with your email and lets an admin find your account."
          type="email"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          autoComplete="email"
          placeholder="you@example.com"
          maxLength={254}
        />
        <div>
          <Button type="submit" variant="outline" disabled={save.isPending || unchanged}>
            {save.isPending ? 'Saving…' : 'Save Email'}
          </Button>
        </div>
      </form>

      {pendingEmail ? (
        <form noValidate onSubmit={submitCode} aria-label="Verify email" className="grid gap-3 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200 sm:p-5">
          <p role="status" className="text-sm text-slate-700">
            Code sent to <strong className="break-all text-slate-900">{pendingEmail}</strong>. Until you enter it, this email is not used to log
            in.
          </p>
          <TextField
            label="Verification Code"
            hint={`The code expires ${EMAIL_CODE_TTL_MINUTES} minutes after it was sent.`}
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
              {verify.isPending ? 'Verifying…' : 'Verify'}
            </Button>
            {countdown.remaining > 0 ? (
              <p className="px-2 text-sm text-slate-600 tabular-nums">Resend in {countdown.remaining}s</p>
            ) : (
              <Button variant="ghost" onClick={resendCode} disabled={resend.isPending}>
                {resend.isPending ? 'Sending…' : 'Resend Code'}
              </Button>
            )}
            <Button variant="ghost" onClick={cancelPending} disabled={cancel.isPending}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
