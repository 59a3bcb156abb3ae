/** POST /api/test-provider/sessions/{id}/cancel: releases the units the session holds, so they go back on sale at once rather than after the hold lapses. */
import { checkoutEndpoints } from '../../../../contract/addresses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateAllowances } from '../../deals';
import { checkoutSessionQueryOptions } from './get-checkout-session';

export function cancelCheckoutSession(sessionId: string): Promise<{ message: string }> {
  return api(checkoutEndpoints.testCancel, { params: { id: sessionId } });
}

export function useCancelCheckoutSession(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelCheckoutSession(sessionId),
    // The released units go back to the customer's allowance of their deals too.
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: checkoutSessionQueryOptions(sessionId).queryKey }), invalidateAllowances(queryClient)]),
  });
}
