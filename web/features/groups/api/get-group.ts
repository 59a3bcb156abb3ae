/** GET /api/groups/{id}: one group, readable by anyone; refreshed every GROUP_POLL_MS while it is open, so its page sees it form. */
import { queryOptions } from '@tanstack/react-query';
import { GROUP_POLL_MS } from '../../../../contract/constants';
import type { Group } from '../../../../contract/groups';

export const GROUPS_PATH = '/api/groups';

export function groupQueryOptions(id: string) {
  return queryOptions<Group>({
    queryKey: [GROUPS_PATH, id],
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.status === 'open' ? GROUP_POLL_MS : false),
  });
}
