/** The first superadmin (bootstrap, ADR 018) and promotion of others by email. */
import { createHash, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { databaseFunction } from '../db/prepared';
import { users } from '../db/schema';
import { conflict, forbidden, notFound } from '../http/errors';
import { presentUser, type LoggedIn } from '../auth/auth.service';
import { createSession } from '../auth/auth.service';
import type { UserRow } from '../http/session-lookup';
import { msg } from '../i18n';

/** Compares secrets in constant time, whatever their lengths. */
export function secretsMatch(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** An arbitrary constant key: one bootstrap at a time across every server. */
const BOOTSTRAP_LOCK_KEY = 7_340_113;

const advisoryTransactionLock = databaseFunction('pg_advisory_xact_lock', 1);

/**
 * Makes the phone's account (created if needed) the first superadmin, and logs it in.
 * Refused once any superadmin exists, also when two requests race.
 */
export async function bootstrapSuperadmin(db: Db, phone: string): Promise<LoggedIn> {
  const user = await db.transaction(async (tx) => {
    await advisoryTransactionLock(tx, [BOOTSTRAP_LOCK_KEY]);
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'superadmin')).limit(1);
    if (existing) throw conflict(msg('admin.superadminExists'));
    const [row] = await tx
      .insert(users)
      .values({ phone, role: 'superadmin' })
      // A merchant account made superadmin stops being the merchant's owner or staff.
      .onConflictDoUpdate({ target: users.phone, set: { role: 'superadmin', merchantRole: null, updatedAt: new Date() } })
      .returning();
    return row!;
  });
  return { sessionId: await createSession(db, user.id), user: presentUser(user) };
}

/** Promotes the user with this email to superadmin (a merchant account stops being owner or staff); only a superadmin may do it. */
export async function promoteByEmail(db: Db, actor: UserRow, email: string): Promise<UserRow> {
  if (actor.role !== 'superadmin') throw forbidden(msg('admin.promoteSuperadminOnly'));
  const [target] = await db.select().from(users).where(sql`lower(${users.email}) = ${email}`).limit(1);
  if (!target) throw notFound(msg('notFound.userWithEmail'));
  if (target.role === 'superadmin') return target;
  const [updated] = await db
    .update(users)
    .set({ role: 'superadmin', merchantRole: null, updatedAt: new Date() })
    .where(eq(users.id, target.id))
    .returning();
  return updated!;
}
