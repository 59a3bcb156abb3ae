/** POST /api/admin/deals: a new deal, which starts as an inactive draft; the payment-provider sync may fail on its own. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminDeal, CreateDealBody } from '../../../../contract/admin';
import { adminDealEndpoints } from '../../../../contract/addresses';
import { api } from '../../../lib/api-client';
import { invalidateCatalog } from './invalidate';

export type SavedDeal = AdminDeal & { catalogSyncError: string | null };

export function createDeal(body: CreateDealBody): Promise<SavedDeal> {
  return api(adminDealEndpoints.create, { body });
}

export function useCreateDeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDeal,
    onSuccess: () => invalidateCatalog(queryClient),
  });
}
