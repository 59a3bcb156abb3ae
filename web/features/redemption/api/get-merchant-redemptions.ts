/** GET /api/merchant/redemptions?limit=: the signed-in merchant's latest attempts, newest first. */
import { queryOptions } from '@tanstack/react-query';
import { MERCHANT_RECENT_REDEMPTIONS } from '../../../../contract/constants';
import type { RedemptionRecord } from '../../../../contract/redemption';
import { apiJson } from '../../../lib/api-client';

export const merchantRedemptionsQueryKey = ['/api/merchant/redemptions'] as const;

export function fetchMerchantRedemptions(limit: number, signal?: AbortSignal): Promise<RedemptionRecord[]> {
  return apiJson<RedemptionRecord[]>('GET', `/api/merchant/redemptions?limit=${limit}`, undefined, signal);
}

export function merchantRedemptionsQueryOptions(limit = MERCHANT_RECENT_REDEMPTIONS) {
  return queryOptions({
    queryKey: [...merchantRedemptionsQueryKey, { limit }] as const,
    queryFn: ({ signal }) => fetchMerchantRedemptions(limit, signal),
  });
}
