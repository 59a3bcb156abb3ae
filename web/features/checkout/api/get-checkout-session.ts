/** GET /api/test-provider/sessions/{id}: the built-in payment provider's hosted checkout session (ADR 013). */
import { checkoutEndpoints } from '../../../../contract/addresses';
import { queryOptions } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/api-client';

export function checkoutSessionQueryOptions(sessionId: string) {
  // A session changes under the shopper (paid, expired), so it is always read afresh.
  return queryOptions({ ...endpointQuery(checkoutEndpoints.testSession, { params: { id: sessionId } }), staleTime: 0, retry: false });
}
