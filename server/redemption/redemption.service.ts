/**
 * Redemption by code and PIN (DECISIONS.md D6): exactly once per voucher under any concurrency,
 * PIN guessing locked out, and every attempt written to the log.
 */
import { and, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import { format } from 'date-fns';
import { PIN_LOCK_MINUTES, PIN_MAX_FAILURES } from '../../contract/constants';
import type { RedeemAnswer, RedemptionRecord, RedemptionSummary } from '../../contract/redemption';
import { queryRows, type Db } from '../db/client';
import { deals, merchants, pinFailures, redemptions, vouchers } from '../db/schema';
import { hitRateLimit, formatWait } from '../http/rate-limit';
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

/** Failures so far in the merchant's window, without counting a new one. */
async function merchantFailures(db: Db, merchantId: string): Promise<{ count: number; retry: number }> {
  const [row] = await queryRows<{ count: number; retry: number }>(
    db,
    sql`select count, ceil(extract(epoch from (window_ends_at - now())))::int as retry
        from rate_limits where key = ${`redeem-failures:${merchantId}`} and window_ends_at > now()`,
  );
  return row ?? { count: 0, retry: 0 };
}

const dateLabel = (d: Date) => format(d, 'MMM d, yyyy');

/**
 * Redeems a voucher for the merchant of the session. Refusals come back with a reason (and an
 * HTTP status for the API); they are logged just like successes.
 */
export async function redeemVoucher(db: Db, actor: UserRow, input: { code: string; pin: string; merchantId?: string | null | undefined }): Promise<RedeemOutcome> {
  const code = input.code.trim().toUpperCase();
  const merchantId = actor.role === 'merchant' ? actor.merchantId : null;
  const refuse = async (status: number, reason: string, extra: Partial<Attempt> = {}, countsAsFailure = true): Promise<RedeemOutcome> => {
    await logAttempt(db, { code, merchantId, actorUserId: actor.id, success: false, reason, ...extra });
    if (countsAsFailure && merchantId) {
      await hitRateLimit(db, `redeem-failures:${merchantId}`, MERCHANT_FAILURE_BUDGET.failures, MERCHANT_FAILURE_BUDGET.windowSeconds);
    }
    return { ok: false, refusal: { status, reason } };
  };

  if (!merchantId) return refuse(403, NO_MERCHANT_REASON, {}, false);
  if (input.merchantId && input.merchantId !== merchantId) return refuse(403, 'merchantId does not match your account', {}, false);

  const budget = await merchantFailures(db, merchantId);
  if (budget.count >= MERCHANT_FAILURE_BUDGET.failures) {
    return refuse(429, `Too many failed attempts. Please try again in ${formatWait(Math.max(1, budget.retry))}.`, {}, false);
  }

  const [found] = await db
    .select({ voucher: vouchers, deal: deals })
    .from(vouchers)
    .innerJoin(deals, eq(deals.id, vouchers.dealId))
    .where(eq(vouchers.code, code))
    .limit(1);
  if (!found) return refuse(404, 'Voucher not found');
  const { voucher, deal } = found;
  const about = { voucherId: voucher.id, dealId: deal.id, priceCents: deal.priceCents };

  // Another merchant's voucher is refused before the PIN is looked at, so it reveals nothing about it.
  if (deal.merchantId !== merchantId) return refuse(403, 'This voucher belongs to another merchant', about);

  const [lock] = await db
    .select({ lockedUntil: pinFailures.lockedUntil })
    .from(pinFailures)
    .where(and(eq(pinFailures.voucherCode, code), gt(pinFailures.lockedUntil, new Date())));
  if (lock?.lockedUntil) {
    const minutes = Math.max(1, Math.ceil((lock.lockedUntil.getTime() - Date.now()) / 60_000));
    return refuse(429, `Too many wrong PINs for this voucher. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, about);
  }

  if (input.pin !== voucher.pin) {
    // Counting and locking is one atomic upsert, so parallel guesses cannot get past the limit.
    const [counted] = await queryRows<{ failures: number }>(
      db,
      sql`insert into pin_failures (voucher_code, failures, locked_until, updated_at)
          values (${code}, 1, null, now())
          on conflict (voucher_code) do update set
            failures = case when pin_failures.locked_until is not null and pin_failures.locked_until <= now() then 1 else pin_failures.failures + 1 end,
            locked_until = case
              when (case when pin_failures.locked_until is not null and pin_failures.locked_until <= now() then 1 else pin_failures.failures + 1 end) >= ${PIN_MAX_FAILURES}
              then now() + make_interval(mins => ${PIN_LOCK_MINUTES}) else null end,
            updated_at = now()
          returning failures`,
    );
    const left = PIN_MAX_FAILURES - (counted?.failures ?? PIN_MAX_FAILURES);
    return refuse(
      400,
      left > 0 ? `Incorrect PIN (${left} attempt${left === 1 ? '' : 's'} left)` : `Incorrect PIN. This voucher is locked for ${PIN_LOCK_MINUTES} minutes.`,
      about,
    );
  }

  if (voucher.redeemed && voucher.redeemedAt) return refuse(409, `Voucher already redeemed on ${dateLabel(voucher.redeemedAt)}`, about, false);
  if (voucher.validUntil.getTime() < Date.now()) return refuse(410, `Voucher expired on ${dateLabel(voucher.validUntil)}`, about, false);

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
  if (!redeemedAt) {
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
    .leftJoin(deals, eq(deals.id, redemptions.dealId))
    .leftJoin(merchants, eq(merchants.id, redemptions.merchantId))
    .leftJoin(vouchers, eq(vouchers.id, redemptions.voucherId))
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
      price_cents: r.priceCents,
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

