/** GET /api/merchant/deals/{id}: one of the owner's deals (another merchant's answers 404, as if missing). */
import { workspaceEndpoints } from '../../../../contract/addresses';
import { endpointQuery } from '../../../lib/api-client';

export function merchantDealQueryOptions(id: string) {
  return endpointQuery(workspaceEndpoints.getDeal, { params: { id } });
}
