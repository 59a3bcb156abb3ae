/**
 * /merchant/login (docs/product/screens.md#merchant-login): phone and password for merchant accounts only. Any other account is refused
 * and the session the server handed out for it is ended, so it never lingers on this device.
 */
import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { paths } from '../../../contract/routes';
import { Button, buttonClasses } from '../../components/ui/button';
import { ArrowLeftIcon, StoreIcon } from '../../components/ui/icons';
import { toast } from '../../components/ui/toast';
import { isApiError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { discardSession } from './api/logout';
import { usePasswordCheck } from './api/password-login';
import { useStartSession } from './api/start-session';
import { PasswordField, TextField } from '../../components/ui/field';
import { checkMerchantLogin, messageOf } from './validation';

export default function MerchantLoginPage() {
  useDocumentTitle('Merchant Login');
  const [, navigate] = useLocation();
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const phoneRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const login = usePasswordCheck();
  const startSession = useStartSession();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = checkMerchantLogin({ phone, password });
    if (problem) {
      toast({ ...problem, variant: 'destructive' });
      (phone.trim() ? passwordRef : phoneRef).current?.focus();
      return;
    }
    login.mutate(
      { identifier: phone, password },
      {
        onSuccess: (answer) => {
          if (answer.user.role !== 'merchant') {
            void discardSession(answer.sessionId);
            toast({ title: 'Access Denied', description: 'This account is not authorized for merchant access', variant: 'destructive' });
            return;
          }
          startSession(answer);
          if (answer.user.mustChangePassword) {
            // ADR 006: an admin-generated password is changed right after the first login.
            toast({
              title: 'Please change your password',
              description: 'Your account still uses the password it was created with. Set your own now.',
            });
            navigate(paths.profile);
            return;
          }
          toast({ title: 'Login Successful', description: 'Welcome back!', variant: 'success' });
          navigate(paths.home);
        },
        onError: (error) =>
          toast({
            title: 'Login Failed',
            description: messageOf(error, isApiError(error) ? 'Invalid phone number or password' : 'Login failed'),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-16 lg:px-8">
      <div className="mx-auto max-w-md">
        <Link href={paths.home} className={buttonClasses('ghost', 'sm', '-ml-3')}>
          <ArrowLeftIcon className="h-4 w-4" />
          Back to Home
        </Link>
        <div className="mt-4 surface p-6 sm:p-8">
          <div className="flex items-center gap-3">
            <span aria-hidden="true" className="grid h-12 w-12 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700">
              <StoreIcon className="h-6 w-6" />
            </span>
            <div>
              <h1 className="text-2xl font-bold text-slate-900">Merchant Login</h1>
              <p className="text-sm text-slate-600">Redeem your customers&apos; vouchers.</p>
            </div>
          </div>
          <form noValidate onSubmit={submit} className="mt-6 grid gap-4">
            <TextField
              ref={phoneRef}
              label="Phone Number"
              value={phone}
              onChange={(event) => setPhone(event.target.value)}
              type="tel"
              autoComplete="username"
              placeholder="Your merchant phone number"
            />
            <PasswordField
              ref={passwordRef}
              label="Password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              autoComplete="current-password"
              placeholder="Your password"
            />
            <Button type="submit" size="lg" disabled={login.isPending} className="mt-1">
              {login.isPending ? 'Logging in…' : 'Login'}
            </Button>
          </form>
          <p className="mt-6 border-t border-slate-200 pt-5 text-sm text-slate-600">
            Merchant accounts are created by the marketplace team. Shopping instead? Use the Login button at the top of the page.
          </p>
        </div>
      </div>
    </div>
  );
}
