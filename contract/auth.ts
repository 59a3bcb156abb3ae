import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, PHONE_MIN_LENGTH, SMS_CODE_LENGTH } from './constants';

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
  .string({ message: 'Please enter a valid phone number' })
  .transform(normalizePhone)
  .refine((p) => /^\+?\d+$/.test(p) && p.replace('+', '').length >= PHONE_MIN_LENGTH && p.length <= 16, {
    message: 'Please enter a valid phone number',
  });

export const smsCode = z
  .string({ message: 'Please enter the 6-digit verification code' })
  .regex(new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`), { message: 'Please enter the 6-digit verification code' });

export const newPassword = z
  .string({ message: 'Please enter a password' })
  .min(PASSWORD_MIN_LENGTH, { message: `New password must be at least ${PASSWORD_MIN_LENGTH} characters` })
  .max(200, { message: 'Password must be at most 200 characters' });

export const email = z.string().trim().toLowerCase().pipe(z.email({ message: 'Please enter a valid email address' }).max(254));

export const sendSmsCodeBody = z.object({ phone });
export const verifySmsCodeBody = z.object({ phone, code: smsCode });
export const passwordLoginBody = z.object({
  identifier: z.string({ message: 'Please enter your phone number' }).trim().min(1, { message: 'Please enter your phone number' }).max(254),
  password: z.string({ message: 'Please enter your password' }).min(1, { message: 'Please enter your password' }).max(200),
});
export const registerBody = z.object({ phone, password: newPassword, smsCode });
export const changePasswordBody = z.object({
  currentPassword: z.string().max(200).optional(),
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
export const BOOTSTRAP_SECRET_HEADER = 'x-bootstrap-secret';
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
