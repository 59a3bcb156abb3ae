/** GET /api/admin/attention: the money operations that need a person, oldest first, with how many there are of each cause. */
import { queryOptions } from '@tanstack/react-query';
import type { AttentionList } from '../../../../contract/money';
import { apiJson } from '../../../lib/api-client';

export const ATTENTION_PATH = '/api/admin/attention';
export const attentionQueryKey = [ATTENTION_PATH] as const;

export function fetchAttention(signal?: AbortSignal): Promise<AttentionList> {
  return apiJson<AttentionList>('GET', ATTENTION_PATH, undefined, signal);
}

export const attentionQueryOptions = queryOptions({
  queryKey: attentionQueryKey,
  queryFn: ({ signal }) => fetchAttention(signal),
  // Someone else may have acted on an item meanwhile: the list is read afresh on each visit.
  staleTime: 0,
});
