/** GET /api/admin/reconciliation: the latest comparison of the ledger with the payment provider's records, or none yet. */
import { queryOptions } from '@tanstack/react-query';
import { moneyEndpoints } from '../../../../contract/addresses';
import { endpointQuery } from '../../../lib/api-client';

export const reconciliationQueryOptions = queryOptions({
  ...endpointQuery(moneyEndpoints.reconciliation, {}),
  // The daily run may have finished since the last visit.
  staleTime: 0,
});
