/**
 * Redemption by code and PIN (ADR 015): exactly once per voucher under any concurrency,
 * PIN guessing locked out, and every attempt written to the log.
 */
import { and, desc, eq, gte, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { PIN_LOCK_MINUTES, PIN_MAX_FAILURES, REDEMPTION_UNDO_MINUTES } from '../../contract/constants';
import type { UndoRedemptionAnswer } from '../../contract/orders';
import type { RedeemAnswer, RedemptionRecord, RedemptionSummary } from '../../contract/redemption';
import type { RedemptionPreview } from '../../contract/workspace';
import type { Db, Tx } from '../db/client';
import { deals, merchants, orderItems, pinFailures, redemptions, users, vouchers } from '../db/schema';
import { conflict, forbidden, notFound } from '../http/errors';
import { hitRateLimit, refundRateLimitHit, waitOf } from '../http/rate-limit';
import { msg, renderText, textOfMessage, type Language, type Message } from '../i18n';
import type { UserRow } from '../http/session-lookup';
import { afterNewest, cursorTime, encodeCursor, pageOf, type KeysetCursor } from '../db/keyset';

export const NO_MERCHANT_REASON = msg('http.noMerchant');
/** Failed attempts a merchant account may make across all codes before it is paused. */
export const MERCHANT_FAILURE_BUDGET = { failures: 30, windowSeconds: 15 * 60 } as const;

/** A refused redemption or check: its status, and its reason, which the log keeps as its key and values (server/i18n/texts.ts). */
export interface RedeemRefusal {
  status: number;
  reason: Message;
}

export type RedeemOutcome = { ok: true; answer: RedeemAnswer } | { ok: false; refusal: RedeemRefusal };

interface Attempt {
  code: string;
  voucherId?: string | null;
  dealId?: string | null;
  merchantId: string | null;
  actorUserId: string;
  success: boolean;
  reason: string | null;
  priceCents?: number | null;
}

async function logAttempt(db: Pick<Db, 'insert'>, a: Attempt): Promise<void> {
  await db.insert(redemptions).values({
    voucherCode: a.code.slice(0, 32),
    voucherId: a.voucherId ?? null,
    dealId: a.dealId ?? null,
    merchantId: a.merchantId,
    actorUserId: a.actorUserId,
    success: a.success,
    reason: a.reason,
    priceCents: a.priceCents ?? null,
  });
}

type VoucherRow = typeof vouchers.$inferSelect;

type PinCheck =
  | { kind: 'locked'; until: Date }
  | { kind: 'wrong'; left: number }
  | { kind: 'redeemed'; at: Date }
  | { kind: 'refunded' }
  | { kind: 'expired' }
  | { kind: 'usable' }
  | { kind: 'won'; at: Date };

/**
 * Compares the PIN of one voucher and, when it is right, redeems it, in one short transaction that
 * holds the code's pin_failures row: attempts on the same code, from any server, take turns, so each
 * sees the count the ones before it left. At most PIN_MAX_FAILURES wrong PINs are ever compared in a
 * lock window, and right PINs arriving together are never taken for guesses. Exactly one attempt
 * redeems, and a refund racing it finds it no longer active (the conditional update on `status`).
 * Without `onWin` (the check before redeeming) a right PIN only reads whether the voucher could be
 * redeemed now; wrong PINs count all the same.
 */
async function checkPin(db: Db, voucher: VoucherRow, pin: string, actorId: string, onWin: ((tx: Tx) => Promise<void>) | null): Promise<PinCheck> {
  return db.transaction(async (tx) => {
    await tx.insert(pinFailures).values({ voucherCode: voucher.code, failures: 0 }).onConflictDoNothing();
    const [state] = await tx.select().from(pinFailures).where(eq(pinFailures.voucherCode, voucher.code)).for('update');
    const now = new Date();
    if (state?.lockedUntil && state.lockedUntil > now) return { kind: 'locked', until: state.lockedUntil };
    if (pin !== voucher.pin) {
      // A lock that has run out starts a new window.
      const failures = (state?.lockedUntil ? 0 : (state?.failures ?? 0)) + 1;
      const lockedUntil = failures >= PIN_MAX_FAILURES ? new Date(now.getTime() + PIN_LOCK_MINUTES * 60_000) : null;
      await tx.update(pinFailures).set({ failures, lockedUntil, updatedAt: now }).where(eq(pinFailures.voucherCode, voucher.code));
      return { kind: 'wrong', left: PIN_MAX_FAILURES - failures };
    }
    const usable = and(eq(vouchers.id, voucher.id), eq(vouchers.status, 'active'), gte(vouchers.validUntil, now));
    // Each statement reads what is committed when it starts: an undo committing between the update and the read
    // after it leaves the voucher usable again, so the update is tried once more rather than the voucher called
    // expired.
    for (let tries = 1; ; tries++) {
      if (onWin) {
        const [won] = await tx
          .update(vouchers)
          .set({ status: 'redeemed', redeemed: true, redeemedAt: now, redeemedBy: actorId })
          .where(usable)
          .returning({ redeemedAt: vouchers.redeemedAt });
        if (won) {
          // The count stays: wrong PINs for a used voucher still take their turns against the same budget.
          await onWin(tx);
          return { kind: 'won', at: won.redeemedAt! };
        }
      } else {
        const [found] = await tx.select({ id: vouchers.id }).from(vouchers).where(usable);
        if (found) return { kind: 'usable' };
      }
      const [current] = await tx
        .select({ status: vouchers.status, redeemedAt: vouchers.redeemedAt, validUntil: vouchers.validUntil })
        .from(vouchers)
        .where(eq(vouchers.id, voucher.id));
      if (current?.status === 'redeemed' && current.redeemedAt) return { kind: 'redeemed', at: current.redeemedAt };
      if (current?.status === 'refunded') return { kind: 'refunded' };
      if (current?.status !== 'active' || current.validUntil < now || tries >= 3) return { kind: 'expired' };
    }
  });
}

type DealRow = typeof deals.$inferSelect;

/** A code and PIN as the counter typed them; a merchantId, when sent, must be the session's. */
export interface RedeemInput {
  code: string;
  pin: string;
  merchantId?: string | null | undefined;
}

/** A right PIN for a voucher of the merchant's that was (or, for a check, could now be) redeemed. */
interface Accepted {
  voucher: VoucherRow;
  deal: DealRow;
  /** What the buyer paid for the voucher: its order line's unit price, not the deal's price of today. */
  pricePaidCents: number;
  buyerPhone: string;
  /** When it was redeemed; null for a check, which redeems nothing. */
  redeemedAt: Date | null;
}

type AttemptOutcome = { ok: true; accepted: Accepted } | { ok: false; refusal: RedeemRefusal };

/**
 * One attempt at a code and PIN for the merchant of the session, redeeming the voucher when `redeem`
 * is set and only checking it otherwise. Both go through every check and refusal alike: the
 * merchant's failure budget, another merchant's voucher, the PIN lockout (wrong PINs of a check
 * count too), the voucher's state. Refusals come back with a reason (and an HTTP status for the API)
 * and are logged; a redemption is logged as the success, a check that passes is not logged at all.
 */
async function attemptRedemption(db: Db, actor: UserRow, input: RedeemInput, redeem: boolean): Promise<AttemptOutcome> {
  const code = input.code.trim().toUpperCase();
  const merchantId = actor.role === 'merchant' ? actor.merchantId : null;
  const budgetKey = `redeem-failures:${merchantId}`;
  let charged = false;
  /** Logs a refusal; one that is not the merchant's failure gives back the attempt charged to its budget. */
  const refuse = async (status: number, reason: Message, extra: Partial<Attempt> = {}, countsAsFailure = true): Promise<AttemptOutcome> => {
    await logAttempt(db, { code, merchantId, actorUserId: actor.id, success: false, reason: textOfMessage(reason), ...extra });
    if (charged && !countsAsFailure) await refundRateLimitHit(db, budgetKey);
    return { ok: false, refusal: { status, reason } };
  };

  if (!merchantId) return refuse(403, NO_MERCHANT_REASON, {}, false);
  if (input.merchantId && input.merchantId !== merchantId) return refuse(403, msg('redemption.merchantMismatch'), {}, false);

  // Every attempt is charged to the merchant's failure budget before it is evaluated, so parallel
  // failures cannot slip past it; attempts that turn out not to be failures give their charge back.
  const budget = await hitRateLimit(db, budgetKey, MERCHANT_FAILURE_BUDGET.failures, MERCHANT_FAILURE_BUDGET.windowSeconds);
  if (!budget.allowed) return refuse(429, msg('redemption.tooManyFailures', { wait: waitOf(budget.retryAfterSeconds) }), {}, false);
  charged = true;

  const [found] = await db
    .select({ voucher: vouchers, deal: deals, pricePaidCents: orderItems.unitPriceCents, buyerPhone: users.phone })
    .from(vouchers)
    .innerJoin(orderItems, eq(orderItems.id, vouchers.orderItemId))
    .innerJoin(deals, eq(deals.id, vouchers.dealId))
    .innerJoin(users, eq(users.id, vouchers.userId))
    .where(eq(vouchers.code, code))
    .limit(1);
  if (!found) return refuse(404, msg('notFound.voucher'));
  const { voucher, deal, pricePaidCents } = found;

  // Another merchant's voucher is refused before the PIN is looked at, and nothing about it (deal,
  // price, buyer) enters this merchant's log.
  if (deal.merchantId !== merchantId) return refuse(403, msg('redemption.otherMerchant'));
  // The log keeps the price paid, so its value and the merchant's sums are what the vouchers brought in.
  const about = { voucherId: voucher.id, dealId: deal.id, priceCents: pricePaidCents };

  const logSuccess = (tx: Tx) => logAttempt(tx, { code, merchantId, actorUserId: actor.id, success: true, reason: null, ...about });
  const checked = await checkPin(db, voucher, input.pin, actor.id, redeem ? logSuccess : null);
  switch (checked.kind) {
    case 'locked': {
      const minutes = Math.max(1, Math.ceil((checked.until.getTime() - Date.now()) / 60_000));
      return refuse(429, msg('redemption.pinLocked', { count: minutes }), about);
    }
    case 'wrong':
      return refuse(
        400,
        checked.left > 0 ? msg('redemption.wrongPin', { count: checked.left }) : msg('redemption.wrongPinLocked', { minutes: PIN_LOCK_MINUTES }),
        about,
      );
    case 'redeemed':
      return refuse(409, msg('redemption.alreadyRedeemed', { date: checked.at }), about, false);
    case 'refunded':
      return refuse(409, msg('redemption.refunded'), about, false);
    case 'expired':
      return refuse(410, msg('redemption.expired', { date: voucher.validUntil }), about, false);
  }
  await refundRateLimitHit(db, budgetKey);
  return { ok: true, accepted: { voucher, deal, pricePaidCents, buyerPhone: found.buyerPhone, redeemedAt: checked.kind === 'won' ? checked.at : null } };
}

/**
 * Redeems a voucher for the merchant of the session. Refusals come back with a reason (and an
 * HTTP status for the API); they are logged just like successes.
 */
export async function redeemVoucher(db: Db, actor: UserRow, input: RedeemInput): Promise<RedeemOutcome> {
  const outcome = await attemptRedemption(db, actor, input, true);
  if (!outcome.ok) return outcome;
  const { voucher, deal, pricePaidCents, redeemedAt } = outcome.accepted;
  return {
    ok: true,
    answer: {
      ok: true,
      reason: null,
      voucher: { voucherId: voucher.id, voucherCode: voucher.code, dealTitle: deal.title, priceCents: pricePaidCents, redeemedAt: redeemedAt!.toISOString() },
    },
  };
}

export type PreviewOutcome = { ok: true; answer: RedemptionPreview } | { ok: false; refusal: RedeemRefusal };

/** The buyer's phone as the counter may see it: its last four digits only. */
export function maskPhone(phone: string): string {
  return `•••• ${phone.replace(/\D/g, '').slice(-4)}`;
}

/**
 * The check before redeeming: the same checks, refusals, logged refusals and PIN lockout as
 * redeemVoucher, but a right PIN leaves the voucher unused and writes nothing to the log. It answers
 * what the counter confirms with the customer.
 */
export async function previewRedemption(db: Db, actor: UserRow, input: RedeemInput): Promise<PreviewOutcome> {
  const outcome = await attemptRedemption(db, actor, input, false);
  if (!outcome.ok) return outcome;
  const { voucher, deal, pricePaidCents, buyerPhone } = outcome.accepted;
  return {
    ok: true,
    answer: {
      voucherId: voucher.id,
      voucherCode: voucher.code,
      dealTitle: deal.title,
      priceCents: pricePaidCents,
      phoneMasked: maskPhone(buyerPhone),
      validUntil: voucher.validUntil.toISOString(),
    },
  };
}

export const NOT_REDEEMED_REASON = msg('redemption.notRedeemed');
export const UNDO_TOO_LATE_REASON = msg('redemption.undoTooLate', { minutes: REDEMPTION_UNDO_MINUTES });

/**
 * Takes back a redemption the merchant of the session made by mistake, within REDEMPTION_UNDO_MINUTES
 * of it (docs/product/rules.md#refunds-and-the-voucher-s-life, ADR 027). One transaction: the voucher goes back to `active` by a
 * conditional update that carries its state, its merchant and the window, so of two undos, or an undo
 * and a refund, exactly one changes it; then the standing success in the log is marked undone, which
 * lets the voucher be redeemed again (redemptions_one_success_key ignores undone rows).
 */
export async function undoRedemption(db: Db, actor: UserRow, voucherId: string): Promise<UndoRedemptionAnswer> {
  const merchantId = actor.role === 'merchant' ? actor.merchantId : null;
  if (!merchantId) throw forbidden(NO_MERCHANT_REASON);
  const ownDeals = db.select({ id: deals.id }).from(deals).where(eq(deals.merchantId, merchantId));
  return db.transaction(async (tx) => {
    const now = new Date();
    const since = new Date(now.getTime() - REDEMPTION_UNDO_MINUTES * 60_000);
    const [undone] = await tx
      .update(vouchers)
      .set({ status: 'active', redeemed: false, redeemedAt: null, redeemedBy: null })
      .where(and(eq(vouchers.id, voucherId), eq(vouchers.status, 'redeemed'), gte(vouchers.redeemedAt, since), inArray(vouchers.dealId, ownDeals)))
      .returning({ code: vouchers.code, status: vouchers.status });
    if (!undone) {
      const [current] = await tx
        .select({ status: vouchers.status })
        .from(vouchers)
        .where(and(eq(vouchers.id, voucherId), inArray(vouchers.dealId, ownDeals)));
      // Another merchant's voucher is answered like one that does not exist: they learn nothing of it.
      if (!current) throw notFound(msg('notFound.voucher'));
      throw conflict(current.status === 'redeemed' ? UNDO_TOO_LATE_REASON : NOT_REDEEMED_REASON);
    }
    await tx
      .update(redemptions)
      .set({ undoneAt: now, undoneBy: actor.id })
      .where(and(eq(redemptions.voucherId, voucherId), eq(redemptions.success, true), isNull(redemptions.undoneAt)));
    return { voucherId, voucherCode: undone.code, status: undone.status, undoneAt: now.toISOString() };
  });
}

const owner = sql<string | null>`(select u.email from users u where u.id = "vouchers"."user_id")`;

/** The log, newest first, one keyset page at a time, its reasons in `language`; `where` narrows it (e.g. to one merchant). */
export async function listRedemptions(
  db: Db,
  params: { limit: number; cursor: KeysetCursor | null; where?: SQL; language: Language },
): Promise<{ records: RedemptionRecord[]; nextCursor: string | null }> {
  const conditions: (SQL | undefined)[] = [params.where];
  if (params.cursor) conditions.push(afterNewest(redemptions.createdAt, redemptions.id, params.cursor));
  const rows = await db
    .select({ r: redemptions, dealTitle: deals.title, merchantName: merchants.name, userEmail: owner, cursorTime: cursorTime(redemptions.createdAt) })
    .from(redemptions)
    // A deal, price and buyer are shown only for the log's own merchant's vouchers (rows written before
    // foreign attempts were logged without them may still name another merchant's deal).
    .leftJoin(deals, and(eq(deals.id, redemptions.dealId), eq(deals.merchantId, redemptions.merchantId)))
    .leftJoin(merchants, eq(merchants.id, redemptions.merchantId))
    .leftJoin(vouchers, and(eq(vouchers.id, redemptions.voucherId), eq(vouchers.dealId, deals.id)))
    .where(and(...conditions))
    .orderBy(desc(redemptions.createdAt), desc(redemptions.id))
    .limit(params.limit + 1);
  const page = pageOf(rows, params.limit, (last) => encodeCursor({ createdAt: last.cursorTime, id: last.r.id }));
  return {
    records: page.rows.map(({ r, dealTitle, merchantName, userEmail }) => ({
      id: r.id,
      voucher_code: r.voucherCode,
      voucher_pin: null,
      deal_title: dealTitle,
      user_email: userEmail,
      merchant_name: merchantName,
      price_cents: dealTitle === null ? null : r.priceCents,
      success: r.success,
      reason: renderText(params.language, r.reason),
      created_at: r.createdAt.toISOString(),
      undone_at: r.undoneAt?.toISOString() ?? null,
      voucher_id: dealTitle === null ? null : r.voucherId,
    })),
    nextCursor: page.nextCursor,
  };
}

/** Totals over the whole log: successes and their value count only the ones that stand, not those undone. */
export async function redemptionTotals(db: Db, where?: SQL): Promise<RedemptionSummary> {
  const standing = sql`${redemptions.success} and ${redemptions.undoneAt} is null`;
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      successes: sql<number>`count(*) filter (where ${standing})::int`,
      failures: sql<number>`count(*) filter (where not ${redemptions.success})::int`,
      value: sql<string>`coalesce(sum(${redemptions.priceCents}) filter (where ${standing}), 0)::bigint`,
    })
    .from(redemptions)
    .where(where);
  const total = Number(row?.total ?? 0);
  const successes = Number(row?.successes ?? 0);
  const failures = Number(row?.failures ?? 0);
  return { total, successes, failures, undone: total - successes - failures, redeemedValueCents: Number(row?.value ?? 0) };
}

