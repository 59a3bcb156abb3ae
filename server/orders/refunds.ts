/**
 * One refund path for every caller: the owner, a superadmin, the expiry sweep
 * (docs/decisions/027-refunds-and-the-money-ledger.md). A refund takes three short steps, and the
 * provider is never called inside a transaction:
 * 1. the claim: one transaction turns the voucher `refunded` by a conditional update from the states
 *    the caller may refund, and writes the `refunds` row as `pending`; of racing claims (two
 *    customers' taps, an admin, the sweep, a redemption) exactly one finds the voucher in that state;
 * 2. the provider is asked, with the idempotency key `voucher-refund-<voucherId>`, the same for every
 *    attempt, so a retry after an error or a crash never gives the money back twice;
 * 3. the answer is recorded: `succeeded` gives the unit back to the deal's offer and the customer's
 *    allowance in the transaction that marks the refund succeeded (whose trigger writes the ledger's
 *    row); `pending` keeps the provider's id until its webhook, or the sweep, settles it; an error
 *    marks the refund `failed` and puts the voucher back as it was.
 * Each settling update is conditional on the refund still being `pending`, so whichever of the
 * request, a webhook or a sweep settles a refund first does it, and the others change nothing.
 * A paid member of a group that failed (ADR 029) is refunded by the same steps, for the member
 * instead of a voucher: the claim turns the member `refunded`, the key is `group-refund-<memberId>`,
 * success gives the unit back, and an error makes the member `owed` again, for the next sweep.
 */
import { and, asc, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/client';
import { dealGroups, deals, groupMembers, orderItems, orders, redemptions, refunds, userDealUnits, vouchers } from '../db/schema';
import { badRequest, conflict, HttpError, notFound } from '../http/errors';
import type { PaymentProvider, RefundResult, RefundUpdate } from '../integrations/payments/payment-provider';
import { moveStock } from './stock';
import { msg } from '../i18n';

export type RefundBy = 'customer' | 'expiry' | 'admin';

export interface RefundDeps {
  db: Db;
  payments: PaymentProvider;
  logger: FastifyBaseLogger;
}

export interface RefundVoucherInput {
  voucherId: string;
  by: RefundBy;
  /** The customer (by `customer`: only their own voucher is found) or superadmin asking; null for the sweep. */
  actorId: string | null;
  /** A superadmin's words on why; required to refund a redeemed voucher. */
  note?: string | null;
}

type RefundRow = typeof refunds.$inferSelect;

/** What the provider is told to key a refund by: one key per voucher, or per failed group's member, ever. */
export const refundIdempotencyKey = (refund: Pick<RefundRow, 'voucherId' | 'groupMemberId'>) =>
  refund.voucherId ? `voucher-refund-${refund.voucherId}` : `group-refund-${refund.groupMemberId}`;

/** How long a refund may stay `pending` without the provider's answer before the sweep asks again. */
export const PENDING_REFUND_RETRY_MS = 60_000;

export const REFUND_MESSAGES = {
  notFound: msg('notFound.voucher'),
  refunded: msg('refunds.refunded'),
  redeemed: msg('refunds.redeemed'),
  expired: msg('refunds.expired'),
  notExpiredYet: msg('refunds.notExpiredYet'),
  notOffered: msg('refunds.notOffered'),
  reasonRequired: msg('refunds.reasonRequired'),
  otherProvider: msg('refunds.otherProvider'),
  providerFailed: msg('refunds.providerFailed'),
  providerFailedRedeemed: msg('refunds.providerFailedRedeemed'),
} as const;

/**
 * Refunds one voucher (docs/product/rules.md#refunds-and-the-voucher-s-life). 404 for a voucher the customer does not
 * own, 409 when it is not in a state the caller may refund (or, for a customer, the deal offers no
 * refunds), 400 for a superadmin refunding a redeemed voucher without a reason, 502 when the provider
 * refuses (the voucher is then as it was). Answers the refund as it stands after the provider's answer.
 */
export async function refundVoucher(deps: RefundDeps, input: RefundVoucherInput): Promise<RefundRow> {
  const refund = await claim(deps, input);
  return askProvider(deps, refund);
}

/**
 * Step 1: the voucher turns `refunded` and its refund is written, in one transaction, or nothing
 * happens and the caller learns why.
 */
async function claim({ db, payments }: RefundDeps, input: RefundVoucherInput): Promise<RefundRow> {
  const note = input.note?.trim() || null;
  const [found] = await db
    .select({
      voucher: vouchers,
      refundAnytime: deals.refundAnytime,
      autoRefundOnExpiry: deals.autoRefundOnExpiry,
      unitPriceCents: orderItems.unitPriceCents,
      provider: orders.provider,
    })
    .from(vouchers)
    .innerJoin(deals, eq(deals.id, vouchers.dealId))
    .innerJoin(orderItems, eq(orderItems.id, vouchers.orderItemId))
    .innerJoin(orders, eq(orders.id, vouchers.orderId))
    .where(eq(vouchers.id, input.voucherId));
  if (!found || (input.by === 'customer' && found.voucher.userId !== input.actorId)) throw notFound(REFUND_MESSAGES.notFound);
  if (input.by === 'customer' && !found.refundAnytime) throw conflict(REFUND_MESSAGES.notOffered);
  if (found.provider !== payments.name) throw conflict(REFUND_MESSAGES.otherProvider);

  const now = new Date();
  const stillValid = sql`${vouchers.validUntil} >= ${now.toISOString()}::timestamptz`;
  const pastValidity = sql`${vouchers.validUntil} < ${now.toISOString()}::timestamptz`;
  // Which active vouchers each caller may refund. The owner: one still valid, or one past its date
  // whose deal refunds it on expiry anyway (so the owner and the sweep race for the same refund);
  // the sweep: only those past their date; a superadmin: any.
  const activeCondition =
    input.by === 'customer' ? (found.autoRefundOnExpiry ? undefined : stillValid) : input.by === 'expiry' ? pastValidity : undefined;
  // A redeemed voucher is refunded by a superadmin only, with a reason: a goodwill gesture.
  const mayTakeRedeemed = input.by === 'admin' && note !== null;

  const claimed = await db.transaction(async (tx) => {
    let before: 'active' | 'redeemed' = 'active';
    let [taken] = await tx
      .update(vouchers)
      .set({ status: 'refunded' })
      .where(and(eq(vouchers.id, input.voucherId), eq(vouchers.status, 'active'), activeCondition))
      .returning({ id: vouchers.id });
    if (!taken && mayTakeRedeemed) {
      before = 'redeemed';
      // The redemption fields are cleared with the status (vouchers_redeemed_check); the redemption
      // log keeps them, and a refused refund puts them back from it.
      [taken] = await tx
        .update(vouchers)
        .set({ status: 'refunded', redeemed: false, redeemedAt: null, redeemedBy: null })
        .where(and(eq(vouchers.id, input.voucherId), eq(vouchers.status, 'redeemed')))
        .returning({ id: vouchers.id });
    }
    if (!taken) return null;
    const [row] = await tx
      .insert(refunds)
      .values({
        voucherId: input.voucherId,
        orderId: found.voucher.orderId,
        userId: found.voucher.userId,
        amountCents: found.unitPriceCents,
        status: 'pending',
        reason: input.by === 'admin' ? (before === 'redeemed' ? 'goodwill' : 'admin') : input.by,
        note,
        requestedBy: input.actorId,
        voucherStatusBefore: before,
        provider: payments.name,
      })
      .returning();
    return row!;
  });
  if (claimed) return claimed;
  throw await whyNotClaimed(db, input, note);
}

/**
 * Refunds a member of a failed group who is owed one (ADR 029): the claim turns the member
 * `refunded` and writes the pending refund of the order's whole amount (one unit at the group
 * price), in one transaction; then the provider is asked, as for a voucher. Null when the member is
 * not owed a refund any more (another server claimed it first).
 */
export async function refundGroupMember(deps: RefundDeps, memberId: string): Promise<RefundRow | null> {
  const claimed = await deps.db.transaction(async (tx) => {
    const [member] = await tx
      .update(groupMembers)
      .set({ status: 'refunded' })
      .where(and(eq(groupMembers.id, memberId), eq(groupMembers.status, 'owed')))
      .returning({ orderId: groupMembers.orderId, userId: groupMembers.userId });
    if (!member) return null;
    const [order] = await tx.select({ totalCents: orders.totalCents, provider: orders.provider }).from(orders).where(eq(orders.id, member.orderId));
    const [row] = await tx
      .insert(refunds)
      .values({
        groupMemberId: memberId,
        orderId: member.orderId,
        userId: member.userId,
        amountCents: order!.totalCents,
        status: 'pending',
        reason: 'group',
        provider: order!.provider,
      })
      .returning();
    return row!;
  });
  return claimed && askProvider(deps, claimed);
}

/** The refusal for a voucher the claim did not find in a state the caller may refund. */
async function whyNotClaimed(db: Db, input: RefundVoucherInput, note: string | null): Promise<HttpError> {
  const [current] = await db.select({ status: vouchers.status }).from(vouchers).where(eq(vouchers.id, input.voucherId));
  switch (current?.status) {
    case 'refunded':
      return conflict(REFUND_MESSAGES.refunded);
    case 'redeemed':
      return input.by === 'admin' && note === null ? badRequest(REFUND_MESSAGES.reasonRequired) : conflict(REFUND_MESSAGES.redeemed);
    case 'expired':
      return conflict(REFUND_MESSAGES.expired);
    case 'active':
      // Still active, so outside the caller's window: past its date for the owner of a deal that
      // does not refund on expiry, or not yet past it for the sweep.
      return conflict(input.by === 'expiry' ? REFUND_MESSAGES.notExpiredYet : REFUND_MESSAGES.expired);
    default:
      return notFound(REFUND_MESSAGES.notFound);
  }
}

/** Steps 2 and 3: the provider is asked for a claimed (or still pending) refund, and its answer recorded. */
async function askProvider({ db, payments, logger }: RefundDeps, refund: RefundRow): Promise<RefundRow> {
  const [order] = await db
    .select({ sessionId: orders.providerSessionId, paymentRef: orders.paymentRef })
    .from(orders)
    .where(eq(orders.id, refund.orderId));
  let answer: RefundResult;
  try {
    answer = await payments.refundPayment({
      sessionId: order?.sessionId ?? '',
      paymentRef: order?.paymentRef ?? null,
      amountCents: refund.amountCents,
      idempotencyKey: refundIdempotencyKey(refund),
      voucherId: refund.voucherId,
      groupMemberId: refund.groupMemberId,
    });
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    logger.error({ err, refundId: refund.id, voucherId: refund.voucherId, groupMemberId: refund.groupMemberId }, 'the payment provider refused a refund');
    const failed = await settleFailed(db, { id: refund.id }, reason.slice(0, 500));
    // Another caller may have settled it meanwhile (a webhook, the sweep): that answer stands.
    if (failed || (await refundById(db, refund.id))?.status === 'failed') {
      throw new HttpError(502, refund.voucherStatusBefore === 'redeemed' ? REFUND_MESSAGES.providerFailedRedeemed : REFUND_MESSAGES.providerFailed, {
        cause: err,
      });
    }
    return (await refundById(db, refund.id))!;
  }
  if (answer.status === 'failed') {
    await settleFailed(db, { id: refund.id }, 'The payment provider declined the refund');
  } else if (answer.status === 'succeeded') {
    await settleSucceeded(db, { id: refund.id }, answer.ref);
  } else {
    await db
      .update(refunds)
      .set({ providerRef: answer.ref })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending'), isNull(refunds.providerRef)));
  }
  const settled = (await refundById(db, refund.id))!;
  if (settled.status === 'failed') {
    throw new HttpError(502, refund.voucherStatusBefore === 'redeemed' ? REFUND_MESSAGES.providerFailedRedeemed : REFUND_MESSAGES.providerFailed);
  }
  return settled;
}

async function refundById(db: Db, id: string): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id));
  return row;
}

/** A pending refund found by our id, or by the provider's id once it is recorded. */
type PendingRef = { id: string } | { providerRef: string; provider: PaymentProvider['name'] };

function pendingWhere(ref: PendingRef) {
  const which = 'id' in ref ? eq(refunds.id, ref.id) : and(eq(refunds.provider, ref.provider), eq(refunds.providerRef, ref.providerRef));
  return and(which, eq(refunds.status, 'pending'));
}

/**
 * Marks a pending refund succeeded with the provider's id (the ledger's row is written by the
 * trigger in this transaction) and gives the unit back to the offer and to the customer's
 * allowance, when the voucher was unused or the refund is a failed group's member's. A redeemed
 * voucher's unit was used: a goodwill refund gives back the money only. True when this call settled it.
 */
export async function settleSucceeded(db: Db, ref: PendingRef, providerRef: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [done] = await tx
      .update(refunds)
      .set({ status: 'succeeded', providerRef, settledAt: new Date() })
      .where(pendingWhere(ref))
      .returning();
    if (!done) return false;
    if (done.voucherId && done.voucherStatusBefore === 'active') {
      const [v] = await tx.select({ dealId: vouchers.dealId }).from(vouchers).where(eq(vouchers.id, done.voucherId));
      await giveUnitBack(tx, v!.dealId, done.userId);
    } else if (done.groupMemberId) {
      const [g] = await tx
        .select({ dealId: dealGroups.dealId })
        .from(groupMembers)
        .innerJoin(dealGroups, eq(dealGroups.id, groupMembers.groupId))
        .where(eq(groupMembers.id, done.groupMemberId));
      await giveUnitBack(tx, g!.dealId, done.userId);
    }
    return true;
  });
}

/** One unit back to the customer's allowance and to the deal's offer (`deal_stock_move`, as a released hold gives it). */
async function giveUnitBack(tx: Tx, dealId: string, userId: string): Promise<void> {
  await tx
    .update(userDealUnits)
    .set({ units: sql`greatest(${userDealUnits.units} - 1, 0)` })
    .where(and(eq(userDealUnits.userId, userId), eq(userDealUnits.dealId, dealId)));
  await moveStock(tx, [dealId, 1, false]);
}

/**
 * Marks a pending refund failed and puts its voucher back as it was before the claim (only while it
 * is still `refunded`: by this refund, the one that stands). A redeemed voucher gets its redemption
 * back from the log. No unit was given back yet (that happens on success), so none is taken.
 */
export async function settleFailed(db: Db, ref: PendingRef, failure: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [failed] = await tx
      .update(refunds)
      .set({ status: 'failed', failure, settledAt: new Date() })
      .where(pendingWhere(ref))
      .returning();
    if (!failed) return false;
    if (failed.groupMemberId) {
      // Still owed: the next sweep claims a new refund.
      await tx
        .update(groupMembers)
        .set({ status: 'owed' })
        .where(and(eq(groupMembers.id, failed.groupMemberId), eq(groupMembers.status, 'refunded')));
      return true;
    }
    if (failed.voucherStatusBefore === 'active') {
      await tx.update(vouchers).set({ status: 'active' }).where(and(eq(vouchers.id, failed.voucherId!), eq(vouchers.status, 'refunded')));
      return true;
    }
    const [redemption] = await tx
      .select({ at: redemptions.createdAt, by: redemptions.actorUserId })
      .from(redemptions)
      .where(and(eq(redemptions.voucherId, failed.voucherId!), eq(redemptions.success, true), isNull(redemptions.undoneAt)))
      .orderBy(desc(redemptions.createdAt))
      .limit(1);
    await tx
      .update(vouchers)
      .set({ status: 'redeemed', redeemed: true, redeemedAt: redemption?.at ?? failed.createdAt, redeemedBy: redemption?.by ?? null })
      .where(and(eq(vouchers.id, failed.voucherId!), eq(vouchers.status, 'refunded')));
    return true;
  });
}

/**
 * A provider's report on one refund (a webhook). Found by the provider's id, or, when the report
 * came before the provider's answer was recorded, by the voucher (or group member) it names. Settling is conditional
 * on `pending`, so a report delivered twice, or after the request settled it, changes nothing.
 */
export async function reconcileRefund(db: Db, provider: PaymentProvider['name'], update: RefundUpdate): Promise<'succeeded' | 'failed' | 'unchanged'> {
  if (update.status === 'pending') return 'unchanged';
  let ref: PendingRef = { provider, providerRef: update.ref };
  const [known] = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.provider, provider), eq(refunds.providerRef, update.ref)));
  const subject = update.voucherId
    ? eq(refunds.voucherId, update.voucherId)
    : update.groupMemberId
      ? eq(refunds.groupMemberId, update.groupMemberId)
      : undefined;
  if (!known && subject) {
    const [pending] = await db
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(subject, eq(refunds.provider, provider), eq(refunds.status, 'pending'), isNull(refunds.providerRef)));
    if (!pending) return 'unchanged';
    ref = { id: pending.id };
  }
  const changed =
    update.status === 'succeeded' ? await settleSucceeded(db, ref, update.ref) : await settleFailed(db, ref, update.failure ?? 'The payment provider reported the refund failed');
  return changed ? update.status : 'unchanged';
}

/**
 * Asks the provider again about refunds left `pending` without its answer for over a minute (a
 * server stopped between the claim and the answer), with the same idempotency key: the provider
 * makes the refund now, or answers with the one it made before. Any server may run it at any time.
 */
export async function retryPendingRefunds(deps: RefundDeps, batch: number): Promise<number> {
  const due = await deps.db
    .select()
    .from(refunds)
    .where(
      and(
        eq(refunds.status, 'pending'),
        eq(refunds.provider, deps.payments.name),
        isNull(refunds.providerRef),
        lt(refunds.createdAt, new Date(Date.now() - PENDING_REFUND_RETRY_MS)),
      ),
    )
    .orderBy(asc(refunds.createdAt))
    .limit(batch);
  let settled = 0;
  for (const refund of due) {
    try {
      const after = await askProvider(deps, refund);
      if (after.status !== 'pending') settled++;
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      settled++;
    }
  }
  return settled;
}
