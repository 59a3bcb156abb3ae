/** GET /api/deals/{id}/groups: a deal's open groups with places left, closing soonest first (at most OPEN_GROUPS_SHOWN). */
import { queryOptions } from '@tanstack/react-query';
import type { OpenGroup } from '../../../../contract/groups';

export function openGroupsQueryOptions(dealId: string) {
  return queryOptions<OpenGroup[]>({ queryKey: ['/api/deals', dealId, 'groups'] });
}
