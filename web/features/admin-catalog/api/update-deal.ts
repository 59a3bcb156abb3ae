/** PUT /api/admin/deals/{id}: saves every field of the deal form (its status is left as it is). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateDealBody } from '../../../../contract/admin';
import { adminDealEndpoints } from '../../../../contract/addresses';
import { api } from '../../../lib/api-client';
import type { SavedDeal } from './create-deal';
import { invalidateCatalog } from './invalidate';

export function updateDeal({ id, body }: { id: string; body: CreateDealBody }): Promise<SavedDeal> {
  return api(adminDealEndpoints.update, { params: { id }, body });
}

export function useUpdateDeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDeal,
    onSuccess: () => invalidateCatalog(queryClient),
  });
}
