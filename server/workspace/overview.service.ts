/**
 * The figures of the merchant's home (ADR 028), each counted by the database: one aggregate each for
 * vouchers issued, refunds and the value redeemed, one query grouped by deal, and one per chart
 * grouped by day. Days are the merchant's (ADR 039): calendar days in its time zone, from its midnight
 * to the next, so "today" turns at the merchant's midnight whatever the server's zone. Days without
 * anything are filled with zeros here, so the charts always show MERCHANT_CHART_DAYS days, today last.
 */
import { and, desc, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { MERCHANT_CHART_DAYS } from '../../contract/constants';
import { isoDayOf, startOfZonedDay, zonedDate } from '../../contract/time-zones';
import type { MerchantClock, MerchantDay, MerchantOverview } from '../../contract/workspace';
import type { Db } from '../db/client';
import { deals, merchants, redemptions, refunds, vouchers } from '../db/schema';
import { notFound } from '../http/errors';
import { msg } from '../i18n';

/** yyyy-MM-dd of the day a timestamp falls on in a zone. */
const dayOf = (column: AnyPgColumn, zone: string) => sql<string>`to_char(${column} at time zone ${zone}, 'YYYY-MM-DD')`;
const count = (filter?: SQL) => (filter ? sql<number>`count(*) filter (where ${filter})::int` : sql<number>`count(*)::int`);
/** Within [from, until). */
const within = (column: AnyPgColumn, from: Date, until: Date) => and(gte(column, from), lt(column, until))!;

/** A redemption that stands: successful, and not taken back. */
const standing = and(eq(redemptions.success, true), isNull(redemptions.undoneAt))!;

/** The merchant's name and clock, or 404 when it no longer exists. */
async function merchantOf(db: Db, merchantId: string): Promise<{ name: string; timeZone: string }> {
  const [merchant] = await db.select({ name: merchants.name, timeZone: merchants.timeZone }).from(merchants).where(eq(merchants.id, merchantId));
  if (!merchant) throw notFound(msg('notFound.merchant'));
  return merchant;
}

/** The merchant's zone and the time now, for the screens that show its times (owner and staff). */
export async function merchantClock(db: Db, merchantId: string, now: Date): Promise<MerchantClock> {
  const { timeZone } = await merchantOf(db, merchantId);
  return { timeZone, now: now.toISOString() };
}

/** The merchant's home: today, totals, every deal with its figures, and the days of the charts. */
export async function merchantOverview(db: Db, merchantId: string, now = new Date()): Promise<MerchantOverview> {
  const merchant = await merchantOf(db, merchantId);
  const zone = merchant.timeZone;
  // Today runs from the merchant's midnight to the next (23 or 25 hours on a day its clocks change).
  const today = startOfZonedDay(now, zone);
  const tomorrow = startOfZonedDay(now, zone, 1);
  const since = startOfZonedDay(now, zone, -(MERCHANT_CHART_DAYS - 1));
  const ownVoucher = eq(deals.merchantId, merchantId);
  const [issued] = await db
    .select({ sold: count(), outstanding: count(eq(vouchers.status, 'active')) })
    .from(vouchers)
    .innerJoin(deals, eq(deals.id, vouchers.dealId))
    .where(ownVoucher);
  const [refunded] = await db
    .select({ count: count(), cents: sql<string>`coalesce(sum(${refunds.amountCents}), 0)::bigint`, today: count(within(refunds.settledAt, today, tomorrow)) })
    .from(refunds)
    .innerJoin(vouchers, eq(vouchers.id, refunds.voucherId))
    .innerJoin(deals, eq(deals.id, vouchers.dealId))
    .where(and(ownVoucher, eq(refunds.status, 'succeeded')));
  // The log keeps each voucher's price paid (its order line's, the group price for a group member), not the deal's.
  const [redeemedValue] = await db
    .select({ cents: sql<string>`coalesce(sum(${redemptions.priceCents}), 0)::bigint` })
    .from(redemptions)
    .where(and(eq(redemptions.merchantId, merchantId), standing));

  const dealRows = await db
    .select({
      id: deals.id,
      title: deals.title,
      status: deals.status,
      active: deals.active,
      priceCents: deals.priceCents,
      sold: sql<number>`count(${vouchers.id})::int`,
      redeemed: count(eq(vouchers.status, 'redeemed')),
      refunded: count(eq(vouchers.status, 'refunded')),
      outstanding: count(eq(vouchers.status, 'active')),
    })
    .from(deals)
    .leftJoin(vouchers, eq(vouchers.dealId, deals.id))
    .where(eq(deals.merchantId, merchantId))
    .groupBy(deals.id)
    .orderBy(desc(deals.createdAt), desc(deals.id));

  const soldDay = dayOf(vouchers.createdAt, zone);
  const soldByDay = await db
    .select({ date: soldDay, n: count() })
    .from(vouchers)
    .innerJoin(deals, eq(deals.id, vouchers.dealId))
    .where(and(ownVoucher, within(vouchers.createdAt, since, tomorrow)))
    // By the first column: the zone is a parameter, and the same expression twice would be two.
    .groupBy(sql`1`);
  const redeemedDay = dayOf(redemptions.createdAt, zone);
  const redeemedByDay = await db
    .select({ date: redeemedDay, n: count() })
    .from(redemptions)
    .where(and(eq(redemptions.merchantId, merchantId), standing, within(redemptions.createdAt, since, tomorrow)))
    .groupBy(sql`1`);

  const byDate = (rows: { date: string; n: number }[]) => new Map(rows.map((r) => [r.date, Number(r.n)]));
  const sold = byDate(soldByDay);
  const redeemed = byDate(redeemedByDay);
  const first = zonedDate(since, zone);
  const days: MerchantDay[] = Array.from({ length: MERCHANT_CHART_DAYS }, (_, i) => {
    const date = isoDayOf(first.year, first.month, first.day + i);
    return { date, unitsSold: sold.get(date) ?? 0, redemptions: redeemed.get(date) ?? 0 };
  });
  const last = days[days.length - 1]!;

  return {
    merchantName: merchant.name,
    timeZone: zone,
    today: { redemptions: last.redemptions, unitsSold: last.unitsSold, refunds: Number(refunded!.today) },
    totals: {
      unitsSold: Number(issued!.sold),
      vouchersOutstanding: Number(issued!.outstanding),
      refunds: Number(refunded!.count),
      refundedCents: Number(refunded!.cents),
      redeemedCents: Number(redeemedValue!.cents),
    },
    deals: dealRows.map((d) => ({
      id: d.id,
      title: d.title,
      status: d.status,
      active: d.active,
      priceCents: d.priceCents,
      sold: Number(d.sold),
      redeemed: Number(d.redeemed),
      refunded: Number(d.refunded),
      outstanding: Number(d.outstanding),
    })),
    days,
  };
}
