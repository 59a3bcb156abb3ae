/** GET /api/admin/attention: the money operations that need a person, oldest first, with how many there are of each cause. */
import { queryOptions } from '@tanstack/react-query';
import { moneyEndpoints } from '../../../../contract/addresses';
import { endpointQuery } from '../../../lib/api-client';

export const attentionQueryOptions = queryOptions({
  ...endpointQuery(moneyEndpoints.attention, {}),
  // Someone else may have acted on an item meanwhile: the list is read afresh on each visit.
  staleTime: 0,
});

/** The list's key, to read it again after an action. */
export const attentionQueryKey = attentionQueryOptions.queryKey;
