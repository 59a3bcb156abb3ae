/** GET /api/admin/check-role: whether the signed-in user is a superadmin; asked only with a session, never retried (docs/product/api.md#superadmin). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { checkRoleAnswer } from '../../../../contract/auth';

export type RoleCheck = z.infer<typeof checkRoleAnswer>;

export const checkRoleQueryKey = ['/api/admin/check-role'] as const;

export function checkRoleQueryOptions(enabled: boolean) {
  return queryOptions<RoleCheck>({ queryKey: checkRoleQueryKey, enabled, retry: false });
}

export function useCheckRole(enabled: boolean) {
  return useQuery(checkRoleQueryOptions(enabled));
}
