/**
 * POST /api/test-provider/sessions/{id}/pay: pays a checkout session of the built-in provider with a card (ADR 013).
 * On success the shopper's vouchers and the deals (units left) are read afresh; a 409 (the session lapsed meanwhile)
 * reads the session again, so the page shows that instead of a form that cannot work.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { checkoutEndpoints, dealEndpoints, voucherEndpoints } from '../../../../contract/addresses';
import { SIMULATED_PAYMENT_MS } from '../../../../contract/constants';
import { api, isApiError, keyRootOf } from '../../../lib/api-client';
import { checkoutSessionQueryOptions } from './get-checkout-session';

export interface CardPayment {
  cardNumber: string;
  expiry: string;
  cvc: string;
  cardholderName: string;
}

export interface PaidAnswer {
  status: 'paid';
  successUrl: string;
}

export function payCheckoutSession(sessionId: string, card: CardPayment): Promise<PaidAnswer> {
  return api(checkoutEndpoints.testPay, { params: { id: sessionId }, body: card });
}

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function usePayCheckoutSession(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // The provider answers at once; the page still shows its processing state for the time
    // docs/product/constants.md#screen-timings gives it.
    mutationFn: async (payment: CardPayment) => {
      const [answer] = await Promise.allSettled([payCheckoutSession(sessionId, payment), wait(SIMULATED_PAYMENT_MS)]);
      if (answer.status === 'rejected') throw answer.reason;
      return answer.value;
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: keyRootOf(voucherEndpoints.list) }),
        queryClient.invalidateQueries({ queryKey: keyRootOf(dealEndpoints.list) }),
      ]),
    onError: (error) => {
      if (isApiError(error, 409)) void queryClient.invalidateQueries({ queryKey: checkoutSessionQueryOptions(sessionId).queryKey });
    },
  });
}
