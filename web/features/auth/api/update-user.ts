/**
 * PATCH /api/auth/user: asks to change the account's email. A new address is kept as pending and sent a code
 * (verify-email.ts confirms it); null removes the email. Only a verified email logs in and can be promoted.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '../../../../contract/auth';
import { authEndpoints } from '../../../../contract/addresses';
import { api } from '../../../lib/api-client';
import { currentUserQueryKey } from './get-current-user';

export function updateEmail(email: string | null): Promise<CurrentUser> {
  return api(authEndpoints.updateUser, { body: { email } });
}

export function useUpdateEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmail,
    onSuccess: (user) => queryClient.setQueryData(currentUserQueryKey, user),
  });
}
