/**
 * POST /api/admin/statements/{id}/payout {reference}: the bank transfer to the merchant is recorded once, with its
 * reference, and becomes a ledger row. A paid statement, or one with nothing to pay, is refused with 409.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Statement } from '../../../../contract/workspace';
import { apiJson } from '../../../lib/api-client';
import { ledgerQueryKey } from '../../admin-money';
import { adminStatementsQueryRoot } from './get-admin-statements';

export function recordPayout({ id, reference }: { id: string; reference: string }): Promise<Statement> {
  return apiJson<Statement>('POST', `/api/admin/statements/${encodeURIComponent(id)}/payout`, { reference });
}

export function useRecordPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordPayout,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminStatementsQueryRoot }),
        // The payout is a row of the ledger too.
        queryClient.invalidateQueries({ queryKey: ledgerQueryKey }),
      ]),
  });
}
