/** GET /api/admin/check-role: {isSuperAdmin} for a signed-in account, null without a session (docs/product/api.md#superadmin; not retried). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { checkRoleAnswer } from '../../../../contract/auth';
import { getQueryFn } from '../../../lib/api-client';

export type CheckRoleAnswer = z.infer<typeof checkRoleAnswer>;

export const checkRoleQueryOptions = queryOptions({
  queryKey: ['/api/admin/check-role'] as const,
  queryFn: getQueryFn<CheckRoleAnswer>({ on401: 'returnNull' }),
  retry: false,
  // Asked afresh on every visit: a role remembered from before a login or logout would open or shut the wrong door.
  staleTime: 0,
  gcTime: 0,
});

export function useCheckRole() {
  return useQuery(checkRoleQueryOptions);
}
