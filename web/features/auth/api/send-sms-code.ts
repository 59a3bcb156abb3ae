/** POST /api/auth/send-sms-code: texts a one-time code for login or registration (60 s cooldown per phone). */
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { messageAnswer } from '../../../../contract/common';
import { apiJson } from '../../../lib/api-client';

export type SmsCodeSent = z.infer<typeof messageAnswer>;

export function sendSmsCode(phone: string): Promise<SmsCodeSent> {
  return apiJson<SmsCodeSent>('POST', '/api/auth/send-sms-code', { phone: phone.trim() });
}

export function useSendSmsCode() {
  return useMutation({ mutationFn: sendSmsCode });
}
