/** The change-or-set password form of the profile (docs/product/screens.md#profile): the current password is asked for only when one is set. */
import { useRef, useState, type FormEvent } from 'react';
import { PASSWORD_MIN_LENGTH } from '../../../../contract/constants';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { PasswordField } from '../../../components/ui/field';
import { useChangePassword, checkPasswordChange, messageOf, type PasswordChangeField as Field } from '../../auth';

interface PasswordFormProps {
  hasPassword: boolean;
  onDone: () => void;
  onCancel: () => void;
}

export function PasswordForm({ hasPassword, onDone, onCancel }: PasswordFormProps) {
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
          title: 'Password Updated',
          description: hasPassword ? 'Your password has been changed. Other devices have been signed out.' : 'Your password is set. You can now log in with it.',
          variant: 'success',
        });
        onDone();
      },
      onError: (error) =>
        toast({ title: 'Password Update Failed', description: messageOf(error, 'An error occurred while updating password'), variant: 'destructive' }),
    });
  };

  return (
    <form noValidate onSubmit={submit} aria-label={hasPassword ? 'Change password' : 'Set password'} className="grid gap-4">
      {hasPassword ? (
        <PasswordField
          ref={currentRef}
          label="Current Password"
          value={currentPassword}
          onChange={(event) => setCurrentPassword(event.target.value)}
          autoComplete="current-password"
          autoFocus
          showLabel="Show current password"
          hideLabel="Hide current password"
        />
      ) : null}
      <PasswordField
        ref={newRef}
        label="New Password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        value={newPassword}
        onChange={(event) => setNewPassword(event.target.value)}
        autoComplete="new-password"
        autoFocus={!hasPassword}
        showLabel="Show new password"
        hideLabel="Hide new password"
      />
      <PasswordField
        ref={confirmRef}
        label="Confirm New Password"
        value={confirmPassword}
        onChange={(event) => setConfirmPassword(event.target.value)}
        autoComplete="new-password"
        showLabel="Show password confirmation"
        hideLabel="Hide password confirmation"
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Saving…' : hasPassword ? 'Update Password' : 'Set Password'}
        </Button>
        <Button variant="outline" onClick={onCancel} disabled={change.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
