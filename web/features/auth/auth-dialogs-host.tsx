/**
 * Mounts the login and register dialogs over every route. Their code (Radix Dialog and Tabs, the forms) and texts load
 * the first time one is asked for, so the first page stays light; once loaded they stay mounted.
 */
import { lazy, Suspense, useState } from 'react';
import { loadNamespace } from '../../i18n';
import { useAuthDialog } from './login-dialog-store';

/** The dialogs' code and their texts (the auth catalogue), fetched side by side. */
const loadAuthDialogs = () => Promise.all([import('./components/auth-dialogs'), loadNamespace('auth')]).then(([module]) => module);
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
