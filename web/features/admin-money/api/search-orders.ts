/** GET /api/admin/orders?q=: orders found by order id or number, phone or voucher code, as customer service sees them. */
import { queryOptions } from '@tanstack/react-query';
import { adminOrderEndpoints } from '../../../../contract/addresses';
import { endpointQuery, keyRootOf } from '../../../lib/api-client';

/** The key every search starts with, to read the orders found again after money moved. */
export const adminOrdersQueryKey = keyRootOf(adminOrderEndpoints.search);

export function adminOrdersQueryOptions(q: string) {
  return queryOptions({
    ...endpointQuery(adminOrderEndpoints.search, { query: { q } }),
    enabled: q !== '',
    // Customer service looks at money as it is now.
    staleTime: 0,
  });
}
