/** GET /api/merchant/overview (owners): today's figures, the totals, every deal with its figures and the charts' days. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { workspaceEndpoints } from '../../../../contract/addresses';
import { endpointQuery } from '../../../lib/api-client';

export const merchantOverviewQueryOptions = queryOptions({
  ...endpointQuery(workspaceEndpoints.overview, {}),
  // The day's sales and redemptions move while the owner looks: read them afresh on every visit.
  staleTime: 0,
});

/** Asked only by an owner's home: staff and other accounts are refused. */
export function useMerchantOverview() {
  return useQuery(merchantOverviewQueryOptions);
}
