/** GET /api/payment-status/{sessionId}: polled every 2 s while the payment is pending, and not after (docs/product/screens.md#payment-result). */
import { queryOptions } from '@tanstack/react-query';
import { PAYMENT_STATUS_POLL_MS } from '../../../../contract/constants';
import type { PaymentStatusAnswer } from '../../../../contract/checkout';

export function paymentStatusQueryOptions(sessionId: string) {
  return queryOptions<PaymentStatusAnswer>({
    queryKey: ['/api/payment-status', sessionId],
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? PAYMENT_STATUS_POLL_MS : false),
  });
}
