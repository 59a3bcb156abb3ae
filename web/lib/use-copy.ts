/**
 * Copies text to the clipboard and says how it went: 'copied' for COPY_CONFIRM_MS after each copy
 * (docs/product/constants.md#screen-timings), then 'idle' again; 'failed' when the browser refused.
 */
import { useEffect, useState } from 'react';
import { COPY_CONFIRM_MS } from '../../contract/constants';

export type CopyState = 'idle' | 'copied' | 'failed';

export function useCopy(): { state: CopyState; copy: (text: string) => Promise<boolean> } {
  // `times` tells a second copy from the first, so the confirmation lasts its full time after each.
  const [result, setResult] = useState<{ state: CopyState; times: number }>({ state: 'idle', times: 0 });
  useEffect(() => {
    if (result.state !== 'copied') return;
    const timer = setTimeout(() => setResult((r) => ({ ...r, state: 'idle' })), COPY_CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [result]);

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      setResult((r) => ({ state: 'failed', times: r.times + 1 }));
      return false;
    }
    setResult((r) => ({ state: 'copied', times: r.times + 1 }));
    return true;
  };
  return { state: result.state, copy };
}
