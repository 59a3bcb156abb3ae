/**
 * The built-in payment provider's hosted checkout (ADR 013): read a session, pay it with a card, or cancel it
 * (GET /api/test-provider/sessions/{id}, POST .../pay, POST .../cancel).
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TestCheckoutSession } from '../../../../contract/checkout';
import { apiJson } from '../../../lib/api-client';

const SESSIONS = '/api/test-provider/sessions';

export function checkoutSessionQueryOptions(sessionId: string) {
  // A session changes under the shopper (paid, expired), so it is always read afresh.
  return queryOptions<TestCheckoutSession>({ queryKey: [SESSIONS, sessionId], staleTime: 0, retry: false });
}

export interface CardPayment {
  cardNumber: string;
  expiry: string;
  cvc: string;
  cardholderName: string;
}

export function payCheckoutSession(sessionId: string, card: CardPayment): Promise<{ status: 'paid'; successUrl: string }> {
  return apiJson('POST', `${SESSIONS}/${encodeURIComponent(sessionId)}/pay`, card);
}

/** Releases the units the session holds, so they go back on sale at once rather than after the hold lapses. */
export function useCancelCheckoutSession(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<{ message: string }>('POST', `${SESSIONS}/${encodeURIComponent(sessionId)}/cancel`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: checkoutSessionQueryOptions(sessionId).queryKey }),
  });
}
