/**
 * POST /api/merchant/staff {phone, name}: a new staff account with a generated first password, answered once (it must be
 * changed at the first login). A phone that already has an account, or one staff account too many, is refused with 409.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddedStaffAnswer, AddStaffBody } from '../../../../contract/workspace';
import { workspaceEndpoints } from '../../../../contract/addresses';
import { api } from '../../../lib/api-client';
import { staffQueryKey } from './get-staff';

export function addStaff(body: AddStaffBody): Promise<AddedStaffAnswer> {
  return api(workspaceEndpoints.addStaff, { body });
}

export function useAddStaff() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addStaff, onSuccess: () => queryClient.invalidateQueries({ queryKey: staffQueryKey }) });
}
