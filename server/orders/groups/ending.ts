/**
 * The end of a group's life (ADR 029), run by the expiry sweep of every server, safe with any number
 * running at once:
 * - a group still open when its deadline passes fails: the group row is locked (rows another server
 *   holds are skipped) and turned `failed` by a conditional update, its paid members made `owed` in
 *   the same transaction. A formation locks the same row (fulfil_order), so a group forms or fails,
 *   never both; a payment that comes after the failure is refunded by fulfilment itself;
 * - every `owed` member is refunded by the one refund path (refunds.ts), whose claim lets one caller win
 *   (a member whose refund was refused for certain is left to a person);
 * - its members are told by the notifications the database writes in the same transactions (ADR 038):
 *   `group_failed` when the group fails here, `group_formed` with the vouchers a formation issues.
 */
import { and, asc, eq, inArray, lt, not, sql } from 'drizzle-orm';
import { dealGroups, groupMembers, refunds } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { refundGroupMember, type RefundDeps } from '../refunds';

export interface GroupSweepResult {
  /** Groups closed unfilled by this call. */
  failed: number;
  /** Owed members whose refund was claimed and asked for. */
  refunded: number;
  /** Refunds the provider refused this time; the members stay owed for the next sweep. */
  refundsFailed: number;
}

/** Fails the open groups whose window has passed, then refunds owed members; up to `batch` of each. */
export async function failExpiredGroups(deps: RefundDeps, batch: number): Promise<GroupSweepResult> {
  const failed = await deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: dealGroups.id })
      .from(dealGroups)
      .where(and(eq(dealGroups.status, 'open'), lt(dealGroups.deadline, sql`now()`)))
      .orderBy(asc(dealGroups.deadline))
      .limit(batch)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const ids = due.map((d) => d.id);
    const closed = await tx
      .update(dealGroups)
      .set({ status: 'failed', failedAt: sql`now()` })
      .where(and(inArray(dealGroups.id, ids), eq(dealGroups.status, 'open')))
      .returning({ id: dealGroups.id });
    await tx
      .update(groupMembers)
      .set({ status: 'owed' })
      .where(and(inArray(groupMembers.groupId, ids), eq(groupMembers.status, 'paid')));
    return closed;
  });
  // A member whose refund the provider refused for certain waits for a person ("Needs attention").
  const refusedBefore = sql`exists (select 1 from ${refunds} where ${refunds.groupMemberId} = ${groupMembers.id} and ${refunds.status} = 'failed')`;
  const owed = await deps.db
    .select({ id: groupMembers.id })
    .from(groupMembers)
    .where(and(eq(groupMembers.status, 'owed'), not(refusedBefore)))
    .orderBy(asc(groupMembers.createdAt))
    .limit(batch);
  let refunded = 0;
  let refundsFailed = 0;
  for (const { id } of owed) {
    try {
      if (await refundGroupMember(deps, id)) refunded++;
    } catch (err) {
      // 502: the provider refused (logged already); the member is owed again.
      if (!(err instanceof HttpError)) throw err;
      refundsFailed++;
    }
  }
  return { failed: failed.length, refunded, refundsFailed };
}
