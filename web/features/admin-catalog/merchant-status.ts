/** Merchant statuses as the management screen names them (docs/product/screens.md#merchant-management). */
import type { MerchantStatus } from '../../../contract/merchants';

export const MERCHANT_STATUS_LABELS: Record<MerchantStatus, string> = {
  active: '已启用',
  inactive: '已停用',
  pending: '待审核',
};

export const MERCHANT_STATUSES: readonly MerchantStatus[] = ['active', 'inactive', 'pending'];
