/** The change-or-set password form of the profile (docs/product/screens.md#profile): the current password is asked for only when one is set. */
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH } from '../../../../contract/constants';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { PasswordField } from '../../../components/ui/field';
import { useT } from '../../../i18n';
import { messageOf } from '../../../lib/message-of';
import { useChangePassword, checkPasswordChange, type PasswordChangeField as Field } from '../../auth';

interface PasswordFormProps {
  hasPassword: boolean;
  onDone: () => void;
  onCancel: () => void;
}

export function PasswordForm({ hasPassword, onDone, onCancel }: PasswordFormProps) {
  const { t } = useT('profile');
  // The form's checks word their problems with auth's texts (checkPasswordChange): that catalogue must be at hand.
  useTranslation('auth');
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const currentRef = useRef<HTMLInputElement>(null);
  const newRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const focusField = (field: Field) => {
    const ref = field === 'currentPassword' ? currentRef : field === 'newPassword' ? newRef : confirmRef;
    ref.current?.focus();
  };
  const change = useChangePassword();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = checkPasswordChange({ hasPassword, currentPassword, newPassword, confirmPassword });
    if (problem) {
      toast({ title: problem.title, description: problem.description, variant: 'destructive' });
      focusField(problem.field);
      return;
    }
    change.mutate(hasPassword ? { currentPassword, newPassword } : { newPassword }, {
      onSuccess: () => {
        toast({
          title: t('passwordForm.updatedTitle'),
          description: hasPassword ? t('passwordForm.changed') : t('passwordForm.setDone'),
          variant: 'success',
        });
        onDone();
      },
      onError: (error) =>
        toast({ title: t('passwordForm.failedTitle'), description: messageOf(error, t('passwordForm.failed')), variant: 'destructive' }),
    });
  };

  return (
    <form noValidate onSubmit={submit} aria-label={hasPassword ? t('passwordForm.changeForm') : t('passwordForm.setForm')} className="grid gap-4">
      {hasPassword ? (
        <PasswordField
          ref={currentRef}
          label={t('passwordForm.current')}
          value={currentPassword}
          onChange={(event) => setCurrentPassword(event.target.value)}
          autoComplete="current-password"
          autoFocus
          showLabel={t('passwordForm.showCurrent')}
          hideLabel={t('passwordForm.hideCurrent')}
        />
      ) : null}
      <PasswordField
        ref={newRef}
        label={t('passwordForm.new')}
        hint={t('passwordForm.newHint', { min: PASSWORD_MIN_LENGTH })}
        value={newPassword}
        onChange={(event) => setNewPassword(event.target.value)}
        autoComplete="new-password"
        autoFocus={!hasPassword}
        showLabel={t('passwordForm.showNew')}
        hideLabel={t('passwordForm.hideNew')}
      />
      <PasswordField
        ref={confirmRef}
        label={t('passwordForm.confirm')}
        value={confirmPassword}
        onChange={(event) => setConfirmPassword(event.target.value)}
        autoComplete="new-password"
        showLabel={t('passwordForm.showConfirm')}
        hideLabel={t('passwordForm.hideConfirm')}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? t('passwordForm.saving') : hasPassword ? t('passwordForm.update') : t('passwordForm.setPassword')}
        </Button>
        <Button variant="outline" onClick={onCancel} disabled={change.isPending}>
          {t('passwordForm.cancel')}
        </Button>
      </div>
    </form>
  );
}
