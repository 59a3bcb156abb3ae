/** POST /api/admin/promote-superadmin {email}: a superadmin makes the account with that email a superadmin too. */
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { promoteAnswer } from '../../../../contract/auth';
import { apiJson } from '../../../lib/api-client';

export type Promoted = z.infer<typeof promoteAnswer>;

export function promoteSuperadmin(email: string): Promise<Promoted> {
  return apiJson<Promoted>('POST', '/api/admin/promote-superadmin', { email: email.trim() });
}

// No cache to update: after a promotion the page reloads (docs/product/screens.md#promote-admin).
export function usePromoteSuperadmin() {
  return useMutation({ mutationFn: promoteSuperadmin });
}
