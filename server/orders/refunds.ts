/**
 * One path for every provider call that moves money back (docs/decisions/027-refunds-and-the-money-ledger.md,
 * 032-money-at-the-providers-edge.md): a voucher's refund (the owner, a superadmin, the expiry sweep), a
 * failed group's member, and the whole payment of an order that could not be fulfilled. Each is a row of
 * `refunds`, the operation, taken in three steps, and the provider is never called inside a transaction:
 * 1. the claim: one transaction takes the subject (the voucher turns `refunded` by a conditional update
 *    from the states the caller may refund; the member turns `refunded`; the unfulfilled order gets its
 *    `paid_at`, which writes the payment's ledger row) and writes the operation `pending`, with the
 *    idempotency key of this attempt (`refund-<id>`) and its first retry due in a minute, in case the
 *    server stops before it asks;
 * 2. the provider is asked, with that key; each call is counted, and moves the next retry along the
 *    backoff (1 min, 5 min, 30 min, 2 h, then daily) before it is made. A retry first asks the provider
 *    whether it made the refund (its idempotency keys expire after a day), then asks again with the key;
 * 3. the answer is recorded: `succeeded` gives the unit back to the deal's offer and the customer's
 *    allowance in the transaction whose trigger writes the ledger's row; a certain refusal (the
 *    provider's 4xx) marks the operation `failed` and puts the subject back, so a later attempt is a new
 *    operation with a new key; an unknown outcome (a timeout, a lost connection, a 5xx, a crash) leaves it
 *    `pending`, the subject still taken, for the retry job or the provider's webhook to settle.
 * Each settling update is conditional on the operation still being `pending`, so whichever of the
 * request, a webhook or the retry job settles it first does it, and the others change nothing. A refund
 * that succeeded and fails at the provider later is reversed: a ledger row puts the amount back and the
 * subject is restored. Failed, reversed and long-pending operations are listed for superadmins
 * (attention.service.ts); nothing that failed for certain is retried without a person.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/client';
import { dealGroups, deals, groupMembers, orderItems, orders, redemptions, refunds, userDealUnits, vouchers } from '../db/schema';
import { badRequest, conflict, HttpError, notFound } from '../http/errors';
import { ProviderRefusal, type PaymentProvider, type RefundRequest, type RefundResult, type RefundUpdate } from '../integrations/payments/payment-provider';
import { isDatabaseError } from '../db/errors';
import { moveStock } from './stock';
import { msg } from '../i18n';

export type RefundBy = 'customer' | 'expiry' | 'admin';

export interface RefundDeps {
  db: Db;
  payments: PaymentProvider;
  logger: FastifyBaseLogger;
  /** How long a request waits for the provider's answer before it answers with the refund pending (PROVIDER_ANSWER_WAIT_MS). */
  providerWaitMs?: number;
}

export interface RefundVoucherInput {
  voucherId: string;
  by: RefundBy;
  /** The customer (by `customer`: only their own voucher is found) or superadmin asking; null for the sweep. */
  actorId: string | null;
  /** A superadmin's words on why; required to refund a redeemed voucher. */
  note?: string | null;
}

export type RefundRow = typeof refunds.$inferSelect;

/** The key the provider is asked with, one per attempt: a new attempt after a refusal is a new refund row, and a new key. */
export const refundIdempotencyKey = (refundId: string) => `refund-${refundId}`;

/** When the retry job asks again after the n-th call (n from 1): about 1 min, 5 min, 30 min, 2 h, then daily. */
export const REFUND_RETRY_BACKOFF_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 24 * 3_600_000] as const;
export const nextTryDelay = (tries: number) => REFUND_RETRY_BACKOFF_MS[Math.min(Math.max(tries, 1), REFUND_RETRY_BACKOFF_MS.length) - 1]!;

/** The next try's time as the call being taken counts itself (an update's SET reads the row as it was: `tries` before this call). */
const NEXT_TRY_AFTER_THIS_CALL = sql`now() + make_interval(secs => (case ${refunds.tries} ${sql.join(
  REFUND_RETRY_BACKOFF_MS.slice(0, -1).map((ms, i) => sql.raw(`when ${i} then ${ms / 1000}`)),
  sql.raw(' '),
)} else ${sql.raw(String(REFUND_RETRY_BACKOFF_MS.at(-1)! / 1000))} end)::double precision)`;

/** How long a request waits for the provider before answering with the refund pending; the call goes on and settles it. */
export const PROVIDER_ANSWER_WAIT_MS = 8_000;

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
  return answerWithin(deps, refund);
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
        ...newAttempt(payments.name),
        voucherId: input.voucherId,
        orderId: found.voucher.orderId,
        userId: found.voucher.userId,
        amountCents: found.unitPriceCents,
        status: 'pending',
        reason: input.by === 'admin' ? (before === 'redeemed' ? 'goodwill' : 'admin') : input.by,
        note,
        requestedBy: input.actorId,
        voucherStatusBefore: before,
      })
      .returning();
    return row!;
  });
  if (claimed) return claimed;
  throw await whyNotClaimed(db, input, note);
}

/** A new attempt's own id and key, with its first retry due in a minute should nobody ask the provider. */
function newAttempt(provider: PaymentProvider['name']) {
  const id = randomUUID();
  return { id, idempotencyKey: refundIdempotencyKey(id), provider, status: 'pending' as const, nextTryAt: new Date(Date.now() + nextTryDelay(1)) };
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
        ...newAttempt(order!.provider),
        groupMemberId: memberId,
        orderId: member.orderId,
        userId: member.userId,
        amountCents: order!.totalCents,
        reason: 'group',
      })
      .returning();
    return row!;
  });
  return claimed && answerWithin(deps, claimed);
}

/** Why a paid order could not be fulfilled, and so is given back whole. */
export type UnfulfilledReason = 'sold_out' | 'withdrawn' | 'group_closed';

/**
 * Gives back the whole payment of an order that could not be fulfilled (its hold lapsed and the units
 * were gone, a deal was withdrawn, its group closed). The claim records that the money came in (the
 * order's `paid_at`, whose trigger writes the payment's ledger row; the order stays expired or cancelled)
 * and writes the pending refund, in one transaction; the order reads `refunded` only once the provider
 * has made the refund. A second delivery of the same payment finds it claimed, and asks about the
 * standing refund again. Answers the refund as it stands, or null when the order is not one to refund.
 */
export async function refundUnfulfilledPayment(
  deps: RefundDeps,
  payment: { orderId: string; paymentRef: string | null; reason: UnfulfilledReason },
): Promise<RefundRow | null> {
  const { db, payments } = deps;
  const claimed = await db.transaction(async (tx) => {
    if (payment.paymentRef) {
      await tx.update(orders).set({ paymentRef: payment.paymentRef }).where(and(eq(orders.id, payment.orderId), isNull(orders.paymentRef)));
    }
    const [order] = await tx
      .update(orders)
      // The transaction's time, as the refund's own creation: the story shows the payment before its refund.
      .set({ paidAt: sql`now()` })
      .where(and(eq(orders.id, payment.orderId), eq(orders.provider, payments.name), inArray(orders.status, ['expired', 'cancelled']), isNull(orders.paidAt)))
      .returning({ id: orders.id, userId: orders.userId, totalCents: orders.totalCents });
    if (!order) return null;
    const [row] = await tx
      .insert(refunds)
      .values({ ...newAttempt(payments.name), orderId: order.id, userId: order.userId, amountCents: order.totalCents, reason: payment.reason })
      .returning();
    return row!;
  });
  if (claimed) {
    deps.logger.warn({ orderId: payment.orderId, refundId: claimed.id, reason: payment.reason }, 'a payment could not be fulfilled; refunding it');
    // A refusal is listed for a person (Needs attention); the payment's event is handled all the same.
    return answerWithin(deps, claimed, 'answer');
  }
  const [standing] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.orderId, payment.orderId), isNull(refunds.voucherId), isNull(refunds.groupMemberId), inArray(refunds.status, ['pending', 'succeeded'])));
  if (standing?.status === 'pending') return answerWithin(deps, standing, 'answer');
  return standing ?? null;
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

/**
 * Asks the provider within the request's patience: the answer as it stands once the provider has
 * answered, or, when it takes longer than `providerWaitMs`, the refund still pending (the call goes on
 * and records its answer). 502 when the provider refused for certain, unless `refusal` is `answer`: then
 * the failed refund is answered like any other.
 */
async function answerWithin(deps: RefundDeps, refund: RefundRow, refusal: 'throw' | 'answer' = 'throw'): Promise<RefundRow> {
  const asked = askProvider(deps, refund, 'now');
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), deps.providerWaitMs ?? PROVIDER_ANSWER_WAIT_MS)));
  const first = await Promise.race([asked, waited]).finally(() => clearTimeout(timer));
  if (first === null) {
    asked.catch((err: unknown) => deps.logger.error({ err, refundId: refund.id }, 'a refund the request stopped waiting for could not be recorded'));
    return (await refundById(deps.db, refund.id))!;
  }
  if (first.status === 'failed' && refusal === 'throw') {
    throw new HttpError(502, refund.voucherStatusBefore === 'redeemed' ? REFUND_MESSAGES.providerFailedRedeemed : REFUND_MESSAGES.providerFailed);
  }
  return first;
}

/** What the provider is asked for an operation: the same for every call of one attempt. */
async function requestOf(db: Db, refund: RefundRow): Promise<RefundRequest> {
  const [order] = await db
    .select({ sessionId: orders.providerSessionId, paymentRef: orders.paymentRef })
    .from(orders)
    .where(eq(orders.id, refund.orderId));
  return {
    refundId: refund.id,
    orderId: refund.orderId,
    reason: refund.reason,
    sessionId: order?.sessionId ?? '',
    paymentRef: order?.paymentRef ?? null,
    amountCents: refund.amountCents,
    idempotencyKey: refund.idempotencyKey,
    voucherId: refund.voucherId,
    groupMemberId: refund.groupMemberId,
  };
}

/**
 * Steps 2 and 3 for a pending operation: one call to the provider, counted and its retry scheduled
 * before it is made, and its answer recorded. `now`: the caller's own call (after the claim, or a
 * superadmin's retry); `due`: the retry job's, taken only when due, so two servers never both call.
 * A retry first looks the refund up at the provider. Answers the operation as it then stands.
 */
export async function askProvider(deps: RefundDeps, refund: RefundRow, when: 'now' | 'due'): Promise<RefundRow> {
  return (await askIfNobodyElseDoes(deps, refund, when)) ?? (await refundById(deps.db, refund.id))!;
}

/** `askProvider`, answering null when the operation was no longer this caller's to ask about (settled, or taken by another server). */
async function askIfNobodyElseDoes(deps: RefundDeps, refund: RefundRow, when: 'now' | 'due'): Promise<RefundRow | null> {
  const { db, payments, logger } = deps;
  if (refund.amountCents === 0) {
    // A free voucher's money is nothing: there is no payment to give back from.
    await settleSucceeded(db, { id: refund.id }, `free_${refund.id}`);
    return (await refundById(db, refund.id))!;
  }
  const [taken] = await db
    .update(refunds)
    .set({ tries: sql`${refunds.tries} + 1`, nextTryAt: NEXT_TRY_AFTER_THIS_CALL })
    .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending'), when === 'due' ? lte(refunds.nextTryAt, sql`now()`) : undefined))
    .returning();
  if (!taken) return null;
  const request = await requestOf(db, taken);
  let answer: RefundResult;
  try {
    const earlier = taken.tries > 1 ? await payments.findRefund(request) : null;
    answer = earlier ?? (await payments.refundPayment(request));
  } catch (err) {
    const reason = (err instanceof Error ? err.message : String(err)).slice(0, 500);
    if (err instanceof ProviderRefusal) {
      logger.error({ err, refundId: refund.id, orderId: refund.orderId }, 'the payment provider refused a refund');
      await settleFailed(db, { id: refund.id }, reason);
    } else {
      logger.warn({ err, refundId: refund.id, orderId: refund.orderId, tries: taken.tries }, 'a refund\'s outcome at the payment provider is unknown; it will be asked again');
      await db
        .update(refunds)
        .set({ failure: reason })
        .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')));
    }
    return (await refundById(db, refund.id))!;
  }
  await recordAnswer(db, refund.id, answer);
  return (await refundById(db, refund.id))!;
}

/** The provider's answer on one operation, recorded (each step conditional on its still being pending). */
async function recordAnswer(db: Db, id: string, answer: RefundResult): Promise<void> {
  if (answer.status === 'succeeded') {
    await settleSucceeded(db, { id }, answer.ref);
  } else if (answer.status === 'failed') {
    await db.update(refunds).set({ providerRef: answer.ref }).where(and(eq(refunds.id, id), eq(refunds.status, 'pending'), isNull(refunds.providerRef)));
    await settleFailed(db, { id }, answer.failure ?? 'The payment provider declined the refund');
  } else {
    await db
      .update(refunds)
      .set({ providerRef: answer.ref, failure: null })
      .where(and(eq(refunds.id, id), eq(refunds.status, 'pending'), isNull(refunds.providerRef)));
  }
}

export async function refundById(db: Db, id: string): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id));
  return row;
}

/** A pending refund found by our id, or by the provider's id once it is recorded. */
type PendingRef = { id: string } | { providerRef: string; provider: PaymentProvider['name'] };

function refWhere(ref: PendingRef) {
  return 'id' in ref ? eq(refunds.id, ref.id) : and(eq(refunds.provider, ref.provider), eq(refunds.providerRef, ref.providerRef));
}

/**
 * Marks a pending refund succeeded with the provider's id (the ledger's row is written by the
 * trigger in this transaction) and gives the unit back to the offer and to the customer's
 * allowance, when the voucher was unused or the refund is a failed group's member's; an unfulfilled
 * order now reads `refunded`. A redeemed voucher's unit was used: a goodwill refund gives back the
 * money only. True when this call settled it.
 */
export async function settleSucceeded(db: Db, ref: PendingRef, providerRef: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [done] = await tx
      .update(refunds)
      .set({ status: 'succeeded', providerRef, settledAt: new Date(), failure: null, nextTryAt: null })
      .where(and(refWhere(ref), eq(refunds.status, 'pending')))
      .returning();
    if (!done) return false;
    if (done.voucherId && done.voucherStatusBefore === 'active') {
      const [v] = await tx.select({ dealId: vouchers.dealId }).from(vouchers).where(eq(vouchers.id, done.voucherId));
      await giveUnitBack(tx, v!.dealId, done.userId);
    } else if (done.groupMemberId) {
      await giveUnitBack(tx, await memberDeal(tx, done.groupMemberId), done.userId);
    } else if (!done.voucherId) {
      await tx
        .update(orders)
        .set({ status: 'refunded' })
        .where(and(eq(orders.id, done.orderId), inArray(orders.status, ['expired', 'cancelled'])));
    }
    return true;
  });
}

async function memberDeal(tx: Tx, memberId: string): Promise<string> {
  const [g] = await tx
    .select({ dealId: dealGroups.dealId })
    .from(groupMembers)
    .innerJoin(dealGroups, eq(dealGroups.id, groupMembers.groupId))
    .where(eq(groupMembers.id, memberId));
  return g!.dealId;
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
 * Takes a unit given back by a refund again, for a refund reversed at the provider: from the offer and
 * into the customer's allowance. False, changing nothing, when the offer has none left (it was sold again).
 */
async function takeUnitAgain(tx: Tx, dealId: string, userId: string): Promise<boolean> {
  try {
    await tx.transaction(async (inner) => {
      await moveStock(inner, [dealId, 1, true]);
      await inner
        .insert(userDealUnits)
        .values({ userId, dealId, units: 1 })
        .onConflictDoUpdate({ target: [userDealUnits.userId, userDealUnits.dealId], set: { units: sql`${userDealUnits.units} + 1` } });
    });
    return true;
  } catch (err) {
    if (isDatabaseError(err, 'DM002') || isDatabaseError(err, 'DM003')) return false;
    throw err;
  }
}

/** Puts a voucher back as it was before a refund took it: active, or redeemed with its redemption from the log. */
async function restoreVoucher(tx: Tx, refund: RefundRow): Promise<void> {
  if (refund.voucherStatusBefore === 'active') {
    await tx.update(vouchers).set({ status: 'active' }).where(and(eq(vouchers.id, refund.voucherId!), eq(vouchers.status, 'refunded')));
    return;
  }
  const [redemption] = await tx
    .select({ at: redemptions.createdAt, by: redemptions.actorUserId })
    .from(redemptions)
    .where(and(eq(redemptions.voucherId, refund.voucherId!), eq(redemptions.success, true), isNull(redemptions.undoneAt)))
    .orderBy(desc(redemptions.createdAt))
    .limit(1);
  await tx
    .update(vouchers)
    .set({ status: 'redeemed', redeemed: true, redeemedAt: redemption?.at ?? refund.createdAt, redeemedBy: redemption?.by ?? null })
    .where(and(eq(vouchers.id, refund.voucherId!), eq(vouchers.status, 'refunded')));
}

/**
 * Marks a pending refund failed, for certain, and puts its subject back as it was before the claim: the
 * voucher (only while it is still `refunded`: by this refund, the one that stands), the failed group's
 * member owed again (a person decides on a new attempt), the unfulfilled order's money still with us.
 * No unit was given back yet (that happens on success), so none is taken.
 */
export async function settleFailed(db: Db, ref: PendingRef, failure: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [failed] = await tx
      .update(refunds)
      .set({ status: 'failed', failure, settledAt: new Date(), nextTryAt: null })
      .where(and(refWhere(ref), eq(refunds.status, 'pending')))
      .returning();
    if (!failed) return false;
    if (failed.groupMemberId) {
      await tx
        .update(groupMembers)
        .set({ status: 'owed' })
        .where(and(eq(groupMembers.id, failed.groupMemberId), eq(groupMembers.status, 'refunded')));
    } else if (failed.voucherId) {
      await restoreVoucher(tx, failed);
    }
    return true;
  });
}

/**
 * A refund that had succeeded failed at the provider later (its money came back to us): the refund turns
 * `failed` with `reversed_at` (the trigger writes the ledger's reversal row, putting the amount back), and
 * its subject is restored: the voucher usable again, with its unit taken from the offer again (when the
 * offer has none left, the voucher stays refunded and the case says so); the group member owed; the
 * unfulfilled order cancelled with its money with us. It is listed under "Needs attention". True when
 * this call reversed it.
 */
export async function reverseSucceeded(db: Db, ref: PendingRef, failure: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [reversed] = await tx
      .update(refunds)
      .set({ status: 'failed', failure, reversedAt: new Date() })
      .where(and(refWhere(ref), eq(refunds.status, 'succeeded')))
      .returning();
    if (!reversed) return false;
    if (reversed.voucherId) {
      const [v] = await tx.select({ dealId: vouchers.dealId }).from(vouchers).where(eq(vouchers.id, reversed.voucherId));
      if (reversed.voucherStatusBefore === 'active' && !(await takeUnitAgain(tx, v!.dealId, reversed.userId))) {
        await tx
          .update(refunds)
          .set({ failure: `${failure} (the unit was sold again, so the voucher stays refunded)`.slice(0, 500) })
          .where(eq(refunds.id, reversed.id));
        return true;
      }
      await restoreVoucher(tx, reversed);
    } else if (reversed.groupMemberId) {
      // The member's unit went back with the refund; it is taken again, so the next attempt's success gives it back once.
      if (!(await takeUnitAgain(tx, await memberDeal(tx, reversed.groupMemberId), reversed.userId))) {
        await tx
          .update(refunds)
          .set({ failure: `${failure} (the unit was sold again; a person settles it)`.slice(0, 500) })
          .where(eq(refunds.id, reversed.id));
        return true;
      }
      await tx.update(groupMembers).set({ status: 'owed' }).where(and(eq(groupMembers.id, reversed.groupMemberId), eq(groupMembers.status, 'refunded')));
    } else {
      await tx.update(orders).set({ status: 'cancelled' }).where(and(eq(orders.id, reversed.orderId), eq(orders.status, 'refunded')));
    }
    return true;
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A provider's report on one refund (a webhook). Found by the provider's id, or by our refund's id that
 * the provider keeps in its metadata, or (for refunds asked before each attempt was named) by the
 * voucher or group member. A report of success settles a pending refund; of failure, fails a pending one
 * or reverses one that had succeeded; of pending, keeps the provider's id. Each step is conditional, so a
 * report delivered twice, or after the request settled it, changes nothing.
 */
export async function reconcileRefund(db: Db, provider: PaymentProvider['name'], update: RefundUpdate): Promise<'succeeded' | 'failed' | 'reversed' | 'unchanged'> {
  const row = await refundReportedOn(db, provider, update);
  if (!row) return 'unchanged';
  const ref = { id: row.id };
  if (update.status === 'pending') {
    await db.update(refunds).set({ providerRef: update.ref }).where(and(eq(refunds.id, row.id), eq(refunds.status, 'pending'), isNull(refunds.providerRef)));
    return 'unchanged';
  }
  if (update.status === 'succeeded') return (await settleSucceeded(db, ref, update.ref)) ? 'succeeded' : 'unchanged';
  const failure = update.failure ?? 'The payment provider reported the refund failed';
  if (row.status === 'succeeded') return (await reverseSucceeded(db, ref, failure)) ? 'reversed' : 'unchanged';
  if (row.status === 'pending') {
    await db.update(refunds).set({ providerRef: update.ref }).where(and(eq(refunds.id, row.id), eq(refunds.status, 'pending'), isNull(refunds.providerRef)));
    return (await settleFailed(db, ref, failure)) ? 'failed' : 'unchanged';
  }
  return 'unchanged';
}

async function refundReportedOn(db: Db, provider: PaymentProvider['name'], update: RefundUpdate): Promise<RefundRow | undefined> {
  const [known] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.provider, provider), eq(refunds.providerRef, update.ref)));
  if (known) return known;
  if (update.refundId && UUID.test(update.refundId)) {
    const [named] = await db
      .select()
      .from(refunds)
      .where(and(eq(refunds.id, update.refundId), eq(refunds.provider, provider)));
    if (named && (named.providerRef === null || named.providerRef === update.ref)) return named;
    return undefined;
  }
  const subject = update.voucherId && UUID.test(update.voucherId)
    ? eq(refunds.voucherId, update.voucherId)
    : update.groupMemberId && UUID.test(update.groupMemberId)
      ? eq(refunds.groupMemberId, update.groupMemberId)
      : undefined;
  if (!subject) return undefined;
  const [pending] = await db
    .select()
    .from(refunds)
    .where(and(subject, eq(refunds.provider, provider), eq(refunds.status, 'pending'), isNull(refunds.providerRef)));
  return pending;
}

/**
 * Asks the provider again about refunds whose outcome is unknown and whose next try is due (a timeout,
 * a lost answer, a 5xx, a server stopped between the claim and the call), with the same key, after
 * looking the refund up: the provider makes it now, or answers with the one it made. Any server may run
 * it at any time: each call is taken by a conditional update of the row's schedule. Answers how many
 * this call settled (not those another server's job took meanwhile).
 */
export async function retryPendingRefunds(deps: RefundDeps, batch: number): Promise<number> {
  const due = await deps.db
    .select()
    .from(refunds)
    .where(and(eq(refunds.status, 'pending'), eq(refunds.provider, deps.payments.name), lte(refunds.nextTryAt, sql`now()`)))
    .orderBy(asc(refunds.nextTryAt))
    .limit(batch);
  let settled = 0;
  for (const refund of due) {
    // Another server's job may take (and settle) an operation between this read and this call: only this job's count.
    const after = await askIfNobodyElseDoes(deps, refund, 'due');
    if (after && after.status !== 'pending') settled++;
  }
  return settled;
}

/**
 * A superadmin's retry of an operation on "Needs attention": a pending one is asked about again at
 * once (with its key, after looking it up); a failed or reversed one gets a new attempt, with a new
 * key, for the same subject and amount, claimed as the first was (the voucher must still be what it
 * was, the member still owed, the order's money still with us) and only while nothing else stands for
 * it. Answers the operation that now stands for the money; 409 when there is nothing to retry, 502 when
 * the provider refuses again.
 */
export async function retryRefund(deps: RefundDeps, refundId: string, adminId: string): Promise<RefundRow> {
  const op = await refundById(deps.db, refundId);
  if (!op) throw notFound(msg('notFound.refund'));
  if (op.status === 'pending') return answerWithin(deps, op);
  if (op.status === 'succeeded') throw conflict(msg('attention.nothingToRetry'));
  let claimed: RefundRow | null;
  try {
    claimed = await deps.db.transaction(async (tx) => {
      if (op.voucherId) {
        const before = op.voucherStatusBefore!;
        const [taken] = await tx
          .update(vouchers)
          .set(before === 'redeemed' ? { status: 'refunded', redeemed: false, redeemedAt: null, redeemedBy: null } : { status: 'refunded' })
          .where(and(eq(vouchers.id, op.voucherId), eq(vouchers.status, before)))
          .returning({ id: vouchers.id });
        if (!taken) return null;
      } else if (op.groupMemberId) {
        const [taken] = await tx
          .update(groupMembers)
          .set({ status: 'refunded' })
          .where(and(eq(groupMembers.id, op.groupMemberId), eq(groupMembers.status, 'owed')))
          .returning({ id: groupMembers.id });
        if (!taken) return null;
      } else {
        const [order] = await tx
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.id, op.orderId), inArray(orders.status, ['expired', 'cancelled'])));
        if (!order) return null;
      }
      const [row] = await tx
        .insert(refunds)
        .values({
          ...newAttempt(op.provider),
          voucherId: op.voucherId,
          groupMemberId: op.groupMemberId,
          orderId: op.orderId,
          userId: op.userId,
          amountCents: op.amountCents,
          reason: op.reason,
          note: op.note,
          requestedBy: adminId,
          voucherStatusBefore: op.voucherStatusBefore,
        })
        .returning();
      return row!;
    });
  } catch (err) {
    // Another attempt for the same money stands already (the partial unique indexes).
    if (isDatabaseError(err, '23505')) throw conflict(msg('attention.anotherAttemptStands'));
    throw err;
  }
  if (!claimed) throw conflict(msg('attention.subjectMoved'));
  return answerWithin(deps, claimed);
}
