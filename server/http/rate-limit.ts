/** Fixed-window counters kept in the database, so every server process shares the same budget. */
import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../db/client';
import { tooManyRequests } from './errors';

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
}

/** Counts one hit against `key`; the window starts at the first hit and lasts `windowSeconds`. */
export async function hitRateLimit(db: Db | Tx, key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
  const [row] = await queryRows<{ count: number; retry: number }>(
    db,
    sql`
    insert into rate_limits (key, count, window_ends_at)
    values (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
    on conflict (key) do update set
      count = case when rate_limits.window_ends_at <= now() then 1 else rate_limits.count + 1 end,
      window_ends_at = case when rate_limits.window_ends_at <= now()
        then now() + make_interval(secs => ${windowSeconds}) else rate_limits.window_ends_at end
    returning count, ceil(extract(epoch from (window_ends_at - now())))::int as retry`,
  );
  if (!row) throw new Error('rate limit upsert returned no row');
  return { allowed: row.count <= limit, count: row.count, retryAfterSeconds: Math.max(1, Number(row.retry)) };
}

/** Throws 429 when the key is over its budget. */
export async function enforceRateLimit(db: Db, key: string, limit: number, windowSeconds: number, message?: string): Promise<void> {
  const r = await hitRateLimit(db, key, limit, windowSeconds);
  if (!r.allowed) throw tooManyRequests(message ?? `Too many attempts. Please try again in ${formatWait(r.retryAfterSeconds)}.`);
}

export function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** Forgets a key, e.g. the failed-login counter after a successful login. */
export async function resetRateLimit(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}
