/** POST /api/auth/send-sms-code: texts a one-time code for login or registration (60 s cooldown per phone). */
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { authEndpoints } from '../../../../contract/addresses';
import type { messageAnswer } from '../../../../contract/common';
import { api } from '../../../lib/api-client';

export type SmsCodeSent = z.infer<typeof messageAnswer>;

export function sendSmsCode(phone: string): Promise<SmsCodeSent> {
  return api(authEndpoints.sendSmsCode, { body: { phone: phone.trim() } });
}

export function useSendSmsCode() {
  return useMutation({ mutationFn: sendSmsCode });
}
