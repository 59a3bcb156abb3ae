/** GET /api/admin/redemptions/summary: counts of all attempts and the value of the successful ones. */
import { redemptionEndpoints } from '../../../../contract/addresses';
import { endpointQuery } from '../../../lib/api-client';

export const redemptionSummaryQueryOptions = endpointQuery(redemptionEndpoints.adminSummary, {});
