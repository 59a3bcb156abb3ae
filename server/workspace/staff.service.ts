/**
 * A merchant's staff accounts (ADR 028): they redeem and read the redemption log, nothing else. The
 * owner adds them with a generated first password, as a superadmin adds an owner (ADR 006), and
 * removing one makes it a plain customer again, signed out everywhere.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { MERCHANT_STAFF_LIMIT, STAFF_PHONE_TAKEN_CODE } from '../../contract/constants';
import type { AddedStaffAnswer, StaffMember } from '../../contract/workspace';
import type { Db } from '../db/client';
import { hashPassword } from '../db/passwords';
import { merchants, users } from '../db/schema';
import { conflict, HttpError, notFound } from '../http/errors';
import type { UserRow } from '../http/session-lookup';
import { endAllSessions, isUniqueViolation } from '../auth/auth.service';
import { generateMerchantPassword } from '../admin/merchants.service';
import { msg } from '../i18n';

export const PHONE_TAKEN = msg('workspace.staffPhoneTaken');
/** The refusal's name, which the staff form places under the phone field whatever the language. */
export const STAFF_LIMIT_REACHED = msg('workspace.staffLimit', { max: MERCHANT_STAFF_LIMIT });

function presentStaff(u: UserRow): StaffMember {
  return { id: u.id, phone: u.phone, name: u.displayName ?? '', createdAt: u.createdAt.toISOString() };
}

const staffOf = (merchantId: string) => and(eq(users.merchantId, merchantId), eq(users.merchantRole, 'staff'));

/** The merchant's staff, newest first. */
export async function listStaff(db: Db, merchantId: string): Promise<StaffMember[]> {
  const rows = await db.select().from(users).where(staffOf(merchantId)).orderBy(desc(users.createdAt), desc(users.id));
  return rows.map(presentStaff);
}

/**
 * Makes a new staff account for the phone, which must not have an account yet. Adds for one merchant
 * take turns on its row, so two at once cannot pass MERCHANT_STAFF_LIMIT together. The first
 * password is answered once and must be changed at the first login.
 */
export async function addStaff(db: Db, merchantId: string, input: { phone: string; name: string }): Promise<AddedStaffAnswer> {
  const password = generateMerchantPassword();
  const passwordHash = await hashPassword(password);
  try {
    const created = await db.transaction(async (tx) => {
      await tx.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, merchantId)).for('update');
      const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.phone, input.phone)).limit(1);
      if (taken) throw new HttpError(409, PHONE_TAKEN, { code: STAFF_PHONE_TAKEN_CODE });
      const [staff] = await tx.select({ n: count() }).from(users).where(staffOf(merchantId));
      if (Number(staff!.n) >= MERCHANT_STAFF_LIMIT) throw conflict(STAFF_LIMIT_REACHED);
      const [row] = await tx
        .insert(users)
        .values({
          phone: input.phone,
          role: 'merchant',
          merchantId,
          merchantRole: 'staff',
          displayName: input.name || null,
          passwordHash,
          mustChangePassword: true,
        })
        .returning();
      return row!;
    });
    return { ...presentStaff(created), loginInfo: { phone: created.phone, password } };
  } catch (err) {
    // Another request took the phone between the check and the insert.
    if (isUniqueViolation(err)) throw new HttpError(409, PHONE_TAKEN, { cause: err, code: STAFF_PHONE_TAKEN_CODE });
    throw err;
  }
}

/**
 * Removes a staff account from the merchant: it becomes a plain customer and every session it had
 * ends, in one transaction. A first password never replaced goes too, since the owner was shown it;
 * the phone still logs in by SMS code. The owner, another merchant's staff and unknown ids are 404.
 */
export async function removeStaff(db: Db, merchantId: string, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .update(users)
      .set({
        role: 'customer',
        merchantId: null,
        merchantRole: null,
        passwordHash: sql`case when ${users.mustChangePassword} then null else ${users.passwordHash} end`,
        mustChangePassword: false,
        updatedAt: new Date(),
      })
      .where(and(eq(users.id, userId), staffOf(merchantId)))
      .returning({ id: users.id });
    if (!removed) throw notFound(msg('notFound.staff'));
    await endAllSessions(tx, removed.id);
  });
}
