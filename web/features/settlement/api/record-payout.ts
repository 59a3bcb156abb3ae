/**
 * POST /api/admin/statements/{id}/payout {reference}: the bank transfer to the merchant is recorded once, with its
 * reference, and becomes a ledger row. A paid statement, or one with nothing to pay, is refused with 409.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminOrderEndpoints } from '../../../../contract/addresses';
import type { Statement } from '../../../../contract/workspace';
import { statementEndpoints } from '../../../../contract/addresses';
import { api, keyRootOf } from '../../../lib/api-client';

export function recordPayout({ id, reference }: { id: string; reference: string }): Promise<Statement> {
  return api(statementEndpoints.payout, { params: { id }, body: { reference } });
}

export function useRecordPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordPayout,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: keyRootOf(statementEndpoints.adminList) }),
        // The payout is a row of the ledger too.
        queryClient.invalidateQueries({ queryKey: keyRootOf(adminOrderEndpoints.ledger) }),
      ]),
  });
}
