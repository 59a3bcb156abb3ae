/** GET /api/admin/merchants: every merchant whatever its status, by name, with deal counts (superadmin only). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminMerchant } from '../../../../contract/admin';
import { adminMerchantsQueryKey } from './invalidate';

export const adminMerchantsQueryOptions = queryOptions<AdminMerchant[]>({ queryKey: adminMerchantsQueryKey });

export function useAdminMerchants(enabled: boolean) {
  return useQuery({ ...adminMerchantsQueryOptions, enabled });
}
