import { z } from 'zod';
import { messageAnswer } from './common';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PHONE_MAX_LENGTH, PHONE_MIN_LENGTH, SMS_CODE_LENGTH } from './constants';
import { endpoint } from './endpoint';
import { guards } from './refusals';
import { reason } from './reasons';

export const role = z.enum(['customer', 'merchant', 'superadmin']);
export type Role = z.infer<typeof role>;

/** The current user, as GET /api/auth/user answers. */
export const currentUser = z.object({
  id: z.string(),
  phone: z.string(),
  phoneVerified: z.boolean(),
  /** The verified email, the only one login and promotion find the account by. */
  email: z.string().nullable(),
  /** An email saved but not confirmed yet: a code was sent to it, and it counts for nothing until given back. */
  pendingEmail: z.string().nullable(),
  role,
  merchantId: z.string().nullable(),
  /** For merchant accounts: the owner, or staff who may only redeem and read the log (ADR 028); null otherwise. */
  merchantRole: z.enum(['owner', 'staff']).nullable(),
  /** Whether a password is set; the hash itself never leaves the server. */
  hasPassword: z.boolean(),
  /** Set for merchant accounts still on the password an admin generated. */
  mustChangePassword: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUser>;

/**
 * Phones are stored as digits with an optional leading '+'; spaces, dashes, dots and brackets
 * people type are dropped first.
 */
export function normalizePhone(raw: string): string {
  const trimmed = raw.trim();
  const plus = trimmed.startsWith('+') ? '+' : '';
  return plus + trimmed.replace(/[^\d]/g, '');
}

export const phone = z
  .string({ message: reason('validation.phone') })
  .transform(normalizePhone)
  .refine((p) => /^\+?\d+$/.test(p) && p.replace('+', '').length >= PHONE_MIN_LENGTH && p.length <= PHONE_MAX_LENGTH, {
    message: reason('validation.phone'),
  });

export const smsCode = z
  .string({ message: reason('validation.smsCode', { length: SMS_CODE_LENGTH }) })
  .regex(new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`), { message: reason('validation.smsCode', { length: SMS_CODE_LENGTH }) });

export const newPassword = z
  .string({ message: reason('validation.password') })
  .min(PASSWORD_MIN_LENGTH, { message: reason('validation.passwordTooShort', { min: PASSWORD_MIN_LENGTH }) })
  .max(PASSWORD_MAX_LENGTH, { message: reason('validation.passwordTooLong', { max: PASSWORD_MAX_LENGTH }) });

export const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: reason('validation.email') }).max(EMAIL_MAX_LENGTH));

export const sendSmsCodeBody = z.object({ phone });
export const verifySmsCodeBody = z.object({ phone, code: smsCode });
export const passwordLoginBody = z.object({
  identifier: z
    .string({ message: reason('validation.phoneMissing') })
    .trim()
    .min(1, { message: reason('validation.phoneMissing') })
    .max(EMAIL_MAX_LENGTH),
  password: z
    .string({ message: reason('validation.passwordMissing') })
    .min(1, { message: reason('validation.passwordMissing') })
    .max(PASSWORD_MAX_LENGTH),
});
export const registerBody = z.object({ phone, password: newPassword, smsCode });
export const changePasswordBody = z.object({
  currentPassword: z.string().max(PASSWORD_MAX_LENGTH).optional(),
  newPassword,
});
/** An email to confirm with a code; null or an empty string removes the account's email. */
export const updateUserBody = z.object({
  email: z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), email.nullable()),
});
export const verifyEmailBody = z.object({ code: smsCode });

/** Every successful login, registration and bootstrap answers this. */
export const sessionAnswer = z.object({ sessionId: z.string(), user: currentUser });
export type SessionAnswer = z.infer<typeof sessionAnswer>;


export const passwordChangedAnswer = z.object({ message: z.string(), sessionId: z.string() });

export const bootstrapBody = z.object({ phone });
export const checkRoleAnswer = z.object({ isSuperAdmin: z.boolean() });
export const promoteBody = z.object({ email });
export const promoteAnswer = z.object({
  message: z.string(),
  user: z.object({ id: z.string(), phone: z.string(), email: z.string().nullable(), role }),
});

export const smsOutboxAnswer = z.object({ phone: z.string(), code: z.string(), sentAt: z.string() });
export const emailOutboxAnswer = z.object({ email: z.string(), code: z.string(), sentAt: z.string() });

/** The session id is also sent as an HttpOnly cookie of this name. */
export const SESSION_COOKIE = 'sessionId';

/** The answer of every login: the session it opens (also set as the cookie). */
const newSession = { status: 200, schema: sessionAnswer, description: 'The new session and its user.' } as const;

/** Who is signed in, and how they sign in (docs/product/api.md#accounts). */
export const authEndpoints = {
  currentUser: endpoint({
    method: 'GET',
    path: '/api/auth/user',
    tag: 'Auth',
    summary: 'The signed-in user',
    description: 'Signed in; allowed while a password change is required.',
    ok: { status: 200, schema: currentUser, description: 'The current user.' },
    refusals: guards({ beforePasswordChange: true }),
  }),
  sendSmsCode: endpoint({
    method: 'POST',
    path: '/api/auth/send-sms-code',
    tag: 'Auth',
    summary: 'Texts a one-time code for login or registration',
    description:
      'Anyone. The answer sets the HttpOnly cookie `smsChallenge` (path `/api/auth`, five minutes): the code belongs to whoever asked for it (ADR 034). One code a minute and five an hour per phone and asking address, thirty an hour per phone, and a budget per client address.',
    body: sendSmsCodeBody,
    ok: { status: 200, schema: messageAnswer, description: '`{message: \'SMS code sent\'}`.' },
    refusals: {
      429: 'Within the minute\'s cooldown, or over the hourly codes of the phone and asking address, of the phone, or of the client address.',
      502: 'The SMS provider failed; the attempt is not counted.',
    },
  }),
  verifySmsCode: endpoint({
    method: 'POST',
    path: '/api/auth/verify-sms-code',
    tag: 'Auth',
    summary: 'Logs in with a texted code',
    description:
      'Anyone. The code is checked against the one the caller asked for (its `smsChallenge` cookie, else the latest asked from its address). A phone with no account becomes a customer with a verified phone and no password. Sets the session cookie.',
    body: verifySmsCodeBody,
    ok: newSession,
    refusals: {
      400: 'The code is wrong, or there is no live code (expired, used, or burned after the fifth wrong try).',
      403: 'A merchant account whose merchant is not active.',
    },
  }),
  register: endpoint({
    method: 'POST',
    path: '/api/auth/register',
    tag: 'Auth',
    summary: 'Creates a customer account with a password, proven by a texted code',
    description: 'Anyone. The account is a customer with a verified phone; sets the session cookie.',
    body: registerBody,
    ok: newSession,
    refusals: {
      400: 'The code is wrong, or there is no live code.',
      409: 'The phone is already registered (told only after the code was right).',
    },
  }),
  passwordLogin: endpoint({
    method: 'POST',
    path: '/api/auth/password-login',
    tag: 'Auth',
    summary: 'Logs in with a phone or verified email and a password',
    description: 'Anyone: customers, merchants and admins alike. Sets the session cookie.',
    body: passwordLoginBody,
    ok: newSession,
    refusals: {
      401: 'No such account, no password set, or a wrong password (one answer for all).',
      403: 'A merchant account whose merchant is not active.',
      429: 'Over the account\'s budget of attempts, or the client address\'s.',
    },
  }),
  changePassword: endpoint({
    method: 'PUT',
    path: '/api/auth/password',
    tag: 'Auth',
    summary: 'Sets a first password or changes it',
    description:
      'Signed in; allowed while a password change is required. The current password is needed only when one is set. Every session of the account ends; the answer carries a fresh one for this device and sets the cookie.',
    body: changePasswordBody,
    ok: { status: 200, schema: passwordChangedAnswer, description: '`{message: \'Password updated\', sessionId}`.' },
    refusals: {
      ...guards({ write: true, beforePasswordChange: true }),
      400: 'The current password is missing or wrong.',
      429: 'More than ten tries in 15 minutes.',
    },
  }),
  updateUser: endpoint({
    method: 'PATCH',
    path: '/api/auth/user',
    tag: 'Auth',
    summary: 'Asks to change the account\'s email, or removes it',
    description:
      'Signed in. A new address becomes `pendingEmail` and is mailed a code (confirmed by POST /api/auth/verify-email); `null` or `\'\'` removes the email, and the verified email given again drops a pending one.',
    body: updateUserBody,
    ok: { status: 200, schema: currentUser, description: 'The current user.' },
    refusals: {
      ...guards({ write: true }),
      409: 'Another account has this email verified.',
      429: 'Within the minute\'s cooldown, or over the account\'s codes for the hour.',
      502: 'The email could not be sent.',
    },
  }),
  verifyEmail: endpoint({
    method: 'POST',
    path: '/api/auth/verify-email',
    tag: 'Auth',
    summary: 'Confirms the pending email with the code sent to it',
    description: 'Signed in. The pending address becomes the account\'s email.',
    body: verifyEmailBody,
    ok: { status: 200, schema: currentUser, description: 'The current user, the pending address now its `email`.' },
    refusals: {
      400: 'The code is wrong, or there is no live code.',
      ...guards({ write: true }),
      409: 'Another account verified this email first.',
    },
  }),
  logout: endpoint({
    method: 'POST',
    path: '/api/auth/logout',
    tag: 'Auth',
    summary: 'Ends the session the call came with',
    description: 'Anyone; allowed while a password change is required. Clears the session cookie.',
    ok: { status: 200, schema: messageAnswer, description: '`{message: \'Logged out\'}`.' },
    refusals: {},
  }),
};
