/**
 * The checks the sign-in screens make before calling the API (docs/product/messages.md#login-sms-and-registration), each answering the toast
 * to show (title and description, in the screen's language) or null when the input may be sent.
 */
import { PASSWORD_MIN_LENGTH, PHONE_MIN_LENGTH, SMS_CODE_LENGTH } from '../../../contract/constants';
import { translate } from '../../i18n';

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
  if (!input.identifier.trim()) return { title: translate('auth:checks.phoneRequiredTitle'), description: translate('auth:checks.phoneRequired') };
  if (!input.password) return { title: translate('auth:checks.passwordRequiredTitle'), description: translate('auth:checks.passwordRequired') };
  return null;
}

export function checkSmsPhone(phone: string): Problem | null {
  const trimmed = phone.trim();
  if (!trimmed || trimmed.length < PHONE_MIN_LENGTH) {
    return { title: translate('auth:checks.smsPhoneTitle'), description: translate('auth:checks.smsPhone') };
  }
  return null;
}

export function checkSmsCode(code: string): Problem | null {
  if (!isCompleteCode(code)) return { title: translate('auth:checks.smsCodeTitle'), description: translate('auth:checks.smsCode') };
  return null;
}

/** The register dialog's checks, in Chinese until a language is chosen (docs/product/screens.md#register-dialog). Which field failed comes back too, so the form can focus it. */
export function checkRegistration(input: {
  phone: string;
  password: string;
  confirmPassword: string;
}): (Problem & { field: 'phone' | 'password' | 'confirmPassword' }) | null {
  if (input.phone.trim().length < PHONE_MIN_LENGTH) {
    return { field: 'phone', title: translate('auth:register.checks.phoneTitle'), description: translate('auth:register.checks.phone', { min: PHONE_MIN_LENGTH }) };
  }
  if (input.password.length < PASSWORD_MIN_LENGTH) {
    return { field: 'password', title: translate('auth:register.checks.passwordTitle'), description: translate('auth:register.checks.password', { min: PASSWORD_MIN_LENGTH }) };
  }
  if (input.password !== input.confirmPassword) {
    return { field: 'confirmPassword', title: translate('auth:register.checks.mismatchTitle'), description: translate('auth:register.checks.mismatch') };
  }
  return null;
}

export function checkRegistrationCode(code: string): Problem | null {
  if (!isCompleteCode(code)) return { title: translate('auth:register.checks.codeTitle'), description: translate('auth:register.checks.code', { length: SMS_CODE_LENGTH }) };
  return null;
}

export function checkMerchantLogin(input: { phone: string; password: string }): Problem | null {
  if (!input.phone.trim() || !input.password.trim()) {
    return { title: translate('auth:checks.merchantFieldsTitle'), description: translate('auth:checks.merchantFields') };
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
  if (missing) return { field: missing, title: translate('auth:checks.passwordFieldsTitle'), description: translate('auth:checks.passwordFields') };
  if (input.newPassword !== input.confirmPassword) {
    return { field: 'confirmPassword', title: translate('auth:checks.passwordMismatchTitle'), description: translate('auth:checks.passwordMismatch') };
  }
  if (input.newPassword.length < PASSWORD_MIN_LENGTH) {
    return {
      field: 'newPassword',
      title: translate('auth:checks.passwordShortTitle'),
      description: translate('auth:checks.passwordShort', { min: PASSWORD_MIN_LENGTH }),
    };
  }
  return null;
}
