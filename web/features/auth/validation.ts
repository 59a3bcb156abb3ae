/**
 * The checks the sign-in screens make before calling the API (docs/product/messages.md#login-sms-and-registration), each answering the toast
 * to show (title and description, in the screen's language) or null when the input may be sent.
 */
import { PASSWORD_MIN_LENGTH, PHONE_MIN_LENGTH, SMS_CODE_LENGTH } from '../../../contract/constants';
import { isApiError } from '../../lib/api-client';

export interface Problem {
  title: string;
  description: string;
}

/** Keeps only digits, at most one code's worth: what the code inputs let through as people type or paste. */
export function sanitizeCode(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, SMS_CODE_LENGTH);
}

export function isCompleteCode(code: string): boolean {
  return new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`).test(code);
}

export function checkPasswordLogin(input: { identifier: string; password: string }): Problem | null {
  if (!input.identifier.trim()) return { title: 'Phone Number Required', description: 'Please enter your phone number' };
  if (!input.password) return { title: 'Password Required', description: 'Please enter your password' };
  return null;
}

export function checkSmsPhone(phone: string): Problem | null {
  const trimmed = phone.trim();
  if (!trimmed || trimmed.length < PHONE_MIN_LENGTH) {
    return { title: 'Invalid phone number', description: 'Please enter a valid phone number' };
  }
  return null;
}

export function checkSmsCode(code: string): Problem | null {
  if (!isCompleteCode(code)) return { title: 'Invalid code', description: 'Please enter the 6-digit verification code' };
  return null;
}

/** The register dialog speaks Chinese (docs/product/screens.md#register-dialog). Which field failed comes back too, so the form can focus it. */
export function checkRegistration(input: {
  phone: string;
  password: string;
  confirmPassword: string;
}): (Problem & { field: 'phone' | 'password' | 'confirmPassword' }) | null {
  if (input.phone.trim().length < PHONE_MIN_LENGTH) {
    return { field: 'phone', title: '手机号无效', description: `手机号至少${PHONE_MIN_LENGTH}位` };
  }
  if (input.password.length < PASSWORD_MIN_LENGTH) {
    return { field: 'password', title: '密码太短', description: `密码至少${PASSWORD_MIN_LENGTH}位` };
  }
  if (input.password !== input.confirmPassword) {
    return { field: 'confirmPassword', title: '密码不一致', description: '两次输入的密码不一致' };
  }
  return null;
}

export function checkRegistrationCode(code: string): Problem | null {
  if (!isCompleteCode(code)) return { title: '验证码无效', description: `请输入${SMS_CODE_LENGTH}位验证码` };
  return null;
}

export function checkMerchantLogin(input: { phone: string; password: string }): Problem | null {
  if (!input.phone.trim() || !input.password.trim()) {
    return { title: 'All Fields Required', description: 'Please enter both phone number and password' };
  }
  return null;
}

export type PasswordField = 'currentPassword' | 'newPassword' | 'confirmPassword';

/** The change-or-set password form; the current password is asked for only when one is set. */
export function checkPasswordChange(input: {
  hasPassword: boolean;
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}): (Problem & { field: PasswordField }) | null {
  const missing: PasswordField | null =
    input.hasPassword && !input.currentPassword
      ? 'currentPassword'
      : !input.newPassword
        ? 'newPassword'
        : !input.confirmPassword
          ? 'confirmPassword'
          : null;
  if (missing) return { field: missing, title: 'All Fields Required', description: 'Please fill in all password fields' };
  if (input.newPassword !== input.confirmPassword) {
    return { field: 'confirmPassword', title: "Passwords Don't Match", description: 'New password and confirmation must be the same' };
  }
  if (input.newPassword.length < PASSWORD_MIN_LENGTH) {
    return { field: 'newPassword', title: 'Password Too Short', description: `New password must be at least ${PASSWORD_MIN_LENGTH} characters` };
  }
  return null;
}

/** The server's `{message}` for a refused request; the screen's own fallback for anything else (network, no message). */
export function messageOf(error: unknown, fallback: string): string {
  if (isApiError(error)) {
    const message = error.serverMessage.trim();
    // A proxy's HTML error page is no message for people.
    if (message && !message.startsWith('<')) return message;
  }
  return fallback;
}
