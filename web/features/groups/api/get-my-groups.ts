/** GET /api/groups: the signed-in customer's groups, newest first. */
import { groupEndpoints } from '../../../../contract/addresses';
import { endpointQuery } from '../../../lib/api-client';

export const myGroupsQueryOptions = endpointQuery(groupEndpoints.mine, {});
