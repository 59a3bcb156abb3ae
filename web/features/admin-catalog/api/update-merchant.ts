/** PUT /api/admin/merchants/{id}: saves the merchant form. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminMerchant } from '../../../../contract/admin';
import { adminMerchantEndpoints } from '../../../../contract/addresses';
import { api } from '../../../lib/api-client';
import type { UpdateMerchantBody } from '../merchant-form';
import { invalidateCatalog } from './invalidate';

export function updateMerchant({ id, body }: { id: string; body: UpdateMerchantBody }): Promise<AdminMerchant> {
  return api(adminMerchantEndpoints.update, { params: { id }, body });
}

export function useUpdateMerchant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMerchant,
    onSuccess: () => invalidateCatalog(queryClient),
  });
}
