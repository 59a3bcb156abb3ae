/** The profile's email: optional, used for email login and for promotion by a superadmin (DECISIONS.md D7). */
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { useUpdateEmail } from '../../auth/api/update-user';
import { TextField } from '../../auth/components/form-field';
import { messageOf } from '../../auth/validation';

export function EmailForm({ email }: { email: string | null }) {
  const [value, setValue] = useState(email ?? '');
  const update = useUpdateEmail();
  const wanted = value.trim();
  const unchanged = wanted === (email ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (unchanged) return;
    update.mutate(wanted === '' ? null : wanted, {
      onSuccess: (user) => {
        setValue(user.email ?? '');
        toast({
          title: user.email ? 'Email Saved' : 'Email Removed',
          description: user.email ? `You can now log in with ${user.email}.` : 'Your account no longer has an email.',
          variant: 'success',
        });
      },
      onError: (error) => toast({ title: 'Email Update Failed', description: messageOf(error, 'An error occurred while saving your email'), variant: 'destructive' }),
    });
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-3">
      <TextField
          label="Email"
          hint="Optional. Lets you log in with your email, and lets an admin find your account."
          type="email"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          autoComplete="email"
          placeholder="you@example.com"
          maxLength={254}
        />
      <div>
        <Button type="submit" variant="outline" disabled={update.isPending || unchanged}>
          {update.isPending ? 'Saving…' : 'Save Email'}
        </Button>
      </div>
    </form>
  );
}
