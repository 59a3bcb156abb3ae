/**
 * Mounts the login and register dialogs over every route. Their code (Radix Dialog and Tabs, the forms) loads
 * the first time one is asked for, so the first page stays light; once loaded they stay mounted.
 */
import { lazy, Suspense, useState } from 'react';
import { useAuthDialog } from './login-dialog-store';

const loadAuthDialogs = () => import('./components/auth-dialogs');
const AuthDialogs = lazy(loadAuthDialogs);

/** Starts loading the dialogs early, e.g. when a pointer reaches a Login button. */
export function preloadAuthDialogs(): void {
  void loadAuthDialogs();
}

export function AuthDialogsHost() {
  const { open } = useAuthDialog();
  const [wanted, setWanted] = useState(false);
  if (open !== null && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialogs />
    </Suspense>
  );
}
