import { lazy, Suspense, useEffect, useState } from 'react';
import { useToasts } from './toast';

// The toast library is not part of the first bundle: it loads once the page is idle, or at once for an early toast.
const ToastView = lazy(() => import('./toast-view'));

const IDLE_FALLBACK_MS = 1500;

export function Toaster() {
  const toasts = useToasts();
  const [idle, setIdle] = useState(false);

  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout: IDLE_FALLBACK_MS * 2 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(() => setIdle(true), IDLE_FALLBACK_MS);
    return () => clearTimeout(timer);
  }, []);

  if (!idle && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ToastView />
    </Suspense>
  );
}
