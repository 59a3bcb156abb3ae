/** POST /api/admin/merchants: a new active merchant with its login account, whose first password is answered once. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminMerchant, CreateMerchantBody } from '../../../../contract/admin';
import { adminMerchantEndpoints } from '../../../../contract/addresses';
import { api } from '../../../lib/api-client';
import { invalidateCatalog } from './invalidate';

export type CreatedMerchant = AdminMerchant & { loginInfo: { phone: string; password: string } };

export function createMerchant(body: CreateMerchantBody): Promise<CreatedMerchant> {
  return api(adminMerchantEndpoints.create, { body });
}

export function useCreateMerchant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMerchant,
    onSuccess: () => invalidateCatalog(queryClient),
  });
}
