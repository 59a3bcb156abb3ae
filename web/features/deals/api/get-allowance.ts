/**
 * GET /api/deals/{id}/allowance: how many more units of a deal the signed-in customer may buy (docs/product/rules.md#per-customer-limits).
 * The deal's own answer is shared by everyone and cached; this one is the customer's, read afresh whenever a screen that
 * shows it opens or the window regains focus, and again after a purchase (its key is under the deal's: ['/api/deals', id,
 * 'allowance'], so whatever reads the deals again reads it too). Checkout still judges.
 */
import { useEffect } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { dealEndpoints } from '../../../../contract/addresses';
import type { DealAllowance } from '../../../../contract/deals';
import { endpointQuery, keyRootOf } from '../../../lib/api-client';
import { useCurrentUser } from '../../auth';

export function dealAllowanceQueryOptions(dealId: string) {
  return { ...endpointQuery(dealEndpoints.allowance, { params: { id: dealId } }), staleTime: 0, refetchOnWindowFocus: true };
}

/** Whether a query key is a deal allowance's. */
export const isAllowanceKey = (queryKey: readonly unknown[]): boolean =>
  queryKey[0] === keyRootOf(dealEndpoints.allowance)[0] && queryKey[2] === 'allowance';

/** Reads every deal allowance again: after a checkout was refused, cancelled or paid, or a voucher refunded. */
export function invalidateAllowances(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => isAllowanceKey(query.queryKey) });
}

/**
 * The signed-in customer's allowance of a deal. Undefined for guests and other accounts (who cannot buy), while it
 * loads, and when it could not be read: the screens then offer what the deal's own limits allow, and checkout judges.
 * `wanted` false: the screen offers nothing to buy now, so nothing is asked.
 */
export function useDealAllowance(dealId: string, wanted = true): DealAllowance | undefined {
  const { user } = useCurrentUser();
  const customer = user?.role === 'customer';
  const enabled = customer && wanted;
  const query = useQuery({ ...dealAllowanceQueryOptions(dealId), enabled });
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    // Back from the payment page, the browser may show this page as it was left: what the customer bought since is read.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) void queryClient.invalidateQueries({ queryKey: dealAllowanceQueryOptions(dealId).queryKey });
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [enabled, dealId, queryClient]);
  return customer ? query.data : undefined;
}
