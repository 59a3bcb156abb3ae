/**
 * Email confirmation codes: 6 digits, stored hashed, valid 15 minutes, burned after 5 tries,
 * one per minute and a few per hour for any account. A new code voids the account's earlier ones.
 */
import { randomUUID, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import {
  EMAIL_CODE_MAX_ATTEMPTS,
  EMAIL_CODE_TTL_MINUTES,
  EMAIL_CODES_PER_HOUR,
  EMAIL_RESEND_COOLDOWN_SECONDS,
} from '../../contract/constants';
import type { Db, Tx } from '../db/client';
import { emailCodes, users } from '../db/schema';
import { badRequest, HttpError, tooManyRequests } from '../http/errors';
import { hitRateLimit, refundRateLimitHit, resetRateLimit, waitOf } from '../http/rate-limit';
import type { EmailSender } from '../integrations/email/email-sender';
import { generateCode, hashCode } from './sms-codes';
import { msg, render, type Language } from '../i18n';

const cooldownKey = (userId: string) => `email:cooldown:${userId}`;
const hourlyKey = (userId: string) => `email:hour:${userId}`;

/** Voids every code of the account that is still open. */
export async function voidEmailCodes(db: Db, userId: string): Promise<void> {
  await db
    .update(emailCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(emailCodes.userId, userId), isNull(emailCodes.consumedAt)));
}

/**
 * Records `email` as the account's pending email and sends it a fresh code, refusing within the
 * resend cooldown or over the hourly cap.
 */
export async function sendEmailCode(db: Db, sender: EmailSender, userId: string, email: string, language: Language = 'en'): Promise<void> {
  // Both checks are atomic counters in the database, so parallel requests cannot slip past them.
  const cooldown = await hitRateLimit(db, cooldownKey(userId), 1, EMAIL_RESEND_COOLDOWN_SECONDS);
  if (!cooldown.allowed) {
    throw tooManyRequests(msg('codes.waitBeforeAnother', { wait: waitOf(cooldown.retryAfterSeconds) }));
  }
  const hourly = await hitRateLimit(db, hourlyKey(userId), EMAIL_CODES_PER_HOUR, 3600);
  if (!hourly.allowed) throw tooManyRequests(msg('codes.tooManyForAccount'));
  const now = new Date();
  const id = randomUUID();
  const code = generateCode();
  await db.transaction(async (tx) => {
    await tx
      .update(emailCodes)
      .set({ consumedAt: now })
      .where(and(eq(emailCodes.userId, userId), isNull(emailCodes.consumedAt)));
    await tx.insert(emailCodes).values({
      id,
      userId,
      email,
      codeHash: hashCode(id, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + EMAIL_CODE_TTL_MINUTES * 60_000),
    });
    await tx.update(users).set({ pendingEmail: email, updatedAt: now }).where(eq(users.id, userId));
  });
  try {
    await sender.send({
      to: email,
      // In the language of whoever asked for it (the request's), as the SMS code is.
      subject: render(language, msg('email.verificationSubject', { code })),
      text: render(language, msg('email.verificationText', { code, minutes: EMAIL_CODE_TTL_MINUTES })),
    });
  } catch (err) {
    // Nothing reached the inbox: the code is void and the person may try again at once.
    await db.update(emailCodes).set({ consumedAt: new Date() }).where(eq(emailCodes.id, id));
    await db
      .update(users)
      .set({ pendingEmail: null, updatedAt: new Date() })
      .where(and(eq(users.id, userId), eq(users.pendingEmail, email)));
    await resetRateLimit(db, cooldownKey(userId));
    await refundRateLimitHit(db, hourlyKey(userId));
    throw new HttpError(502, msg('codes.emailFailed'), { cause: err });
  }
}


/**
 * Checks the account's latest code and, in one transaction, consumes it and hands the email it was
 * sent to to `onMatch` (which makes it the account's); a failure there leaves the code unused.
 * Every guess is counted before the comparison, atomically, so parallel guesses cannot exceed the
 * limit; the consumption is conditional, so a code succeeds at most once.
 */
export async function consumeEmailCode<T>(db: Db, userId: string, code: string, onMatch: (tx: Tx, email: string) => Promise<T>): Promise<T> {
  const [latest] = await db
    .select({ id: emailCodes.id })
    .from(emailCodes)
    .where(and(eq(emailCodes.userId, userId), isNull(emailCodes.consumedAt), gt(emailCodes.expiresAt, new Date())))
    .orderBy(desc(emailCodes.createdAt))
    .limit(1);
  if (!latest) throw badRequest(msg('codes.invalidOrExpiredAskNew'));
  const [row] = await db
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(
      and(
        eq(emailCodes.id, latest.id),
        lt(emailCodes.attempts, EMAIL_CODE_MAX_ATTEMPTS),
        isNull(emailCodes.consumedAt),
        gt(emailCodes.expiresAt, new Date()),
      ),
    )
    .returning();
  if (!row) throw badRequest(msg('codes.invalidOrExpiredAskNew'));
  const expected = Buffer.from(row.codeHash, 'hex');
  const given = Buffer.from(hashCode(row.id, code), 'hex');
  if (!timingSafeEqual(expected, given)) {
    const left = EMAIL_CODE_MAX_ATTEMPTS - row.attempts;
    throw badRequest(msg(left > 0 ? 'codes.invalid' : 'codes.invalidOrExpiredAskNew'));
  }
  return db.transaction(async (tx) => {
    const [consumed] = await tx
      .update(emailCodes)
      .set({ consumedAt: new Date() })
      .where(and(eq(emailCodes.id, row.id), isNull(emailCodes.consumedAt)))
      .returning({ id: emailCodes.id });
    if (!consumed) throw badRequest(msg('codes.invalidOrExpired'));
    return onMatch(tx, row.email);
  });
}
