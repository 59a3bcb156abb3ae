/**
 * PUT /api/auth/password: sets a first password or changes it. The server ends every session of the
 * account and answers a fresh one for this device, which replaces the stored id.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { passwordChangedAnswer } from '../../../../contract/auth';
import { authEndpoints } from '../../../../contract/addresses';
import { api } from '../../../lib/api-client';
import { setSessionId } from '../../../lib/session';
import { currentUserQueryKey } from './get-current-user';

export type PasswordChanged = z.infer<typeof passwordChangedAnswer>;

export interface ChangePasswordInput {
  /** Only when a password is already set. */
  currentPassword?: string;
  newPassword: string;
}

export function changePassword(input: ChangePasswordInput): Promise<PasswordChanged> {
  return api(authEndpoints.changePassword, { body: input });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: async (answer) => {
      setSessionId(answer.sessionId);
      await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}
