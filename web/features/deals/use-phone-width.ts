/** True below 768 px (Tailwind's `md`), where the deal page keeps its buy buttons in a bar at the bottom of the screen. */
import { useSyncExternalStore } from 'react';

const PHONE_QUERY = '(max-width: 767.98px)';

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const isPhoneWidth = () => typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches;

export function usePhoneWidth(): boolean {
  return useSyncExternalStore(subscribe, isPhoneWidth, () => false);
}
