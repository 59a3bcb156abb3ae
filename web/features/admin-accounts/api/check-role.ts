/**
 * GET /api/admin/check-role: {isSuperAdmin} for a signed-in account, null without a session (a 401), never retried
 * (docs/product/api.md#superadmin). The one role check of the app: the promote page and the transaction history ask
 * it with the same key and read a missing session the same way.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminAccountEndpoints } from '../../../../contract/addresses';
import { queryKeyOf, type AnswerOf } from '../../../../contract/endpoint';
import { getQueryFn } from '../../../lib/api-client';

export type RoleCheck = AnswerOf<typeof adminAccountEndpoints.checkRole>;

export const checkRoleQueryOptions = queryOptions({
  queryKey: queryKeyOf(adminAccountEndpoints.checkRole),
  queryFn: getQueryFn<RoleCheck>({ on401: 'returnNull' }),
  retry: false,
  // Asked afresh on every visit: a role remembered from before a login or logout would open or shut the wrong door.
  staleTime: 0,
  gcTime: 0,
});

export function useCheckRole() {
  return useQuery(checkRoleQueryOptions);
}
