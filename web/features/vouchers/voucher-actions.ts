/** Share of a voucher on the payment result (docs/product/screens.md#payment-result). */
import type { Voucher } from '../../../contract/checkout';
import { toast } from '../../components/ui/toast';
import { shareText } from './voucher-display';

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/** The device's share sheet when there is one, else the clipboard with the toast of docs/product/messages.md#payment. */
export async function shareVoucher(voucher: Voucher): Promise<ShareOutcome> {
  const data = { title: `Voucher: ${voucher.dealTitle}`, text: shareText(voucher) };
  if (typeof navigator.share === 'function' && (typeof navigator.canShare !== 'function' || navigator.canShare(data))) {
    try {
      await navigator.share(data);
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      // Sharing is refused in this context: fall through to the clipboard.
    }
  }
  try {
    await navigator.clipboard.writeText(data.text);
  } catch {
    return 'failed';
  }
  toast({ title: 'Voucher details copied', description: 'Paste them wherever you need them.', variant: 'success' });
  return 'copied';
}
