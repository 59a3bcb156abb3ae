/**
 * A labelled form control with its hint and error wired up for assistive technology: the label names the control
 * (its id is the control's plus '-label', for a control that is named by aria-labelledby, such as the rich-text editor),
 * the error and the hint describe it (aria-describedby), and an error marks it invalid (aria-invalid).
 */
import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';
import { translate } from '../../i18n';
import { AlertIcon, EyeIcon, EyeOffIcon } from './icons';

/** The look of every text control (inputs, text areas, selects); the height is the control's own. */
export const inputClasses =
  'block w-full rounded-xl border border-slate-300 bg-white px-3.5 text-slate-900 shadow-xs transition-colors placeholder:text-slate-500 hover:border-slate-400 focus-visible:border-brand-600 focus-visible:outline-3 focus-visible:outline-brand-200 aria-invalid:border-red-600 disabled:bg-slate-50 disabled:text-slate-500';

/** What a Field hands its control. */
export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  required: boolean | undefined;
}

interface FieldProps {
  /** The control's id; one is made up when not given. */
  id?: string;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  error?: ReactNode;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}

export function Field({ id, label, required = false, hint, error, className, children }: FieldProps) {
  const madeId = useId();
  const controlId = id ?? madeId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid content-start gap-1.5', className)}>
      <label id={`${controlId}-label`} htmlFor={controlId} className="text-sm font-semibold text-slate-800">
        {label}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-red-700">
            *
          </span>
        ) : null}
      </label>
      {children({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy, required: required || undefined })}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function Input({ className, ref, ...props }: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return <input ref={ref} className={cn(inputClasses, 'h-11', className)} {...props} />;
}

export function Textarea({ className, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea className={cn(inputClasses, 'resize-y py-2.5', className)} {...props} />;
}

interface PasswordInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  id: string;
  ref?: Ref<HTMLInputElement>;
  /** Accessible names of the toggle, in the screen's language. */
  showLabel?: string;
  hideLabel?: string;
}

/** A password input whose eye button shows the characters typed; it starts hidden, as every new form should. */
export function PasswordInput({ id, className, ref, showLabel, hideLabel, ...props }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input ref={ref} id={id} type={visible ? 'text' : 'password'} className={cn('pr-12', className)} {...props} />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? (hideLabel ?? translate('common:hidePassword')) : (showLabel ?? translate('common:showPassword'))}
        aria-controls={id}
        className="absolute top-1/2 right-1.5 grid h-9 w-9 -translate-y-1/2 place-items-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-ring"
      >
        {visible ? <EyeOffIcon className="h-5 w-5" /> : <EyeIcon className="h-5 w-5" />}
      </button>
    </div>
  );
}

/** True when a form's checks found anything to refuse. */
export function hasErrors(errors: object): boolean {
  return Object.keys(errors).length > 0;
}

/** Moves focus to the first control the checks refused, so keyboard and screen-reader users land on the problem. */
export function focusFirstError(form: HTMLFormElement | null): void {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: ReactNode;
  /** A line under the input, read out with it. */
  hint?: ReactNode;
  error?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

/** A Field holding one Input: the common case. */
export function TextField({ label, hint, error, required, ref, ...props }: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => <Input ref={ref} {...control} required={required} {...props} />}
    </Field>
  );
}

type PasswordFieldProps = Omit<TextFieldProps, 'type'> & { showLabel?: string; hideLabel?: string };

/** A Field holding one PasswordInput. */
export function PasswordField({ label, hint, error, required, ref, ...props }: PasswordFieldProps) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => <PasswordInput ref={ref} {...control} required={required} {...props} />}
    </Field>
  );
}

/** Why a whole form was refused (not one field's error), announced when it appears; nothing while there is none. */
export function FormFailure({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="flex gap-2 rounded-xl bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
      <AlertIcon className="h-5 w-5 shrink-0" />
      <span className="break-words">{message}</span>
    </p>
  );
}
