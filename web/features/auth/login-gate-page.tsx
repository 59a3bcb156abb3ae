/** /login (SPEC.md §2): signed-in visitors go on to `next`; guests see 'Please Login' and a Login button. */
import { useEffect } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { Link, useLocation, useSearch } from 'wouter';
import { paths } from '../../../contract/routes';
import { Button, buttonClasses } from '../../components/ui/button';
import { UserIcon, XIcon } from '../../components/ui/icons';
import { Skeleton } from '../../components/ui/skeleton';
import { safeNextPath } from '../../lib/safe-next';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentUser } from './api/get-current-user';

export default function LoginGatePage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const { user, isLoading } = useCurrentUser();
  const next = safeNextPath(new URLSearchParams(search).get('next'));
  useDocumentTitle('Login');

  useEffect(() => {
    if (user) navigate(next, { replace: true });
  }, [user, next, navigate]);

  if (isLoading || user) {
    return (
      <div className="mx-auto max-w-md px-4 py-16" aria-busy="true">
        <Skeleton className="h-64 w-full rounded-2xl" />
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <div className="mx-auto max-w-md surface px-6 py-12 text-center">
        <span className="mx-auto grid h-14 w-14 place-items-center rounded-full bg-brand-50 text-brand-700">
          <UserIcon className="h-7 w-7" />
        </span>
        <h1 className="mt-5 text-2xl font-bold text-slate-900">Please Login</h1>
        <p className="mt-2 text-slate-600">Log in to buy deals, keep favorites and find your vouchers.</p>

        <Dialog.Root>
          <Dialog.Trigger asChild>
            <Button size="lg" className="mt-6 w-full">
              Login
            </Button>
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-sm" />
            <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl focus:outline-none">
              <Dialog.Title className="text-lg font-bold text-slate-900">Login</Dialog.Title>
              <Dialog.Description className="mt-2 text-slate-600">
                Logging in with your phone number is coming soon. Until then you can browse every deal as a guest.
              </Dialog.Description>
              <div className="mt-6 flex justify-end">
                <Dialog.Close asChild>
                  <Button variant="outline">Close</Button>
                </Dialog.Close>
              </div>
              <Dialog.Close
                aria-label="Close"
                className="absolute top-4 right-4 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-ring"
              >
                <XIcon className="h-4 w-4" />
              </Dialog.Close>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>

        <p className="mt-6 text-sm text-slate-600">
          Own a business?{' '}
          <Link href={paths.merchantLogin} className="text-link font-semibold">
            Merchant Login
          </Link>
        </p>
        <Link href={paths.home} className={buttonClasses('ghost', 'sm', 'mt-2')}>
          Continue browsing
        </Link>
      </div>
    </div>
  );
}
