/**
 * Whether the login or register dialog is open, and where to go after a login. Any screen may ask
 * for it (a guest pressing Buy Now, say); the dialogs themselves read it.
 */
import { useSyncExternalStore } from 'react';

export type AuthDialog = 'login' | 'register' | null;

export interface AuthDialogState {
  open: AuthDialog;
  /** Path to navigate to after a successful login, if any. */
  next: string | null;
}

let state: AuthDialogState = { open: null, next: null };
const listeners = new Set<() => void>();

function set(next: AuthDialogState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function openLoginDialog(options: { next?: string | null } = {}): void {
  set({ open: 'login', next: options.next ?? null });
}

export function openRegisterDialog(options: { next?: string | null } = {}): void {
  set({ open: 'register', next: options.next ?? state.next ?? null });
}

export function closeAuthDialog(): void {
  set({ open: null, next: null });
}

export function getAuthDialogState(): AuthDialogState {
  return state;
}

export function useAuthDialog(): AuthDialogState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => state,
  );
}
