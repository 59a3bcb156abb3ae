/**
 * GET /api/payment-status/{sessionId}: polled every 2 s while the payment is pending, and not after
 * (docs/product/screens.md#payment-result); a paid place in a group still open is read every GROUP_POLL_MS, so the
 * vouchers show the moment the group forms.
 */
import { queryOptions } from '@tanstack/react-query';
import { checkoutEndpoints } from '../../../../contract/addresses';
import { GROUP_POLL_MS, PAYMENT_STATUS_POLL_MS } from '../../../../contract/constants';
import { endpointQuery } from '../../../lib/api-client';

export function paymentStatusQueryOptions(sessionId: string) {
  return queryOptions({
    ...endpointQuery(checkoutEndpoints.paymentStatus, { params: { sessionId } }),
    staleTime: 0,
    refetchInterval: (query) => {
      const answer = query.state.data;
      if (answer?.status === 'pending') return PAYMENT_STATUS_POLL_MS;
      return answer?.status === 'paid' && answer.group?.status === 'open' ? GROUP_POLL_MS : false;
    },
  });
}
