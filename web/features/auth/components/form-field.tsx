/** Labelled inputs for the account screens: a text field and a password field with a show/hide toggle. */
import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { EyeIcon, EyeOffIcon } from '../../../components/ui/more-icons';
import { cn } from '../../../lib/cn';

export const inputClasses =
  'h-11 w-full rounded-xl border border-slate-300 bg-white px-3.5 text-base text-slate-900 shadow-xs transition-colors placeholder:text-slate-500 hover:border-slate-400 focus-visible:border-brand-600 focus-visible:outline-3 focus-visible:outline-brand-200 aria-invalid:border-red-600 disabled:bg-slate-50 disabled:text-slate-500';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  /** A line under the input, read out with it. */
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

function FieldFrame({ inputId, label, hint, hintId, children }: { inputId: string; label: ReactNode; hint?: ReactNode; hintId: string; children: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <label htmlFor={inputId} className="text-sm font-semibold text-slate-800">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function TextField({ label, hint, className, ref, ...props }: FieldProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  return (
    <FieldFrame inputId={inputId} label={label} hint={hint} hintId={hintId}>
      <input ref={ref} id={inputId} aria-describedby={hint ? hintId : undefined} className={cn(inputClasses, className)} {...props} />
    </FieldFrame>
  );
}

interface PasswordFieldProps extends Omit<FieldProps, 'type'> {
  /** Accessible names of the toggle, in the screen's language. */
  showLabel?: string;
  hideLabel?: string;
}

/** A password input whose eye button shows the characters typed; it starts hidden, as every new form should. */
export function PasswordField({ label, hint, className, ref, showLabel = 'Show password', hideLabel = 'Hide password', ...props }: PasswordFieldProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame inputId={inputId} label={label} hint={hint} hintId={hintId}>
      <div className="relative">
        <input
          ref={ref}
          id={inputId}
          type={visible ? 'text' : 'password'}
          aria-describedby={hint ? hintId : undefined}
          className={cn(inputClasses, 'pr-12', className)}
          {...props}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? hideLabel : showLabel}
          aria-controls={inputId}
          className="absolute top-1/2 right-1.5 grid h-9 w-9 -translate-y-1/2 place-items-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-ring"
        >
          {visible ? <EyeOffIcon className="h-5 w-5" /> : <EyeIcon className="h-5 w-5" />}
        </button>
      </div>
    </FieldFrame>
  );
}
