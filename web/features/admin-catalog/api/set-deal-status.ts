/** PATCH /api/admin/deals/{id}/status: publish, unpublish or archive. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminDeal } from '../../../../contract/admin';
import { apiJson } from '../../../lib/api-client';
import type { StatusChange } from '../deal-status';
import { invalidateCatalog } from './invalidate';

export function setDealStatus({ id, change }: { id: string; change: StatusChange }): Promise<AdminDeal> {
  return apiJson<AdminDeal>('PATCH', `/api/admin/deals/${encodeURIComponent(id)}/status`, change);
}

export function useSetDealStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDealStatus,
    onSuccess: () => invalidateCatalog(queryClient),
  });
}
