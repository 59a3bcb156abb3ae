/** DELETE /api/merchant/staff/{id}: the account becomes a plain customer's again and its sessions end. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { staffQueryKey } from './get-staff';

export async function removeStaff(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/merchant/staff/${encodeURIComponent(id)}`);
}

export function useRemoveStaff() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeStaff, onSuccess: () => queryClient.invalidateQueries({ queryKey: staffQueryKey }) });
}
