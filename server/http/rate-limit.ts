/** Fixed-window counters kept in the database, so every server process shares the same budget. */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { databaseFunction } from '../db/prepared';
import { rateLimits } from '../db/schema';
import { msg, type Message } from '../i18n';
import { tooManyRequests, type HttpError } from './errors';

/** A budget of attempts: `limit` per `windowSeconds`, counted under `key`; `message` (else one with the wait) refuses the one over it. */
export interface AttemptBudget {
  key: string;
  limit: number;
  windowSeconds: number;
  message?: Message;
}

/** The 429 for an attempt over its budget, `retryAfterSeconds` before the window ends. */
export function overBudget(budget: Pick<AttemptBudget, 'message'>, retryAfterSeconds: number): HttpError {
  return tooManyRequests(budget.message ?? msg('http.tooManyAttempts', { wait: waitOf(retryAfterSeconds) }));
}

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
}

const hit = databaseFunction<{ hits: number; retry_seconds: number }>('rate_limit_hit', 2);

/** Counts one hit against `key`; the window starts at the first hit and lasts `windowSeconds` (sql/rate_limit_hit.sql). */
export async function hitRateLimit(db: Db | Tx, key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
  const [row] = await hit(db, [key, windowSeconds]);
  if (!row) throw new Error('rate limit upsert returned no row');
  return { allowed: row.hits <= limit, count: row.hits, retryAfterSeconds: Math.max(1, Number(row.retry_seconds)) };
}

/** Throws 429 when the key is over its budget. */
export async function enforceRateLimit(db: Db, key: string, limit: number, windowSeconds: number, message?: Message): Promise<void> {
  const r = await hitRateLimit(db, key, limit, windowSeconds);
  if (!r.allowed) throw overBudget({ message }, r.retryAfterSeconds);
}

/** A wait as the messages name it: "N seconds" under a minute, else "1 minute" or "N minutes". */
export function waitOf(seconds: number): Message {
  if (seconds < 60) return msg('wait.seconds', { n: seconds });
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? msg('wait.oneMinute') : msg('wait.minutes', { n: minutes });
}

/** Takes back one hit counted in the key's current window, for an attempt that turned out not to count. */
export async function refundRateLimitHit(db: Db | Tx, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(and(eq(rateLimits.key, key), gt(rateLimits.windowEndsAt, sql`now()`)));
}

/** Forgets a key, e.g. the failed-login counter after a successful login. */
export async function resetRateLimit(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
