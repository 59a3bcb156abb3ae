/**
 * "Needs attention" (ADR 032): the money operations a person must look at. A refund the provider
 * refused for certain, one that succeeded and was reversed at the provider later, and one whose outcome
 * has been unknown for over a day. Each is listed until a later attempt for the same money succeeds or a
 * superadmin marks it handled; every retry and resolution is kept (`attention_actions`).
 */
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { AttentionCause, AttentionItem, AttentionList } from '../../contract/money';
import type { Db } from '../db/client';
import { attentionActions, deals, refunds, users, vouchers } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import { msg, type Message } from '../i18n';
import { refundById, retryRefund, type RefundDeps, type RefundRow } from '../orders/orders.service';

/** An operation pending this long without the provider's answer is listed. */
export const STUCK_AFTER_MS = 24 * 3_600_000;

/** At most this many items are listed at once, oldest first. */
export const ATTENTION_LIMIT = 200;

const r2 = sql.raw('"later"');

/** True for a failed operation whose money a later attempt of the same subject has given back. */
const settledLater = sql`exists (
  select 1 from ${refunds} ${r2}
  where ${r2}."status" = 'succeeded' and ${r2}."created_at" > ${refunds.createdAt} and ${r2}."order_id" = ${refunds.orderId}
    and ${r2}."voucher_id" is not distinct from ${refunds.voucherId}
    and ${r2}."group_member_id" is not distinct from ${refunds.groupMemberId}
)`;

/** A later attempt of the same subject that is pending or succeeded: the failed one cannot be retried. */
const standsLater = sql<boolean>`exists (
  select 1 from ${refunds} ${r2}
  where ${r2}."status" <> 'failed' and ${r2}."id" <> ${refunds.id} and ${r2}."order_id" = ${refunds.orderId}
    and ${r2}."voucher_id" is not distinct from ${refunds.voucherId}
    and ${r2}."group_member_id" is not distinct from ${refunds.groupMemberId}
)`;

function causeOf(row: Pick<RefundRow, 'status' | 'reversedAt'>): AttentionCause {
  if (row.status === 'pending') return 'stuck';
  return row.reversedAt ? 'reversed' : 'failed';
}

async function present(db: Db, rows: (RefundRow & { voucherCode: string | null; dealTitle: string | null; customerPhone: string | null; stands: boolean })[]): Promise<AttentionItem[]> {
  const history =
    rows.length === 0
      ? []
      : await db
          .select({ refundId: attentionActions.refundId, at: attentionActions.createdAt, action: attentionActions.action, byPhone: users.phone, note: attentionActions.note })
          .from(attentionActions)
          .leftJoin(users, eq(users.id, attentionActions.actorId))
          .where(inArray(attentionActions.refundId, rows.map((r) => r.id)))
          .orderBy(asc(attentionActions.createdAt));
  return rows.map((r) => ({
    id: r.id,
    cause: causeOf(r),
    status: r.status,
    reason: r.reason,
    amountCents: r.amountCents,
    orderId: r.orderId,
    voucherId: r.voucherId,
    voucherCode: r.voucherCode,
    dealTitle: r.dealTitle,
    customerPhone: r.customerPhone,
    provider: r.provider,
    providerRef: r.providerRef,
    idempotencyKey: r.idempotencyKey,
    tries: r.tries,
    failure: r.failure,
    createdAt: r.createdAt.toISOString(),
    settledAt: r.settledAt?.toISOString() ?? null,
    nextTryAt: r.status === 'pending' ? (r.nextTryAt?.toISOString() ?? null) : null,
    reversedAt: r.reversedAt?.toISOString() ?? null,
    canRetry: r.status === 'pending' || (r.status === 'failed' && !r.stands && r.resolvedAt === null),
    history: history
      .filter((h) => h.refundId === r.id)
      .map((h) => ({ at: h.at.toISOString(), action: h.action, byPhone: h.byPhone, note: h.note })),
  }));
}

function itemsQuery(db: Db) {
  return db
    .select({
      refund: refunds,
      voucherCode: vouchers.code,
      dealTitle: deals.title,
      customerPhone: users.phone,
      stands: standsLater,
    })
    .from(refunds)
    .leftJoin(vouchers, eq(vouchers.id, refunds.voucherId))
    .leftJoin(deals, eq(deals.id, vouchers.dealId))
    .leftJoin(users, eq(users.id, refunds.userId));
}

/** The open items, oldest first, and how many of each cause. */
export async function attentionList(db: Db): Promise<AttentionList> {
  const stuckBefore = new Date(Date.now() - STUCK_AFTER_MS);
  const rows = await itemsQuery(db)
    .where(
      and(
        isNull(refunds.resolvedAt),
        or(and(eq(refunds.status, 'failed'), sql`not ${settledLater}`), and(eq(refunds.status, 'pending'), lt(refunds.createdAt, stuckBefore))),
      ),
    )
    .orderBy(asc(refunds.createdAt))
    .limit(ATTENTION_LIMIT);
  const items = await present(
    db,
    rows.map((r) => ({ ...r.refund, voucherCode: r.voucherCode, dealTitle: r.dealTitle, customerPhone: r.customerPhone, stands: r.stands })),
  );
  const counts = { failed: 0, stuck: 0, reversed: 0 };
  for (const item of items) counts[item.cause]++;
  return { items, counts };
}

async function itemById(db: Db, id: string): Promise<AttentionItem> {
  const [row] = await itemsQuery(db).where(eq(refunds.id, id));
  if (!row) throw notFound(msg('notFound.refund'));
  const [item] = await present(db, [{ ...row.refund, voucherCode: row.voucherCode, dealTitle: row.dealTitle, customerPhone: row.customerPhone, stands: row.stands }]);
  return item!;
}

/**
 * Retries an item (refunds.ts `retryRefund`) and logs it: a pending one is asked about again, a failed
 * one gets a new attempt, which stands for the item from then on (the item is marked handled by it).
 * Answers the operation that now stands for the money, and what happened. The retry is logged even when
 * the provider refuses again (502).
 */
export async function retryAttentionItem(deps: RefundDeps, id: string, adminId: string): Promise<{ item: AttentionItem; message: Message }> {
  const op = await refundById(deps.db, id);
  if (!op) throw notFound(msg('notFound.refund'));
  await deps.db.insert(attentionActions).values({ refundId: id, action: 'retried', actorId: adminId });
  const now = await retryRefund(deps, id, adminId);
  if (now.id !== id) await deps.db.update(refunds).set({ resolvedAt: new Date() }).where(and(eq(refunds.id, id), isNull(refunds.resolvedAt)));
  return {
    item: await itemById(deps.db, now.id),
    message: now.status === 'succeeded' ? msg('attention.retriedSucceeded') : msg('attention.retriedPending'),
  };
}

/** Marks a failed or reversed item handled, with what was done, and logs it. 409 for a pending one (retry it) or one handled already. */
export async function resolveAttentionItem(db: Db, id: string, adminId: string, note: string): Promise<{ item: AttentionItem; message: Message }> {
  const op = await refundById(db, id);
  if (!op) throw notFound(msg('notFound.refund'));
  if (op.status !== 'failed') throw conflict(msg('attention.onlyFailedResolve'));
  const resolved = await db.transaction(async (tx) => {
    const [done] = await tx
      .update(refunds)
      .set({ resolvedAt: new Date() })
      .where(and(eq(refunds.id, id), eq(refunds.status, 'failed'), isNull(refunds.resolvedAt)))
      .returning({ id: refunds.id });
    if (!done) return false;
    await tx.insert(attentionActions).values({ refundId: id, action: 'resolved', actorId: adminId, note });
    return true;
  });
  if (!resolved) throw conflict(msg('attention.alreadyResolved'));
  return { item: await itemById(db, id), message: msg('attention.resolved') };
}
