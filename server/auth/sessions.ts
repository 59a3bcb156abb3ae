/** Session ids: 256 random bits handed to the client, stored only as a SHA-256 hash, sliding 30 idle days. */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions } from '../db/schema';
import { hashSessionId, SESSION_IDLE_MS } from '../http/session-lookup';

/** Starts a session for a user and returns the id to hand to the client. */
export async function createSession(db: Db, userId: string): Promise<string> {
  const sessionId = randomBytes(32).toString('base64url');
  const now = new Date();
  await db.insert(sessions).values({
    idHash: hashSessionId(sessionId),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_IDLE_MS),
  });
  return sessionId;
}

export async function endSession(db: Db, idHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

export async function endAllSessions(db: Db, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Deletes sessions past their idle deadline. */
export async function purgeExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(sql`${sessions.expiresAt} <= now()`);
}
