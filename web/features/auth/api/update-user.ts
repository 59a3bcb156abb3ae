/** PATCH /api/auth/user: sets or clears the email that email login and promotion look the user up by (DECISIONS.md D7). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '../../../../contract/auth';
import { apiJson } from '../../../lib/api-client';
import { currentUserQueryKey } from './get-current-user';

export function updateEmail(email: string | null): Promise<CurrentUser> {
  return apiJson<CurrentUser>('PATCH', '/api/auth/user', { email });
}

export function useUpdateEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmail,
    onSuccess: (user) => queryClient.setQueryData(currentUserQueryKey, user),
  });
}
