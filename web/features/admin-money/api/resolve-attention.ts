/** POST /api/admin/attention/{id}/resolve {note}: an item is closed with what was done about it outside the app. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AttentionActionAnswer } from '../../../../contract/money';
import { moneyEndpoints } from '../../../../contract/addresses';
import { api } from '../../../lib/api-client';
import { attentionQueryKey } from './get-attention';

export interface ResolveAttentionInput {
  id: string;
  note: string;
}

export function resolveAttention({ id, note }: ResolveAttentionInput): Promise<AttentionActionAnswer> {
  return api(moneyEndpoints.resolveAttention, { params: { id }, body: { note } });
}

export function useResolveAttention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveAttention,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: attentionQueryKey });
    },
  });
}
