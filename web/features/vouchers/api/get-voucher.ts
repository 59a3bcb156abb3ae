/** GET /api/user/vouchers/{id}: one of the signed-in customer's vouchers, for its printable page. */
import { voucherEndpoints } from '../../../../contract/addresses';
import { queryOptions } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/api-client';
import { hasPendingRefund, REFUND_POLL_MS } from '../voucher-display';

/**
 * Under the list's key, so whatever reloads the list (a review, a refund) reloads this too; read again while its refund
 * is pending, as the list is.
 */
export function voucherQueryOptions(id: string) {
  return queryOptions({
    ...endpointQuery(voucherEndpoints.get, { params: { id } }),
    refetchInterval: (query) => (query.state.data && hasPendingRefund([query.state.data]) ? REFUND_POLL_MS : false),
  });
}
