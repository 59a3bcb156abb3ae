/** POST /api/test-provider/sessions/{id}/cancel: releases the units the session holds, so they go back on sale at once rather than after the hold lapses. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { CHECKOUT_SESSIONS, checkoutSessionQueryOptions } from './get-checkout-session';

export function cancelCheckoutSession(sessionId: string): Promise<{ message: string }> {
  return apiJson('POST', `${CHECKOUT_SESSIONS}/${encodeURIComponent(sessionId)}/cancel`);
}

export function useCancelCheckoutSession(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelCheckoutSession(sessionId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: checkoutSessionQueryOptions(sessionId).queryKey }),
  });
}
