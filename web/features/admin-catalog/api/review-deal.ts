/**
 * A superadmin's answer to a merchant's proposal: POST /api/admin/deals/{id}/approve publishes and lists it; POST
 * /api/admin/deals/{id}/reject {reason} turns it down and the reason goes back to the merchant. Both 409 once the deal
 * is no longer under review.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminDeal } from '../../../../contract/admin';
import { adminDealEndpoints } from '../../../../contract/addresses';
import { api } from '../../../lib/api-client';
import { invalidateCatalog } from './invalidate';

export function approveDeal(id: string): Promise<AdminDeal> {
  return api(adminDealEndpoints.approve, { params: { id } });
}

export function rejectDeal({ id, reason }: { id: string; reason: string }): Promise<AdminDeal> {
  return api(adminDealEndpoints.reject, { params: { id }, body: { reason } });
}

export function useApproveDeal() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: approveDeal, onSuccess: () => invalidateCatalog(queryClient) });
}

export function useRejectDeal() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: rejectDeal, onSuccess: () => invalidateCatalog(queryClient) });
}
