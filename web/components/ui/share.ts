/** Share something: the device's share sheet when there is one, else a text copied to the clipboard with a toast. */
import { toast } from './toast';

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

export interface ShareRequest {
  /** What the share sheet gets. */
  data: ShareData;
  /** What the clipboard gets when there is no share sheet (a link, or the text itself). */
  copy: string;
  /** The toast once copied. */
  copied: { title: string; description: string };
  /** The toast when copying was refused too; without one the caller says it (the outcome is 'failed'). */
  failed?: { title: string; description: string };
}

export async function shareOrCopy({ data, copy, copied, failed }: ShareRequest): Promise<ShareOutcome> {
  if (typeof navigator.share === 'function' && (typeof navigator.canShare !== 'function' || navigator.canShare(data))) {
    try {
      await navigator.share(data);
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      // Sharing is refused in this context: the clipboard below does instead.
    }
  }
  try {
    await navigator.clipboard.writeText(copy);
  } catch {
    if (failed) toast({ ...failed, variant: 'destructive' });
    return 'failed';
  }
  toast({ ...copied, variant: 'success' });
  return 'copied';
}
