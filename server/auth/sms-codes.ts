/**
 * One-time SMS codes: 6 digits, stored hashed, valid 5 minutes, burned after 5 wrong tries. Each code
 * belongs to whoever asked for it (ADR 034): its challenge (the code's id, kept by the asking browser in
 * an HttpOnly cookie) or, without it, the address it was asked from. Only its holder's guesses count
 * against it, and a new code voids only the same holder's earlier ones, so a stranger who knows the
 * phone can neither burn nor replace the code its owner asked for. Sends are limited per phone and
 * asking address (one a minute, five an hour), per address, and per phone over all addresses.
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
import { msg, render, type Language } from '../i18n';

/** Codes one address may have sent to one phone in an hour. */
export const SMS_HOURLY_CAP = 5;
/**
 * Codes a phone may be sent in an hour, whoever asks: it bounds both the messages a phone receives and
 * the guesses at its codes (5 each). Only many addresses together can reach it.
 */
export const SMS_PHONE_HOURLY_CAP = 30;
/** The cookie that carries a browser's challenge: the id of the code it asked for. */
export const SMS_CHALLENGE_COOKIE = 'smsChallenge';

/** How a one-time code is stored: hashed together with its row's id, so equal codes hash apart. */
export function hashCode(id: string, code: string): string {
  return createHash('sha256').update(`${id}:${code}`).digest('hex');
}

export function generateCode(): string {
  return String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
}

/**
 * Sends a fresh code to a phone for the asking address, refusing within that address's resend cooldown
 * or over its hourly cap for the phone, or over the phone's own cap. The text is in the asker's `language` (the
 * request's). Answers the code's challenge.
 */
export async function sendCode(db: Db, sms: SmsSender, phone: string, from: string, language: Language = 'en'): Promise<string> {
  // Each check is an atomic counter in the database, so parallel requests cannot slip past it.
  const cooldown = await hitRateLimit(db, `sms:cooldown:${phone}:${from}`, 1, SMS_RESEND_COOLDOWN_SECONDS);
  if (!cooldown.allowed) {
    throw tooManyRequests(msg('codes.waitBeforeAnother', { wait: waitOf(cooldown.retryAfterSeconds) }));
  }
  const hourly = await hitRateLimit(db, `sms:hour:${phone}:${from}`, SMS_HOURLY_CAP, 3600);
  if (!hourly.allowed) throw tooManyRequests(msg('codes.tooManyForPhone'));
  const phoneHourly = await hitRateLimit(db, `sms:phone-hour:${phone}`, SMS_PHONE_HOURLY_CAP, 3600);
  if (!phoneHourly.allowed) {
    await refundRateLimitHit(db, `sms:hour:${phone}:${from}`);
    throw tooManyRequests(msg('codes.tooManyForPhone'));
  }
  const now = new Date();
  const id = randomUUID();
  const code = generateCode();
  // The same asker's earlier codes stop working once a new one is sent; other askers' stay as they are.
  await db
    .update(smsCodes)
    .set({ consumedAt: now })
    .where(and(eq(smsCodes.phone, phone), eq(smsCodes.requestedFrom, from), isNull(smsCodes.consumedAt)));
  await db.insert(smsCodes).values({
    id,
    phone,
    codeHash: hashCode(id, code),
    requestedFrom: from,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SMS_CODE_TTL_MINUTES * 60_000),
  });
  try {
    await sms.send(phone, render(language, msg('sms.verificationCode', { code, minutes: SMS_CODE_TTL_MINUTES })));
  } catch (err) {
    // Nothing reached the phone: the code is void and the person may try again at once.
    await db.update(smsCodes).set({ consumedAt: new Date() }).where(eq(smsCodes.id, id));
    await resetRateLimit(db, `sms:cooldown:${phone}:${from}`);
    await refundRateLimitHit(db, `sms:hour:${phone}:${from}`);
    await refundRateLimitHit(db, `sms:phone-hour:${phone}`);
    throw new HttpError(502, msg('codes.smsFailed'), { cause: err });
  }
  return id;
}

/** Who is guessing: the challenge the browser holds, if any, and the address the guess comes from. */
export interface CodeHolder {
  challenge: string | null;
  from: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;


/**
 * Checks a code against the one its holder asked for, and consumes it: the code of the holder's
 * challenge, else the latest one asked for from the holder's address. A code succeeds at most once, even
 * when two requests race, and every wrong guess counts towards its attempt limit; nobody else's guesses do.
 */
export async function consumeCode(db: Db, phone: string, code: string, holder: CodeHolder): Promise<void> {
  const live = and(eq(smsCodes.phone, phone), isNull(smsCodes.consumedAt), gt(smsCodes.expiresAt, new Date()));
  const challenge = holder.challenge && UUID.test(holder.challenge) ? holder.challenge : null;
  const [held] = challenge ? await db.select({ id: smsCodes.id }).from(smsCodes).where(and(live, eq(smsCodes.id, challenge))) : [];
  const [latest] = held
    ? [held]
    : await db
        .select({ id: smsCodes.id })
        .from(smsCodes)
        .where(and(live, eq(smsCodes.requestedFrom, holder.from)))
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
