/** Merchant statuses as the management screen names them (docs/product/screens.md#merchant-management). */
import type { MerchantStatus } from '../../../contract/merchants';
import { translate } from '../../i18n';

/** The status's name in the language of the screen, read when it is shown. */
export function merchantStatusLabel(status: MerchantStatus): string {
  switch (status) {
    case 'active':
      return translate('admin:merchantStatus.active');
    case 'inactive':
      return translate('admin:merchantStatus.inactive');
    case 'pending':
      return translate('admin:merchantStatus.pending');
  }
}

export const MERCHANT_STATUSES: readonly MerchantStatus[] = ['active', 'inactive', 'pending'];
