/** A deal's countdown: the time left while it ends within 72 hours, read again once a minute, and no timer otherwise. */
import { useEffect, useState } from 'react';
import { msUntilEnd } from './deal-display';

const MINUTE = 60_000;

export function useTimeLeft(validUntil: string | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  const left = msUntilEnd({ validUntil }, now);
  const ticking = left !== null;
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(Date.now()), MINUTE);
    return () => clearInterval(timer);
  }, [ticking]);
  return left;
}
