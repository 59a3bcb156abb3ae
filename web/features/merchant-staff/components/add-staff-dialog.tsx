/**
 * "Add staff": phone and name; then the new account's login, shown this once with a copy button, and the reminder that
 * the first password must be changed at the first login (ADR 006).
 */
import { useRef, useState, type FormEvent } from 'react';
import type { AddedStaffAnswer } from '../../../../contract/workspace';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, focusFirstError, FormFailure, hasErrors, Input } from '../../../components/ui/field';
import { CheckCircleIcon, CopyIcon } from '../../../components/ui/icons';
import { useT } from '../../../i18n';
import { useCopy } from '../../../lib/use-copy';
import { useAddStaff } from '../api/add-staff';
import { staffBody, staffRefusal, validateStaffForm, type StaffFormErrors, type StaffFormValues } from '../staff-form';

function CopyLogin({ added }: { added: AddedStaffAnswer }) {
  const { t } = useT('merchant');
  const { state, copy } = useCopy();
  const text = t('addStaff.copyText', { phone: added.loginInfo.phone, password: added.loginInfo.password });

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button variant="secondary" size="sm" onClick={() => void copy(text)}>
        {state === 'copied' ? <CheckCircleIcon className="h-4 w-4" /> : <CopyIcon className="h-4 w-4" />}
        {state === 'copied' ? t('addStaff.copied') : t('addStaff.copy')}
      </Button>
      <span role="status" className="text-xs text-slate-600">
        {state === 'failed' ? t('addStaff.copyFailed') : ''}
      </span>
    </div>
  );
}

function AddedLogin({ added, onDone }: { added: AddedStaffAnswer; onDone: () => void }) {
  const { t } = useT('merchant');
  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 rounded-xl bg-slate-50 p-4 text-sm ring-1 ring-slate-200">
        <dt className="text-slate-600">{t('addStaff.phone')}</dt>
        <dd className="font-mono font-semibold break-all text-slate-900">{added.loginInfo.phone}</dd>
        <dt className="text-slate-600">{t('addStaff.firstPassword')}</dt>
        <dd className="font-mono font-semibold break-all text-slate-900">{added.loginInfo.password}</dd>
      </dl>
      <p className="text-sm text-slate-700">{added.name ? t('addStaff.shownOnce', { name: added.name }) : t('addStaff.shownOnceNoName')}</p>
      <CopyLogin added={added} />
      <div className="flex justify-end">
        <Button onClick={onDone}>{t('addStaff.done')}</Button>
      </div>
    </div>
  );
}

function AddForm({ onAdded, onCancel }: { onAdded: (added: AddedStaffAnswer) => void; onCancel: () => void }) {
  const { t } = useT('merchant');
  const [values, setValues] = useState<StaffFormValues>({ phone: '', name: '' });
  const [errors, setErrors] = useState<StaffFormErrors>({});
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const add = useAddStaff();

  const set = (field: keyof StaffFormValues, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (tried) setErrors(validateStaffForm(next));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    const found = validateStaffForm(values);
    setErrors(found);
    setTried(true);
    setFailure(null);
    if (hasErrors(found)) {
      requestAnimationFrame(() => focusFirstError(formRef.current));
      return;
    }
    add.mutate(staffBody(values), {
      onSuccess: onAdded,
      onError: (error) => {
        const refusal = staffRefusal(error);
        if (refusal.field) {
          setErrors({ [refusal.field]: refusal.message });
          requestAnimationFrame(() => focusFirstError(formRef.current));
        } else {
          setFailure(refusal.message);
        }
      },
    });
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="grid gap-4">
      <Field id="staff-phone" label={t('addStaff.phoneLabel')} required error={errors.phone} hint={t('addStaff.phoneHint')}>
        {(control) => (
          <Input {...control} type="tel" inputMode="tel" autoComplete="off" value={values.phone} onChange={(event) => set('phone', event.target.value)} />
        )}
      </Field>
      <Field id="staff-name" label={t('addStaff.nameLabel')} error={errors.name} hint={t('addStaff.nameHint')}>
        {(control) => (
          <Input {...control} autoComplete="off" value={values.name} onChange={(event) => set('name', event.target.value)} />
        )}
      </Field>
      <FormFailure message={failure} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={add.isPending}>
          {t('addStaff.cancel')}
        </Button>
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? t('addStaff.adding') : t('addStaff.submit')}
        </Button>
      </div>
    </form>
  );
}

/** Mounted while open, so every opening starts with an empty form. */
export function AddStaffDialog({ onClose }: { onClose: () => void }) {
  const [added, setAdded] = useState<AddedStaffAnswer | null>(null);
  const { t } = useT('merchant');
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={added ? t('addStaff.addedTitle') : t('addStaff.title')}
      description={added ? undefined : t('addStaff.description')}
    >
      {added ? <AddedLogin added={added} onDone={onClose} /> : <AddForm onAdded={setAdded} onCancel={onClose} />}
    </Dialog>
  );
}
