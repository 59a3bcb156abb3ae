/**
 * The expiry sweep (docs/decisions/027-refunds-and-the-money-ledger.md), run by every server every
 * EXPIRY_SWEEP_INTERVAL_SECONDS and safe with any number running at once:
 * - reminders: an active voucher within VOUCHER_EXPIRY_REMINDER_DAYS of its end is reminded once; each is
 *   claimed by a conditional update (`expiry_reminded_at` still null, rows locked by others skipped),
 *   and the claim writes the owner's notification in its transaction (ADR 038), so exactly one is sent;
 * - expiry: an active voucher past its end turns `expired`, or, when its deal refunds on expiry, is
 *   refunded by the one refund path (refunds.ts), whose claim lets only one caller win; a provider
 *   error leaves it active for the next sweep;
 * - refunds whose outcome at the provider is unknown are asked about again when their backoff says so (refunds.ts);
 * - groups whose window passed unfilled fail and their paid members are refunded (groups/ending.ts), each
 *   told by the notifications the database writes;
 * - last, once expiry has had its say, every closed week not drawn up yet gets its merchants'
 *   statements (server/settlement/statements.service.ts; one server at a time, each week once).
 * Each part works in batches (statements a week at a time), so one sweep never holds many rows or
 * the database for long.
 */
import { and, asc, eq, gt, inArray, isNull, lt, lte, not, sql } from 'drizzle-orm';
import { VOUCHER_EXPIRY_REMINDER_DAYS } from '../../contract/constants';
import { deals, refunds, vouchers } from '../db/schema';
import { HttpError } from '../http/errors';
import { drawUpStatements } from '../settlement/statements.service';
import { failExpiredGroups } from './groups/ending';
import { refundVoucher, retryPendingRefunds, type RefundDeps } from './refunds';

/** Rows each part of one sweep takes at most. */
export const EXPIRY_SWEEP_BATCH = 200;

export type ExpirySweepDeps = RefundDeps;

export interface ExpirySweepResult {
  reminded: number;
  expired: number;
  refunded: number;
  /** Auto-refunds the provider refused this time; the vouchers stay active and wait on Needs attention (not retried by the sweep). */
  refundsFailed: number;
  /** Pending refunds asked about again and settled. */
  retried: number;
  /** Groups closed unfilled, and their members' refunds claimed (or refused by the provider). */
  groupsFailed: number;
  groupRefunds: number;
  groupRefundsFailed: number;
  /** Weekly statements drawn up. */
  statements: number;
}

/** One pass of every part; callable directly (tests) and from the timer of every server. */
export async function runExpirySweep(deps: ExpirySweepDeps, batch = EXPIRY_SWEEP_BATCH): Promise<ExpirySweepResult> {
  const reminded = await sendExpiryReminders(deps, batch);
  const expired = await expireVouchers(deps, batch);
  const { refunded, failed } = await refundExpiredVouchers(deps, batch);
  const retried = await retryPendingRefunds(deps, batch);
  const groups = await failExpiredGroups(deps, batch);
  const statements = await drawUpStatements(deps.db, new Date());
  return {
    reminded,
    expired,
    refunded,
    refundsFailed: failed,
    retried,
    groupsFailed: groups.failed,
    groupRefunds: groups.refunded,
    groupRefundsFailed: groups.refundsFailed,
    statements,
  };
}

/** Claims up to `batch` reminders due; each claim writes the owner's `expiry_reminder` notification (vouchers_notify_reminder). */
export async function sendExpiryReminders({ db }: ExpirySweepDeps, batch: number): Promise<number> {
  const now = new Date();
  const horizon = new Date(now.getTime() + VOUCHER_EXPIRY_REMINDER_DAYS * 86_400_000);
  // Locked and claimed in one transaction; rows another server is claiming are skipped, not waited for.
  // (Two statements on purpose: a locking subquery inside the update may be run again per row.)
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: vouchers.id })
      .from(vouchers)
      .where(and(eq(vouchers.status, 'active'), isNull(vouchers.expiryRemindedAt), gt(vouchers.validUntil, now), lte(vouchers.validUntil, horizon)))
      .orderBy(asc(vouchers.validUntil))
      .limit(batch)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(vouchers)
      .set({ expiryRemindedAt: now })
      .where(and(inArray(vouchers.id, due.map((d) => d.id)), isNull(vouchers.expiryRemindedAt)))
      .returning({ id: vouchers.id });
  });
  return claimed.length;
}

/** Active vouchers past their end whose deal does not refund on expiry become `expired`. */
export async function expireVouchers({ db }: ExpirySweepDeps, batch: number): Promise<number> {
  const now = new Date();
  const expired = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: vouchers.id })
      .from(vouchers)
      .innerJoin(deals, eq(deals.id, vouchers.dealId))
      .where(and(eq(vouchers.status, 'active'), lt(vouchers.validUntil, now), eq(deals.autoRefundOnExpiry, false)))
      .orderBy(asc(vouchers.validUntil))
      .limit(batch)
      .for('update', { of: vouchers, skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(vouchers)
      .set({ status: 'expired' })
      .where(and(inArray(vouchers.id, due.map((d) => d.id)), eq(vouchers.status, 'active')))
      .returning({ id: vouchers.id });
  });
  return expired.length;
}

/**
 * Active vouchers past their end whose deal refunds on expiry are refunded, one refund each. A voucher
 * whose refund the provider refused for certain is left to a person ("Needs attention"), not asked
 * about again every minute.
 */
export async function refundExpiredVouchers(deps: ExpirySweepDeps, batch: number): Promise<{ refunded: number; failed: number }> {
  const refusedBefore = sql`exists (select 1 from ${refunds} where ${refunds.voucherId} = ${vouchers.id} and ${refunds.status} = 'failed')`;
  const due = await deps.db
    .select({ id: vouchers.id })
    .from(vouchers)
    .innerJoin(deals, eq(deals.id, vouchers.dealId))
    .where(and(eq(vouchers.status, 'active'), lt(vouchers.validUntil, sql`now()`), eq(deals.autoRefundOnExpiry, true), not(refusedBefore)))
    .orderBy(asc(vouchers.validUntil))
    .limit(batch);
  let refunded = 0;
  let failed = 0;
  for (const { id } of due) {
    try {
      await refundVoucher(deps, { voucherId: id, by: 'expiry', actorId: null });
      refunded++;
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      // 409: another caller (a server's sweep, the owner, a superadmin) refunded it first; 502: the provider refused, logged already.
      if (err.statusCode === 502) failed++;
    }
  }
  return { refunded, failed };
}
