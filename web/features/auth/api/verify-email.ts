/** POST /api/auth/verify-email: the code sent to the pending email makes it the account's email. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '../../../../contract/auth';
import { authEndpoints } from '../../../../contract/addresses';
import { api } from '../../../lib/api-client';
import { currentUserQueryKey } from './get-current-user';

export function verifyEmail(code: string): Promise<CurrentUser> {
  return api(authEndpoints.verifyEmail, { body: { code } });
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: (user) => queryClient.setQueryData(currentUserQueryKey, user),
  });
}
