/** POST /api/auth/password-login: phone (or email) and password, for customers, merchants and admins alike. */
import { useMutation } from '@tanstack/react-query';
import type { SessionAnswer } from '../../../../contract/auth';
import { authEndpoints } from '../../../../contract/addresses';
import { api } from '../../../lib/api-client';
import { useStartSession } from './start-session';

export interface PasswordLoginInput {
  identifier: string;
  password: string;
}

export function passwordLogin(input: PasswordLoginInput): Promise<SessionAnswer> {
  return api(authEndpoints.passwordLogin, { body: { identifier: input.identifier.trim(), password: input.password } });
}

/** Logs in and keeps the session. */
export function usePasswordLogin() {
  const startSession = useStartSession();
  return useMutation({ mutationFn: passwordLogin, onSuccess: startSession });
}

/** Logs in without keeping the session yet: the caller decides (the merchant screen refuses non-merchant accounts). */
export function usePasswordCheck() {
  return useMutation({ mutationFn: passwordLogin });
}
