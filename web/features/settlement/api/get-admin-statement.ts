/** GET /api/admin/statements/{id}: one statement with its lines, read when a superadmin opens it. */
import { statementEndpoints } from '../../../../contract/addresses';
import { endpointQuery } from '../../../lib/api-client';

export function adminStatementQueryOptions(id: string) {
  return endpointQuery(statementEndpoints.adminGet, { params: { id } });
}
