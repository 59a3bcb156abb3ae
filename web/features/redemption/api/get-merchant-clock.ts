/** GET /api/merchant/clock (owners and staff): the merchant's time zone, which the redemption log's times are written in (ADR 039). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { workspaceEndpoints } from '../../../../contract/addresses';
import { endpointQuery } from '../../../lib/api-client';

export const merchantClockQueryOptions = queryOptions({
  ...endpointQuery(workspaceEndpoints.clock, {}),
  // The zone changes only when a superadmin changes it.
  staleTime: 5 * 60_000,
});

/** The merchant's zone, or undefined while it is read (or could not be). */
export function useMerchantTimeZone(): string | undefined {
  return useQuery(merchantClockQueryOptions).data?.timeZone;
}
