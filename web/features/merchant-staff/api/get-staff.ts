/** GET /api/merchant/staff: the owner's staff accounts. */
import { queryKeyOf } from '../../../../contract/endpoint';
import { workspaceEndpoints } from '../../../../contract/addresses';
import { endpointQuery } from '../../../lib/api-client';

export const staffQueryKey = queryKeyOf(workspaceEndpoints.listStaff);

export const staffQueryOptions = endpointQuery(workspaceEndpoints.listStaff, {});
