/** PUT /api/admin/merchants/{id}: saves the merchant form. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminMerchant } from '../../../../contract/admin';
import { apiJson } from '../../../lib/api-client';
import type { UpdateMerchantBody } from '../merchant-form';
import { invalidateCatalog } from './invalidate';

export function updateMerchant({ id, body }: { id: string; body: UpdateMerchantBody }): Promise<AdminMerchant> {
  return apiJson<AdminMerchant>('PUT', `/api/admin/merchants/${encodeURIComponent(id)}`, body);
}

export function useUpdateMerchant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMerchant,
    onSuccess: () => invalidateCatalog(queryClient),
  });
}
