import { lazy, Suspense, useEffect, useState } from 'react';
import { TOAST_SHOWN_EVENT } from './toast-signal';

// Neither the toast library nor the toast list is part of the first bundle: the view loads once the page is idle, or
// at once when a toast is shown before that (it then finds the toast in the list).
const ToastView = lazy(() => import('./toast-view'));

const IDLE_FALLBACK_MS = 1500;

export function Toaster() {
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    const want = () => setWanted(true);
    window.addEventListener(TOAST_SHOWN_EVENT, want);
    let cancelIdle: () => void;
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(want, { timeout: IDLE_FALLBACK_MS * 2 });
      cancelIdle = () => window.cancelIdleCallback(handle);
    } else {
      const timer = setTimeout(want, IDLE_FALLBACK_MS);
      cancelIdle = () => clearTimeout(timer);
    }
    return () => {
      window.removeEventListener(TOAST_SHOWN_EVENT, want);
      cancelIdle();
    };
  }, []);

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastView />
    </Suspense>
  );
}
