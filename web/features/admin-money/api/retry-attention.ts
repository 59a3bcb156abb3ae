/**
 * POST /api/admin/attention/{id}/retry: a new attempt at a failed operation, with the provider. The list is read again
 * afterwards (the ledger and customer service read theirs afresh whenever they are opened).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AttentionActionAnswer } from '../../../../contract/money';
import { moneyEndpoints } from '../../../../contract/addresses';
import { api } from '../../../lib/api-client';
import { attentionQueryKey } from './get-attention';

export function retryAttention(id: string): Promise<AttentionActionAnswer> {
  return api(moneyEndpoints.retryAttention, { params: { id } });
}

export function useRetryAttention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryAttention,
    // A refusal too may mean the item changed meanwhile (another superadmin acted on it first).
    onSettled: () => queryClient.invalidateQueries({ queryKey: attentionQueryKey }),
  });
}
