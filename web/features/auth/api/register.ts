/** POST /api/auth/register: a new customer account with a password, proven by a texted code. */
import { useMutation } from '@tanstack/react-query';
import type { SessionAnswer } from '../../../../contract/auth';
import { apiJson } from '../../../lib/api-client';
import { useStartSession } from './start-session';

export interface RegisterInput {
  phone: string;
  password: string;
  smsCode: string;
}

export function register(input: RegisterInput): Promise<SessionAnswer> {
  return apiJson<SessionAnswer>('POST', '/api/auth/register', { ...input, phone: input.phone.trim() });
}

export function useRegister() {
  const startSession = useStartSession();
  return useMutation({ mutationFn: register, onSuccess: startSession });
}
