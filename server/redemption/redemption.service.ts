/**
 * Redemption by code and PIN (DECISIONS.md D6): exactly once per voucher under any concurrency,
 * PIN guessing locked out, and every attempt written to the log.
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { format } from 'date-fns';
import { PIN_LOCK_MINUTES, PIN_MAX_FAILURES } from '../../contract/constants';
import type { RedeemAnswer, RedemptionRecord, RedemptionSummary } from '../../contract/redemption';
import { queryRows, type Db } from '../db/client';
import { deals, merchants, pinFailures, redemptions, vouchers } from '../db/schema';
import { formatWait, hitRateLimit, refundRateLimitHit } from '../http/rate-limit';
import type { UserRow } from '../auth/sessions';
import { cursorTime, encodeCursor, type DealCursor } from '../catalog/catalog.service';

export const NO_MERCHANT_REASON = 'No merchantId bound to current account';
/** Failed attempts a merchant account may make across all codes before it is paused. */
export const MERCHANT_FAILURE_BUDGET = { failures: 30, windowSeconds: 15 * 60 } as const;

export interface RedeemRefusal {
  status: number;
  reason: string;
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

/**
 * Charges one PIN attempt to a code before the PIN is compared, so that however many guesses arrive
 * at once, at most PIN_MAX_FAILURES of them are ever compared in a lock window: the attempt that
 * takes the last slot locks the code, and later ones find it locked. Answers the attempt's number in
 * the window (above PIN_MAX_FAILURES: locked) and the end of the lock, if any. A right PIN gives its
 * slot back (refundPinAttempt), or clears the count when it redeems.
 */
async function chargePinAttempt(db: Db, code: string): Promise<{ attempt: number; lockedUntil: Date | null }> {
  const fresh = sql`(pin_failures.locked_until is not null and pin_failures.locked_until <= now())`;
  const [row] = await queryRows<{ failures: number; locked_until: string | Date | null }>(
    db,
    sql`insert into pin_failures (voucher_code, failures, locked_until, updated_at)
        values (${code}, 1, null, now())
        on conflict (voucher_code) do update set
          failures = case when ${fresh} then 1 else pin_failures.failures + 1 end,
          locked_until = case
            when pin_failures.locked_until > now() then pin_failures.locked_until
            when (case when ${fresh} then 1 else pin_failures.failures + 1 end) >= ${PIN_MAX_FAILURES}
              then now() + make_interval(mins => ${PIN_LOCK_MINUTES})
            else null end,
          updated_at = now()
        returning failures, locked_until`,
  );
  if (!row) throw new Error('pin attempt upsert returned no row');
  return { attempt: row.failures, lockedUntil: row.locked_until === null ? null : new Date(row.locked_until) };
}

/** Gives back the slot of an attempt whose PIN was right (the voucher was already used or has expired). */
async function refundPinAttempt(db: Db, code: string): Promise<void> {
  await db.execute(
    sql`update pin_failures set
          failures = greatest(failures - 1, 0),
          locked_until = case when failures - 1 >= ${PIN_MAX_FAILURES} then locked_until else null end,
          updated_at = now()
        where voucher_code = ${code}`,
  );
}

const dateLabel = (d: Date) => format(d, 'MMM d, yyyy');

/**
 * Redeems a voucher for the merchant of the session. Refusals come back with a reason (and an
 * HTTP status for the API); they are logged just like successes.
 */
export async function redeemVoucher(db: Db, actor: UserRow, input: { code: string; pin: string; merchantId?: string | null | undefined }): Promise<RedeemOutcome> {
  const code = input.code.trim().toUpperCase();
  const merchantId = actor.role === 'merchant' ? actor.merchantId : null;
  const budgetKey = `redeem-failures:${merchantId}`;
  let charged = false;
  /** Logs a refusal; one that is not the merchant's failure gives back the attempt charged to its budget. */
  const refuse = async (status: number, reason: string, extra: Partial<Attempt> = {}, countsAsFailure = true): Promise<RedeemOutcome> => {
    await logAttempt(db, { code, merchantId, actorUserId: actor.id, success: false, reason, ...extra });
    if (charged && !countsAsFailure) await refundRateLimitHit(db, budgetKey);
    return { ok: false, refusal: { status, reason } };
  };

  if (!merchantId) return refuse(403, NO_MERCHANT_REASON, {}, false);
  if (input.merchantId && input.merchantId !== merchantId) return refuse(403, 'merchantId does not match your account', {}, false);

  // Every attempt is charged to the merchant's failure budget before it is evaluated, so parallel
  // failures cannot slip past it; attempts that turn out not to be failures give their charge back.
  const budget = await hitRateLimit(db, budgetKey, MERCHANT_FAILURE_BUDGET.failures, MERCHANT_FAILURE_BUDGET.windowSeconds);
  if (!budget.allowed) return refuse(429, `Too many failed attempts. Please try again in ${formatWait(budget.retryAfterSeconds)}.`, {}, false);
  charged = true;

  const [found] = await db
    .select({ voucher: vouchers, deal: deals })
    .from(vouchers)
    .innerJoin(deals, eq(deals.id, vouchers.dealId))
    .where(eq(vouchers.code, code))
    .limit(1);
  if (!found) return refuse(404, 'Voucher not found');
  const { voucher, deal } = found;

  // Another merchant's voucher is refused before the PIN is looked at, and nothing about it (deal,
  // price, buyer) enters this merchant's log.
  if (deal.merchantId !== merchantId) return refuse(403, 'This voucher belongs to another merchant');
  const about = { voucherId: voucher.id, dealId: deal.id, priceCents: deal.priceCents };

  const pinAttempt = await chargePinAttempt(db, code);
  if (pinAttempt.attempt > PIN_MAX_FAILURES) {
    const until = pinAttempt.lockedUntil?.getTime() ?? Date.now() + PIN_LOCK_MINUTES * 60_000;
    const minutes = Math.max(1, Math.ceil((until - Date.now()) / 60_000));
    return refuse(429, `Too many wrong PINs for this voucher. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, about);
  }

  if (input.pin !== voucher.pin) {
    const left = PIN_MAX_FAILURES - pinAttempt.attempt;
    return refuse(
      400,
      left > 0 ? `Incorrect PIN (${left} attempt${left === 1 ? '' : 's'} left)` : `Incorrect PIN. This voucher is locked for ${PIN_LOCK_MINUTES} minutes.`,
      about,
    );
  }

  if (voucher.redeemed && voucher.redeemedAt) {
    await refundPinAttempt(db, code);
    return refuse(409, `Voucher already redeemed on ${dateLabel(voucher.redeemedAt)}`, about, false);
  }
  if (voucher.validUntil.getTime() < Date.now()) {
    await refundPinAttempt(db, code);
    return refuse(410, `Voucher expired on ${dateLabel(voucher.validUntil)}`, about, false);
  }

  // The conditional update is the single point of truth: one request wins, every other sees redeemed = true.
  const redeemedAt = await db.transaction(async (tx) => {
    const [won] = await tx
      .update(vouchers)
      .set({ redeemed: true, redeemedAt: new Date(), redeemedBy: actor.id })
      .where(and(eq(vouchers.id, voucher.id), eq(vouchers.redeemed, false)))
      .returning({ redeemedAt: vouchers.redeemedAt });
    if (!won) return null;
    await logAttempt(tx, { code, merchantId, actorUserId: actor.id, success: true, reason: null, ...about });
    await tx.delete(pinFailures).where(eq(pinFailures.voucherCode, code));
    return won.redeemedAt!;
  });
  if (redeemedAt) await refundRateLimitHit(db, budgetKey);
  if (!redeemedAt) {
    await refundPinAttempt(db, code);
    const [now] = await db.select({ redeemedAt: vouchers.redeemedAt }).from(vouchers).where(eq(vouchers.id, voucher.id));
    return refuse(409, `Voucher already redeemed on ${dateLabel(now?.redeemedAt ?? new Date())}`, about, false);
  }
  return {
    ok: true,
    answer: {
      ok: true,
      reason: null,
      voucher: { voucherCode: code, dealTitle: deal.title, priceCents: deal.priceCents, redeemedAt: redeemedAt.toISOString() },
    },
  };
}

const owner = sql<string | null>`(select u.email from users u where u.id = "vouchers"."user_id")`;

/** The log, newest first, one keyset page at a time; `where` narrows it (e.g. to one merchant). */
export async function listRedemptions(
  db: Db,
  params: { limit: number; cursor: DealCursor | null; where?: SQL },
): Promise<{ records: RedemptionRecord[]; nextCursor: string | null }> {
  const conditions: (SQL | undefined)[] = [params.where];
  if (params.cursor) {
    conditions.push(sql`(${redemptions.createdAt}, ${redemptions.id}) < (${params.cursor.createdAt}::timestamptz, ${params.cursor.id}::uuid)`);
  }
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
  const page = rows.slice(0, params.limit);
  const last = page[page.length - 1];
  return {
    records: page.map(({ r, dealTitle, merchantName, userEmail }) => ({
      id: r.id,
      voucher_code: r.voucherCode,
      voucher_pin: null,
      deal_title: dealTitle,
      user_email: userEmail,
      merchant_name: merchantName,
      price_cents: dealTitle === null ? null : r.priceCents,
      success: r.success,
      reason: r.reason,
      created_at: r.createdAt.toISOString(),
    })),
    nextCursor: rows.length > params.limit && last ? encodeCursor({ createdAt: last.cursorTime, id: last.r.id }) : null,
  };
}

/** Totals over the whole log. */
export async function redemptionTotals(db: Db, where?: SQL): Promise<RedemptionSummary> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      successes: sql<number>`count(*) filter (where ${redemptions.success})::int`,
      value: sql<number>`coalesce(sum(${redemptions.priceCents}) filter (where ${redemptions.success}), 0)::int`,
    })
    .from(redemptions)
    .where(where);
  const total = Number(row?.total ?? 0);
  const successes = Number(row?.successes ?? 0);
  return { total, successes, failures: total - successes, redeemedValueCents: Number(row?.value ?? 0) };
}

