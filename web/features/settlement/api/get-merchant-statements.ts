/** GET /api/merchant/statements: the owner's weekly statements, newest first. */
import { statementEndpoints } from '../../../../contract/addresses';
import { endpointQuery } from '../../../lib/api-client';

export const merchantStatementsQueryOptions = endpointQuery(statementEndpoints.merchantList, {});
