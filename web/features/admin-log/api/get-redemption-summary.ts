/** GET /api/admin/redemptions/summary: counts of all attempts and the value of the successful ones. */
import { queryOptions } from '@tanstack/react-query';
import type { RedemptionSummary } from '../../../../contract/redemption';

export const redemptionSummaryQueryOptions = queryOptions<RedemptionSummary>({
  queryKey: ['/api/admin/redemptions/summary'],
});
