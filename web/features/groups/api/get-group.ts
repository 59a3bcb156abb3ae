/** GET /api/groups/{id}: one group, readable by anyone; refreshed every GROUP_POLL_MS while it is open, so its page sees it form. */
import { queryOptions } from '@tanstack/react-query';
import { groupEndpoints } from '../../../../contract/addresses';
import { GROUP_POLL_MS } from '../../../../contract/constants';
import { endpointQuery } from '../../../lib/api-client';

export function groupQueryOptions(id: string) {
  return queryOptions({
    ...endpointQuery(groupEndpoints.get, { params: { id } }),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.status === 'open' ? GROUP_POLL_MS : false),
  });
}
