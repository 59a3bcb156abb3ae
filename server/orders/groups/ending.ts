/**
 * The end of a group's life (ADR 029), run by the expiry sweep of every server, safe with any number
 * running at once:
 * - a group still open when its deadline passes fails: the group row is locked (rows another server
 *   holds are skipped) and turned `failed` by a conditional update, its paid members made `owed` in
 *   the same transaction. A formation locks the same row (fulfil_order), so a group forms or fails,
 *   never both; a payment that comes after the failure is refunded by fulfilment itself;
 * - every `owed` member is refunded by the one refund path (refunds.ts), whose claim lets one caller win
 *   (a member whose refund was refused for certain is left to a person);
 * - members of a group that formed or failed are told by SMS, once: the group's `notified_at` is
 *   claimed by a conditional update before anything is sent.
 */
import { and, asc, eq, inArray, isNull, lt, ne, not, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dealGroups, deals, groupMembers, refunds, users, vouchers } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { msg, render, type Language } from '../../i18n';
import type { SmsSender } from '../../integrations/sms/sms-sender';
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

/** The SMS a member gets when their group formed (with their voucher's code) or failed, in the member's language. */
export function groupOutcomeText(
  g: { status: 'formed' | 'failed'; dealTitle: string; priceCents: number; code: string | null },
  language: Language = 'en',
): string {
  return render(
    language,
    g.status === 'formed'
      ? msg('sms.groupFormed', { title: g.dealTitle, code: String(g.code) })
      : msg('sms.groupFailed', { title: g.dealTitle, amount: g.priceCents }),
  );
}

/**
 * Tells the members of up to `batch` groups that formed or failed and were not told yet, one SMS
 * each. Called by the sweep, and by the request whose payment formed a group, so members hear at
 * once. A message that cannot be sent is logged and not sent again.
 */
export async function tellGroupMembers({ db, sms, logger }: { db: Db; sms: SmsSender; logger: RefundDeps['logger'] }, batch = 50): Promise<number> {
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: dealGroups.id })
      .from(dealGroups)
      .where(and(ne(dealGroups.status, 'open'), isNull(dealGroups.notifiedAt)))
      .orderBy(asc(dealGroups.createdAt))
      .limit(batch)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(dealGroups)
      .set({ notifiedAt: sql`now()` })
      .where(and(inArray(dealGroups.id, due.map((d) => d.id)), isNull(dealGroups.notifiedAt)))
      .returning({ id: dealGroups.id });
  });
  if (claimed.length === 0) return 0;
  const rows = await db
    .select({
      status: dealGroups.status,
      priceCents: dealGroups.priceCents,
      dealTitle: deals.title,
      phone: users.phone,
      language: users.language,
      code: vouchers.code,
    })
    .from(groupMembers)
    .innerJoin(dealGroups, eq(dealGroups.id, groupMembers.groupId))
    .innerJoin(deals, eq(deals.id, dealGroups.dealId))
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .leftJoin(vouchers, eq(vouchers.orderId, groupMembers.orderId))
    .where(and(inArray(groupMembers.groupId, claimed.map((c) => c.id)), inArray(groupMembers.status, ['paid', 'owed', 'refunded'])));
  let sent = 0;
  for (const row of rows) {
    if (row.status === 'open') continue;
    try {
      await sms.send(row.phone, groupOutcomeText({ ...row, status: row.status }, row.language));
      sent++;
    } catch (err) {
      logger.error({ err }, 'a group member could not be told by SMS');
    }
  }
  return sent;
}

/** When a payment filled a group, its members are told now rather than at the next sweep (which tells any left over). */
export function tellIfFormed(deps: { db: Db; sms: SmsSender; logger: RefundDeps['logger'] }, outcome: string | null): void {
  if (outcome !== 'formed') return;
  tellGroupMembers(deps).catch((err: unknown) => deps.logger.error({ err }, 'group members could not be told'));
}
