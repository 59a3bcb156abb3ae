/** DELETE /api/admin/deals/{id}: refused with 409 once the deal has orders or vouchers (archive it instead). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminDealEndpoints } from '../../../../contract/addresses';
import { api } from '../../../lib/api-client';
import { invalidateCatalog } from './invalidate';

export async function deleteDeal(id: string): Promise<void> {
  await api(adminDealEndpoints.delete, { params: { id } });
}

export function useDeleteDeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDeal,
    onSuccess: () => invalidateCatalog(queryClient),
  });
}
