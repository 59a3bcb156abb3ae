/** Download Voucher and Share (docs/product/screens.md#payment-result). */
import type { Voucher } from '../../../contract/checkout';
import { shareText, voucherDownload, voucherFileName } from './voucher-display';

/** Saves the voucher as a JSON file with code, pin, deal and qrCode. */
export function downloadVoucher(voucher: Voucher): void {
  const blob = new Blob([JSON.stringify(voucherDownload(voucher), null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = voucherFileName(voucher);
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The browser has taken the file by the time the click returns; the object URL can go a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/** The device's share sheet when there is one, else the clipboard with the alert of docs/product/messages.md#payment. */
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
  window.alert('Voucher details copied to clipboard!');
  return 'copied';
}
