/** DELETE /api/merchant/staff/{id}: the account becomes a plain customer's again and its sessions end. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workspaceEndpoints } from '../../../../contract/addresses';
import { api } from '../../../lib/api-client';
import { staffQueryKey } from './get-staff';

export async function removeStaff(id: string): Promise<void> {
  await api(workspaceEndpoints.removeStaff, { params: { id } });
}

export function useRemoveStaff() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeStaff, onSuccess: () => queryClient.invalidateQueries({ queryKey: staffQueryKey }) });
}
