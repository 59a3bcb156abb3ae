/**
 * POST /api/admin/reconciliation {}: a run now, over the server's default period (the last 24 hours). Its answer is the
 * latest run, so it takes the place of the one shown without another read.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LatestReconciliation } from '../../../../contract/money';
import { moneyEndpoints } from '../../../../contract/addresses';
import { api } from '../../../lib/api-client';
import { reconciliationQueryOptions } from './get-reconciliation';

export function runReconciliation(): Promise<LatestReconciliation> {
  return api(moneyEndpoints.runReconciliation, { body: {} });
}

export function useRunReconciliation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runReconciliation,
    onSuccess: (answer) => {
      queryClient.setQueryData(reconciliationQueryOptions.queryKey, answer);
    },
  });
}
