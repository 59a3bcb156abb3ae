/** POST /api/auth/register: a new customer account with a password, proven by a texted code. */
import { useMutation } from '@tanstack/react-query';
import type { SessionAnswer } from '../../../../contract/auth';
import { authEndpoints } from '../../../../contract/addresses';
import { api } from '../../../lib/api-client';
import { useStartSession } from './start-session';

export interface RegisterInput {
  phone: string;
  password: string;
  smsCode: string;
}

export function register(input: RegisterInput): Promise<SessionAnswer> {
  return api(authEndpoints.register, { body: { ...input, phone: input.phone.trim() } });
}

export function useRegister() {
  const startSession = useStartSession();
  return useMutation({ mutationFn: register, onSuccess: startSession });
}
