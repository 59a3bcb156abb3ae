/** Who the user is: SMS and password login, registration, profile changes, logout. */
import { eq, sql } from 'drizzle-orm';
import type { CurrentUser } from '../../contract/auth';
import type { Db } from '../db/client';
import { merchants, users } from '../db/schema';
import { isDatabaseError } from '../db/errors';
import { badRequest, conflict, forbidden, HttpError, tooManyRequests } from '../http/errors';
import { enforceRateLimit, hitRateLimit, resetRateLimit, waitOf } from '../http/rate-limit';
import type { EmailSender } from '../integrations/email/email-sender';
import type { SmsSender } from '../integrations/sms/sms-sender';
import { consumeEmailCode, sendEmailCode, voidEmailCodes } from './email-codes';
import { hashPassword, verifyPassword } from '../db/passwords';
import { createSession, endAllSessions } from './sessions';
import type { UserRow } from '../http/session-lookup';
import { consumeCode, sendCode, type CodeHolder } from './sms-codes';
import { msg, type Language } from '../i18n';

/** Account management starts a session for the superadmin it bootstraps, and ends a removed staff account's. */
export { createSession, endAllSessions };

export function presentUser(user: UserRow): CurrentUser {
  return {
    id: user.id,
    phone: user.phone,
    phoneVerified: user.phoneVerified,
    email: user.email,
    pendingEmail: user.pendingEmail,
    role: user.role,
    merchantId: user.merchantId,
    merchantRole: user.merchantRole,
    hasPassword: user.passwordHash !== null,
    mustChangePassword: user.mustChangePassword,
  };
}

export interface LoggedIn {
  sessionId: string;
  user: CurrentUser;
}

async function startSession(db: Db, user: UserRow): Promise<LoggedIn> {
  return { sessionId: await createSession(db, user.id), user: presentUser(user) };
}

async function findUserByPhone(db: Db, phone: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.phone, phone)).limit(1);
  return user;
}

/** Refuses merchant accounts whose merchant is inactive or pending (ADR 019). */
async function assertMayLogIn(db: Db, user: UserRow): Promise<void> {
  if (user.role !== 'merchant' || !user.merchantId) return;
  const [m] = await db.select({ status: merchants.status }).from(merchants).where(eq(merchants.id, user.merchantId));
  if (m?.status !== 'active') throw forbidden(msg('auth.merchantInactive'));
}

/**
 * Sends a login or registration code, with the cooldown and hourly cap of the phone and asking address,
 * the phone's own cap, and a per-address budget. The text is in the asker's language. Answers the code's
 * challenge, for the asker to keep.
 */
export async function requestSmsCode(db: Db, sms: SmsSender, phone: string, ip: string, perAddressHourly = 20, language: Language = 'en'): Promise<string> {
  await enforceRateLimit(db, `sms:ip:${ip}`, perAddressHourly, 3600, msg('codes.tooManyFromAddress'));
  return sendCode(db, sms, phone, ip, language);
}

/**
 * Remembers the language the user uses the app in (the request's), in which the SMS texts sent to them are
 * written (docs/product/language.md): on registration, every sign-in and every profile change.
 */
async function rememberLanguage(db: Db, user: UserRow, language: Language): Promise<UserRow> {
  if (user.language === language) return user;
  const [updated] = await db.update(users).set({ language }).where(eq(users.id, user.id)).returning();
  return updated ?? user;
}

/**
 * Logs in with a one-time code. A phone seen for the first time becomes a customer account
 * with a verified phone and no password, which the profile screen lets them set.
 */
export async function loginWithSmsCode(db: Db, phone: string, code: string, holder: CodeHolder, language: Language = 'en'): Promise<LoggedIn> {
  await consumeCode(db, phone, code, holder);
  const existing = await findUserByPhone(db, phone);
  if (existing) {
    await assertMayLogIn(db, existing);
    // The phone's owner is known now: guesses at the password by anyone else stop locking them out.
    await resetRateLimit(db, loginBudgetKey(existing, phone));
    const [verified] = await db
      .update(users)
      .set({ phoneVerified: true, language, updatedAt: new Date() })
      .where(eq(users.id, existing.id))
      .returning();
    return startSession(db, verified!);
  }
  const [created] = await db
    .insert(users)
    .values({ phone, phoneVerified: true, role: 'customer', language })
    .onConflictDoUpdate({ target: users.phone, set: { phoneVerified: true, language } })
    .returning();
  return startSession(db, created!);
}

export async function register(
  db: Db,
  input: { phone: string; password: string; smsCode: string },
  holder: CodeHolder,
  language: Language = 'en',
): Promise<LoggedIn> {
  // The code is checked first, so only the phone's owner learns whether it is registered.
  await consumeCode(db, input.phone, input.smsCode, holder);
  if (await findUserByPhone(db, input.phone)) throw conflict(msg('auth.phoneRegistered'));
  const passwordHash = await hashPassword(input.password);
  const [created] = await db
    .insert(users)
    .values({ phone: input.phone, phoneVerified: true, role: 'customer', passwordHash, language })
    .onConflictDoNothing({ target: users.phone })
    .returning();
  if (!created) throw conflict(msg('auth.phoneRegistered'));
  return startSession(db, created);
}

const LOGIN_FAILED = msg('auth.loginFailed');
/** Verified against when the account does not exist, so both failures take the same time. */
let dummyHash: Promise<string> | null = null;

export const LOGIN_LIMITS = { perAccount: 10, perAddress: 50, windowSeconds: 15 * 60 } as const;

/** The password-login budget of an account (whatever identifier named it), or of an identifier that names none. */
const loginBudgetKey = (user: { id: string } | undefined, identifier: string) =>
  user ? `login:account:${user.id}` : `login:unknown:${identifier}`;

/**
 * Password login by phone or email. An unknown account and a wrong password get the same answer.
 * The caller's address has an attempt budget, and so has the account, one budget whether it is
 * named by phone or by email; an owner locked out of password login by someone else's guesses
 * still logs in with an SMS code, which also ends the lock-out.
 */
export async function loginWithPassword(
  db: Db,
  identifier: string,
  password: string,
  ip: string,
  perAddress: number = LOGIN_LIMITS.perAddress,
  language: Language = 'en',
): Promise<LoggedIn> {
  const byEmail = identifier.includes('@');
  const key = byEmail ? identifier.trim().toLowerCase() : identifier.trim().replace(/[^\d+]/g, '');
  await enforceRateLimit(db, `login:ip:${ip}`, perAddress, LOGIN_LIMITS.windowSeconds);
  const [user] = byEmail
    ? await db.select().from(users).where(sql`lower(${users.email}) = ${key}`).limit(1)
    : await db.select().from(users).where(eq(users.phone, key)).limit(1);
  const accountKey = loginBudgetKey(user, key);
  const budget = await hitRateLimit(db, accountKey, LOGIN_LIMITS.perAccount, LOGIN_LIMITS.windowSeconds);
  if (!budget.allowed) {
    throw tooManyRequests(msg('auth.tooManyLogins', { wait: waitOf(budget.retryAfterSeconds) }));
  }
  dummyHash ??= hashPassword('not-a-real-password');
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash), password);
  if (!user || !user.passwordHash || !ok) throw new HttpError(401, LOGIN_FAILED);
  await assertMayLogIn(db, user);
  await resetRateLimit(db, accountKey);
  return startSession(db, await rememberLanguage(db, user, language));
}

/**
 * Sets a first password or changes one (the current one is then required). Every session of
 * the user ends, and a fresh one is returned for the device that made the change.
 */
export async function changePassword(
  db: Db,
  user: UserRow,
  input: { currentPassword?: string | undefined; newPassword: string },
  language: Language = 'en',
): Promise<string> {
  if (user.passwordHash) {
    await enforceRateLimit(db, `password-change:${user.id}`, 10, 15 * 60);
    if (!input.currentPassword) throw badRequest(msg('auth.currentPasswordMissing'));
    if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
      throw badRequest(msg('auth.currentPasswordWrong'));
    }
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.update(users).set({ passwordHash, mustChangePassword: false, language, updatedAt: new Date() }).where(eq(users.id, user.id));
  await endAllSessions(db, user.id);
  return createSession(db, user.id);
}

const EMAIL_TAKEN = msg('auth.emailTaken');

/**
 * Asks to change the account's email: the new address becomes pending and is sent a code, and only
 * verifyEmail makes it the email that password login and promotion find the account by. Null
 * removes the email (and any pending one); the verified email given again just drops a pending one.
 */
export async function updateEmail(db: Db, sender: EmailSender, user: UserRow, email: string | null, language: Language = 'en'): Promise<CurrentUser> {
  await rememberLanguage(db, user, language);
  if (email === null || email === user.email?.toLowerCase()) {
    await voidEmailCodes(db, user.id);
    const [updated] = await db
      .update(users)
      .set({ email: email === null ? null : user.email, pendingEmail: null, updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    return presentUser(updated!);
  }
  // Only verified emails are taken; a pending claim by another account never blocks anyone.
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email} and ${users.id} <> ${user.id}`)
    .limit(1);
  if (taken) throw conflict(EMAIL_TAKEN);
  await sendEmailCode(db, sender, user.id, email, language);
  const [updated] = await db.select().from(users).where(eq(users.id, user.id));
  return presentUser(updated!);
}

/** Confirms the pending email with the code sent to it; it then becomes the account's email. */
export async function verifyEmail(db: Db, user: UserRow, code: string, language: Language = 'en'): Promise<CurrentUser> {
  try {
    const updated = await consumeEmailCode(db, user.id, code, async (tx, email) => {
      const [row] = await tx
        .update(users)
        .set({ email, pendingEmail: null, language, updatedAt: new Date() })
        .where(eq(users.id, user.id))
        .returning();
      return row!;
    });
    return presentUser(updated);
  } catch (err) {
    // Another account verified the address first; the code stays unused.
    if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN);
    throw err;
  }
}

/** True for PostgreSQL's unique_violation, whichever driver raised it. */
export function isUniqueViolation(err: unknown): boolean {
  return isDatabaseError(err, '23505');
}
