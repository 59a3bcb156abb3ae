/** GET /api/admin/merchants: every merchant whatever its status, by name, with deal counts (superadmin only). */
import { useQuery } from '@tanstack/react-query';
import { adminMerchantEndpoints } from '../../../../contract/addresses';
import { endpointQuery } from '../../../lib/api-client';

export const adminMerchantsQueryOptions = endpointQuery(adminMerchantEndpoints.list, {});

export function useAdminMerchants(enabled: boolean) {
  return useQuery({ ...adminMerchantsQueryOptions, enabled });
}
