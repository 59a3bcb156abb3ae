/** PATCH /api/admin/deals/{id}/status: publish, unpublish or archive. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminDeal } from '../../../../contract/admin';
import { adminDealEndpoints } from '../../../../contract/addresses';
import { api } from '../../../lib/api-client';
import type { StatusChange } from '../deal-status';
import { invalidateCatalog } from './invalidate';

export function setDealStatus({ id, change }: { id: string; change: StatusChange }): Promise<AdminDeal> {
  return api(adminDealEndpoints.setStatus, { params: { id }, body: change });
}

export function useSetDealStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDealStatus,
    onSuccess: () => invalidateCatalog(queryClient),
  });
}
