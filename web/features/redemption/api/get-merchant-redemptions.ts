/** GET /api/merchant/redemptions?limit=: the signed-in merchant's latest attempts, newest first. */
import { MERCHANT_RECENT_REDEMPTIONS } from '../../../../contract/constants';
import type { RedemptionRecord } from '../../../../contract/redemption';
import { redemptionEndpoints } from '../../../../contract/addresses';
import { api, endpointQuery, keyRootOf } from '../../../lib/api-client';

export const merchantRedemptionsQueryKey = keyRootOf(redemptionEndpoints.merchantLog);

export function fetchMerchantRedemptions(limit: number, signal?: AbortSignal): Promise<RedemptionRecord[]> {
  return api(redemptionEndpoints.merchantLog, { query: { limit } }, { signal });
}

export function merchantRedemptionsQueryOptions(limit = MERCHANT_RECENT_REDEMPTIONS) {
  return endpointQuery(redemptionEndpoints.merchantLog, { query: { limit } });
}
