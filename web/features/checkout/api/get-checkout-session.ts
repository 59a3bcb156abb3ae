/** GET /api/test-provider/sessions/{id}: the built-in payment provider's hosted checkout session (ADR 013). */
import { queryOptions } from '@tanstack/react-query';
import type { TestCheckoutSession } from '../../../../contract/checkout';

export const CHECKOUT_SESSIONS = '/api/test-provider/sessions';

export function checkoutSessionQueryOptions(sessionId: string) {
  // A session changes under the shopper (paid, expired), so it is always read afresh.
  return queryOptions<TestCheckoutSession>({ queryKey: [CHECKOUT_SESSIONS, sessionId], staleTime: 0, retry: false });
}
