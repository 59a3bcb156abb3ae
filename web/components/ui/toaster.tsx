import { lazy, Suspense, useEffect, useState } from 'react';
import { TOAST_SHOWN_EVENT } from './toast-signal';

// The toast library and the toast list load when the first toast is shown (the view then finds it in the list): a
// page that shows none never downloads them.
const ToastView = lazy(() => import('./toast-view'));

export function Toaster() {
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    const want = () => setWanted(true);
    window.addEventListener(TOAST_SHOWN_EVENT, want);
    return () => window.removeEventListener(TOAST_SHOWN_EVENT, want);
  }, []);

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastView />
    </Suspense>
  );
}
