/**
 * POST /api/admin/reconciliation {}: a run now, over the server's default period (the last 24 hours). Its answer is the
 * latest run, so it takes the place of the one shown without another read.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LatestReconciliation } from '../../../../contract/money';
import { apiJson } from '../../../lib/api-client';
import { RECONCILIATION_PATH, reconciliationQueryKey } from './get-reconciliation';

export function runReconciliation(): Promise<LatestReconciliation> {
  return apiJson<LatestReconciliation>('POST', RECONCILIATION_PATH, {});
}

export function useRunReconciliation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runReconciliation,
    onSuccess: (answer) => {
      queryClient.setQueryData(reconciliationQueryKey, answer);
    },
  });
}
