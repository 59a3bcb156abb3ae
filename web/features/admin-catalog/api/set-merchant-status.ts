/** PATCH /api/admin/merchants/{id}/status: active, inactive or pending (anything but active hides its deals). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminMerchant } from '../../../../contract/admin';
import { adminMerchantEndpoints } from '../../../../contract/addresses';
import type { MerchantStatus } from '../../../../contract/merchants';
import { api } from '../../../lib/api-client';
import { invalidateCatalog } from './invalidate';

export function setMerchantStatus({ id, status }: { id: string; status: MerchantStatus }): Promise<AdminMerchant> {
  return api(adminMerchantEndpoints.setStatus, { params: { id }, body: { status } });
}

export function useSetMerchantStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMerchantStatus,
    onSuccess: () => invalidateCatalog(queryClient),
  });
}
