/** POST /api/admin/promote-superadmin {email}: a superadmin makes the account with that email a superadmin too. */
import { useMutation } from '@tanstack/react-query';
import { adminAccountEndpoints } from '../../../../contract/addresses';
import { api } from '../../../lib/api-client';
import type { AnswerOf } from '../../../../contract/endpoint';

export type Promoted = AnswerOf<typeof adminAccountEndpoints.promote>;

export function promoteSuperadmin(email: string): Promise<Promoted> {
  return api(adminAccountEndpoints.promote, { body: { email: email.trim() } });
}

// No cache to update: after a promotion the page reloads (docs/product/screens.md#promote-admin).
export function usePromoteSuperadmin() {
  return useMutation({ mutationFn: promoteSuperadmin });
}
