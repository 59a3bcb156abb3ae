/** GET /api/user/vouchers/{id}: one of the signed-in customer's vouchers, for its printable page. */
import { queryOptions } from '@tanstack/react-query';
import type { Voucher } from '../../../../contract/checkout';
import { VOUCHERS_PATH } from './get-vouchers';

/** Under the list's key, so whatever reloads the list (a review, a refund) reloads this too. */
export function voucherQueryOptions(id: string) {
  return queryOptions<Voucher>({ queryKey: [VOUCHERS_PATH, id] });
}
