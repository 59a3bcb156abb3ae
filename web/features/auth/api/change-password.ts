/**
 * PUT /api/auth/password: sets a first password or changes it. The server ends every session of the
 * account and answers a fresh one for this device, which replaces the stored id.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { passwordChangedAnswer } from '../../../../contract/auth';
import { authEndpoints } from '../../../../contract/addresses';
import { apiPastHold, holdRequests } from '../../../lib/api-client';
import { setSessionId } from '../../../lib/session';
import { currentUserQueryKey } from './get-current-user';

export type PasswordChanged = z.infer<typeof passwordChangedAnswer>;

export interface ChangePasswordInput {
  /** Only when a password is already set. */
  currentPassword?: string;
  newPassword: string;
}

/**
 * The change ends the session this page holds, so it goes out once the reads on their way are answered, and the
 * reads made meanwhile wait until the new session is stored, then go with it: none is refused for the old one.
 */
export async function changePassword(input: ChangePasswordInput): Promise<PasswordChanged> {
  const release = await holdRequests();
  try {
    const answer = await apiPastHold(authEndpoints.changePassword, { body: input });
    setSessionId(answer.sessionId);
    return answer;
  } finally {
    release();
  }
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}
