/** The sms-verify step shared by login and registration: the 6-digit code, submit, back, and the resend countdown. */
import type { FormEvent, ReactNode, Ref } from 'react';
import { SMS_CODE_LENGTH } from '../../../../contract/constants';
import { Button } from '../../../components/ui/button';
import { ArrowLeftIcon } from '../../../components/ui/icons';
import { sanitizeCode } from '../validation';
import { TextField } from '../../../components/ui/field';

export interface CodeStepTexts {
  intro: ReactNode;
  codeLabel: string;
  submit: string;
  submitting: string;
  back: string;
  resend: string;
  resending: string;
  resendIn: (seconds: number) => string;
}

interface CodeStepProps {
  code: string;
  onCodeChange: (code: string) => void;
  onSubmit: () => void;
  onBack: () => void;
  onResend: () => void;
  /** Seconds until another code may be requested. */
  resendIn: number;
  resending: boolean;
  submitting: boolean;
  texts: CodeStepTexts;
  codeRef?: Ref<HTMLInputElement>;
  /** Extra content between the intro and the code (say, the phone the code went to). */
  children?: ReactNode;
}

export function CodeStep({ code, onCodeChange, onSubmit, onBack, onResend, resendIn, resending, submitting, texts, codeRef, children }: CodeStepProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form noValidate onSubmit={submit} className="grid gap-5">
      <p className="text-sm text-slate-700">{texts.intro}</p>
      {children}
      <TextField
        ref={codeRef}
        label={texts.codeLabel}
        value={code}
        onChange={(event) => onCodeChange(sanitizeCode(event.target.value))}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={SMS_CODE_LENGTH}
        placeholder="000000"
        autoFocus
        className="indent-[0.5em] text-center text-2xl font-semibold tracking-[0.5em] tabular-nums"
      />
      <Button type="submit" size="lg" disabled={submitting}>
        {submitting ? texts.submitting : texts.submit}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="ghost" size="sm" onClick={onBack} className="-ml-3">
          <ArrowLeftIcon className="h-4 w-4" />
          {texts.back}
        </Button>
        {resendIn > 0 ? (
          <p className="text-sm text-slate-600 tabular-nums">{texts.resendIn(resendIn)}</p>
        ) : (
          <Button variant="ghost" size="sm" onClick={onResend} disabled={resending} className="-mr-3 text-brand-800">
            {resending ? texts.resending : texts.resend}
          </Button>
        )}
      </div>
    </form>
  );
}
