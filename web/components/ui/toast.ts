/**
 * The toast store: `toast()` works from anywhere (event handlers, mutations) and keeps at most TOAST_LIMIT toasts,
 * so a new one replaces the one on screen (docs/product/screens.md#toasts). <Toaster/> renders them, loading their view when the first is shown.
 */
import { useSyncExternalStore } from 'react';
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '../../../contract/constants';
import { TOAST_SHOWN_EVENT } from './toast-signal';

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Display time in ms; TOAST_DURATION_MS otherwise. */
  duration?: number;
}

export interface ToastRecord extends ToastInput {
  id: string;
  open: boolean;
}

let toasts: ToastRecord[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function emit(next: ToastRecord[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): ToastRecord[] {
  return toasts;
}

/** Closes a toast; it leaves the list after the removal delay, unless a newer toast pushes it out first. */
export function dismissToast(id: string): void {
  emit(toasts.map((t) => (t.id === id ? { ...t, open: false } : t)));
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      emit(toasts.filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

/** Shows a toast, replacing the one on screen (one at a time). */
export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = `toast-${counter}`;
  emit([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  window.dispatchEvent(new Event(TOAST_SHOWN_EVENT));
  return { id, dismiss: () => dismissToast(id) };
}

/** The toasts to render, newest first. */
export function useToasts(): ToastRecord[] {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
