/** GET /api/merchant/statements/{id}: one statement with its lines (another merchant's answers 404, as if missing). */
import { statementEndpoints } from '../../../../contract/addresses';
import { endpointQuery } from '../../../lib/api-client';

export function merchantStatementQueryOptions(id: string) {
  return endpointQuery(statementEndpoints.merchantGet, { params: { id } });
}
