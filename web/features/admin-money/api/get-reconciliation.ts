/** GET /api/admin/reconciliation: the latest comparison of the ledger with the payment provider's records, or none yet. */
import { queryOptions } from '@tanstack/react-query';
import type { LatestReconciliation } from '../../../../contract/money';
import { apiJson } from '../../../lib/api-client';

export const RECONCILIATION_PATH = '/api/admin/reconciliation';
export const reconciliationQueryKey = [RECONCILIATION_PATH] as const;

export function fetchReconciliation(signal?: AbortSignal): Promise<LatestReconciliation> {
  return apiJson<LatestReconciliation>('GET', RECONCILIATION_PATH, undefined, signal);
}

export const reconciliationQueryOptions = queryOptions({
  queryKey: reconciliationQueryKey,
  queryFn: ({ signal }) => fetchReconciliation(signal),
  // The daily run may have finished since the last visit.
  staleTime: 0,
});
