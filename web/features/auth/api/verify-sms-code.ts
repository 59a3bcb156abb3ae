/** POST /api/auth/verify-sms-code: logs in with a texted code; a new phone becomes a customer account. */
import { useMutation } from '@tanstack/react-query';
import type { SessionAnswer } from '../../../../contract/auth';
import { authEndpoints } from '../../../../contract/addresses';
import { api } from '../../../lib/api-client';
import { useStartSession } from './start-session';

export function verifySmsCode(input: { phone: string; code: string }): Promise<SessionAnswer> {
  return api(authEndpoints.verifySmsCode, { body: { phone: input.phone.trim(), code: input.code } });
}

export function useVerifySmsCode() {
  const startSession = useStartSession();
  return useMutation({ mutationFn: verifySmsCode, onSuccess: startSession });
}
