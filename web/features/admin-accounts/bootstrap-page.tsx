/** /admin/bootstrap (docs/product/screens.md#superadmin-bootstrap): creates the first superadmin from a phone and the server's bootstrap secret, in development only. */
import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { paths } from '../../../contract/routes';
import { Button } from '../../components/ui/button';
import { FormPage } from '../../components/ui/form-page';
import { InfoIcon, ShieldCheckIcon } from '../../components/ui/icons';
import { toast } from '../../components/ui/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PasswordField, TextField } from '../../components/ui/field';
import { useCurrentUser, messageOf } from '../auth';
import { useBootstrapSuperadmin } from './api/bootstrap';

export default function BootstrapPage() {
  useDocumentTitle('Superadmin Bootstrap');
  const [, navigate] = useLocation();
  const { user } = useCurrentUser();
  const [phone, setPhone] = useState('');
  const [secret, setSecret] = useState('');
  const phoneRef = useRef<HTMLInputElement>(null);
  const secretRef = useRef<HTMLInputElement>(null);
  const bootstrap = useBootstrapSuperadmin();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!phone.trim() || !secret.trim()) {
      toast({ title: 'Error', description: 'Please fill in all fields', variant: 'destructive' });
      (phone.trim() ? secretRef : phoneRef).current?.focus();
      return;
    }
    bootstrap.mutate(
      { phone, secret },
      {
        onSuccess: (answer) => {
          toast({
            title: 'Superadmin created',
            description: `You are logged in as ${answer.user.phone}. Set a password on your profile to log in again later.`,
            variant: 'success',
          });
          navigate(paths.adminPromote);
        },
        onError: (error) => toast({ title: 'Bootstrap failed', description: messageOf(error, 'Unknown error'), variant: 'destructive' }),
      },
    );
  };

  return (
    <FormPage back={{ href: paths.home, label: 'Back to Home' }} tone="dark" icon={<ShieldCheckIcon className="h-6 w-6" />} title="Superadmin Bootstrap" subtitle="Create the marketplace's first superadmin.">

          <div className="mt-6 flex gap-3 rounded-xl bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-200">
            <InfoIcon className="mt-0.5 h-5 w-5 shrink-0 text-amber-800" />
            <p>
              This process is available only in development mode. It works once: after the first superadmin exists, new admins are promoted by an
              existing one.
            </p>
          </div>

          {user?.role === 'superadmin' ? (
            <p className="mt-4 text-sm text-slate-700">
              You are already signed in as a superadmin.{' '}
              <Link href={paths.adminPromote} className="text-link font-semibold">
                Go to Promote Admin
              </Link>
            </p>
          ) : null}

          <form noValidate onSubmit={submit} className="mt-6 grid gap-4">
            <TextField
              ref={phoneRef}
              label="Phone Number"
              hint="The superadmin's phone number; it becomes their login."
              value={phone}
              onChange={(event) => setPhone(event.target.value)}
              type="tel"
              autoComplete="tel"
              placeholder="5551234567"
            />
            <PasswordField
              ref={secretRef}
              label="Bootstrap Secret"
              hint="The BOOTSTRAP_SECRET the server was started with."
              value={secret}
              onChange={(event) => setSecret(event.target.value)}
              autoComplete="off"
              showLabel="Show secret"
              hideLabel="Hide secret"
            />
            <Button type="submit" size="lg" disabled={bootstrap.isPending} className="mt-1">
              {bootstrap.isPending ? 'Creating…' : 'Create Superadmin'}
            </Button>
          </form>
    </FormPage>
  );
}
