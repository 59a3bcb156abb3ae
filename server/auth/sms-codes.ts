/**
 * One-time SMS codes: 6 digits, stored hashed, valid 5 minutes, burned after 5 wrong tries,
 * one per minute and a few per hour for any phone.
 */
import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import {
  SMS_CODE_LENGTH,
  SMS_CODE_TTL_MINUTES,
  SMS_MAX_ATTEMPTS,
  SMS_RESEND_COOLDOWN_SECONDS,
} from '../../contract/constants';
import type { Db } from '../db/client';
import { smsCodes } from '../db/schema';
import { badRequest, HttpError, tooManyRequests } from '../http/errors';
import { hitRateLimit, refundRateLimitHit, resetRateLimit, waitOf } from '../http/rate-limit';
import type { SmsSender } from '../integrations/sms/sms-sender';
import { msg } from '../i18n';

export const SMS_HOURLY_CAP = 5;

/** How a one-time code is stored: hashed together with its row's id, so equal codes hash apart. */
export function hashCode(id: string, code: string): string {
  return createHash('sha256').update(`${id}:${code}`).digest('hex');
}

export function generateCode(): string {
  return String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
}

/** Sends a fresh code to a phone, refusing within the resend cooldown or over the hourly cap. */
export async function sendCode(db: Db, sms: SmsSender, phone: string): Promise<void> {
  // Both checks are atomic counters in the database, so parallel requests cannot slip past them.
  const cooldown = await hitRateLimit(db, `sms:cooldown:${phone}`, 1, SMS_RESEND_COOLDOWN_SECONDS);
  if (!cooldown.allowed) {
    throw tooManyRequests(msg('codes.waitBeforeAnother', { wait: waitOf(cooldown.retryAfterSeconds) }));
  }
  const hourly = await hitRateLimit(db, `sms:hour:${phone}`, SMS_HOURLY_CAP, 3600);
  if (!hourly.allowed) throw tooManyRequests(msg('codes.tooManyForPhone'));
  const now = new Date();
  const id = randomUUID();
  const code = generateCode();
  // Earlier codes stop working once a new one is sent.
  await db
    .update(smsCodes)
    .set({ consumedAt: now })
    .where(and(eq(smsCodes.phone, phone), isNull(smsCodes.consumedAt)));
  await db.insert(smsCodes).values({
    id,
    phone,
    codeHash: hashCode(id, code),
    createdAt: now,
    expiresAt: new Date(now.getTime() + SMS_CODE_TTL_MINUTES * 60_000),
  });
  try {
    await sms.send(phone, `Your verification code is ${code}. It expires in ${SMS_CODE_TTL_MINUTES} minutes.`);
  } catch (err) {
    // Nothing reached the phone: the code is void and the person may try again at once.
    await db.update(smsCodes).set({ consumedAt: new Date() }).where(eq(smsCodes.id, id));
    await resetRateLimit(db, `sms:cooldown:${phone}`);
    await refundRateLimitHit(db, `sms:hour:${phone}`);
    throw new HttpError(502, msg('codes.smsFailed'), { cause: err });
  }
}


/**
 * Checks a code and consumes it. A code succeeds at most once, even when two requests race,
 * and every wrong guess counts towards the attempt limit.
 */
export async function consumeCode(db: Db, phone: string, code: string): Promise<void> {
  const [latest] = await db
    .select({ id: smsCodes.id })
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, phone), isNull(smsCodes.consumedAt), gt(smsCodes.expiresAt, new Date())))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  if (!latest) throw badRequest(msg('codes.invalidOrExpired'));
  // The attempt is counted before the comparison, atomically, so parallel guesses cannot exceed the limit.
  const [row] = await db
    .update(smsCodes)
    .set({ attempts: sql`${smsCodes.attempts} + 1` })
    .where(and(eq(smsCodes.id, latest.id), lt(smsCodes.attempts, SMS_MAX_ATTEMPTS), isNull(smsCodes.consumedAt)))
    .returning();
  if (!row) throw badRequest(msg('codes.invalidOrExpired'));
  const expected = Buffer.from(row.codeHash, 'hex');
  const given = Buffer.from(hashCode(row.id, code), 'hex');
  if (!timingSafeEqual(expected, given)) {
    const left = SMS_MAX_ATTEMPTS - row.attempts;
    throw badRequest(msg(left > 0 ? 'codes.invalid' : 'codes.invalidOrExpiredAskNew'));
  }
  const [consumed] = await db
    .update(smsCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(smsCodes.id, row.id), isNull(smsCodes.consumedAt)))
    .returning({ id: smsCodes.id });
  if (!consumed) throw badRequest(msg('codes.invalidOrExpired'));
}
