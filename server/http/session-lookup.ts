/**
 * Session look-up for every request: the SHA-256 of a session id, and the live session and user it
 * stands for. Starting and ending sessions is the auth feature's (server/auth/sessions.ts).
 */
import { createHash } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { SESSION_IDLE_DAYS } from '../../contract/constants';
import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import { merchants, sessions, users } from '../db/schema';

export const SESSION_IDLE_MS = SESSION_IDLE_DAYS * 86_400_000;
/** Refresh the idle deadline at most this often, to keep reads from writing on every request. */
const TOUCH_EVERY_MS = 60_000;

export type UserRow = typeof users.$inferSelect;

export function hashSessionId(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex');
}

/** Every signed-in request runs this look-up, so it is prepared once per database (planned once, built once). */
const sessionLookupOf = perDatabase((db) =>
  db
    .select({ session: sessions, user: users, merchantStatus: merchants.status })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(merchants, eq(merchants.id, users.merchantId))
    .where(and(eq(sessions.idHash, sql.placeholder('idHash')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('session_lookup'),
);

export interface ResolvedSession {
  idHash: string;
  user: UserRow;
}

/**
 * The live session and its user, or null. Sessions of merchant accounts whose merchant is not
 * active stop working at once (ADR 019).
 */
export async function resolveSession(db: Db, sessionId: string): Promise<ResolvedSession | null> {
  if (sessionId.length < 20 || sessionId.length > 100) return null;
  const idHash = hashSessionId(sessionId);
  const now = new Date();
  const [row] = await sessionLookupOf(db).execute({ idHash, now });
  if (!row) return null;
  if (row.user.role === 'merchant' && row.merchantStatus !== 'active') return null;
  if (now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_IDLE_MS) })
      .where(eq(sessions.idHash, idHash));
  }
  return { idHash, user: row.user };
}
