/** GET /api/deals/{id}/groups: a deal's open groups with places left, closing soonest first (at most OPEN_GROUPS_SHOWN). */
import { groupEndpoints } from '../../../../contract/addresses';
import { endpointQuery } from '../../../lib/api-client';

export function openGroupsQueryOptions(dealId: string) {
  return endpointQuery(groupEndpoints.ofDeal, { params: { id: dealId } });
}
