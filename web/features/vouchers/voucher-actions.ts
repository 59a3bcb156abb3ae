/** Share of a voucher on the payment result (docs/product/screens.md#payment-result). */
import type { Voucher } from '../../../contract/checkout';
import { shareOrCopy, type ShareOutcome } from '../../components/ui/share';
import { translate, useT } from '../../i18n';
import { shareText } from './voucher-display';

/**
 * For screens of other features that word vouchers through this module (validityStatement, shareVoucher): the
 * vouchers texts, loaded with the screen (the component waits for them as for its own).
 */
export function useVoucherTexts(): void {
  useT('vouchers');
}

/** The device's share sheet when there is one, else the clipboard with the toast of docs/product/messages.md#payment. */
export function shareVoucher(voucher: Voucher): Promise<ShareOutcome> {
  const data = { title: translate('vouchers:share.title', { title: voucher.dealTitle }), text: shareText(voucher) };
  return shareOrCopy({
    data,
    copy: data.text,
    copied: { title: translate('vouchers:share.copiedTitle'), description: translate('vouchers:share.copiedDescription') },
    failed: { title: translate('vouchers:share.failedTitle'), description: translate('vouchers:share.failedDescription') },
  });
}
