/** Share of a voucher on the payment result (docs/product/screens.md#payment-result). */
import type { Voucher } from '../../../contract/checkout';
import { shareOrCopy, type ShareOutcome } from '../../components/ui/share';
import { shareText } from './voucher-display';

/** The device's share sheet when there is one, else the clipboard with the toast of docs/product/messages.md#payment. */
export function shareVoucher(voucher: Voucher): Promise<ShareOutcome> {
  const data = { title: `Voucher: ${voucher.dealTitle}`, text: shareText(voucher) };
  return shareOrCopy({
    data,
    copy: data.text,
    copied: { title: 'Voucher details copied', description: 'Paste them wherever you need them.' },
    failed: { title: 'Share failed', description: 'Your browser did not allow sharing or copying the voucher.' },
  });
}
