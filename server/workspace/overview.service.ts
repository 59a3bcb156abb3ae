/**
 * The figures of the merchant's home (ADR 028), each counted by the database: one aggregate each for
 * vouchers issued, refunds and the value redeemed, one query grouped by deal, and one per chart
 * grouped by UTC day. Days without anything are filled with zeros here, so the charts always show
 * MERCHANT_CHART_DAYS days, today last.
 */
import { and, desc, eq, gte, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { MERCHANT_CHART_DAYS } from '../../contract/constants';
import type { MerchantDay, MerchantOverview } from '../../contract/workspace';
import type { Db } from '../db/client';
import { deals, merchants, redemptions, refunds, vouchers } from '../db/schema';
import { notFound } from '../http/errors';
import { msg } from '../i18n';

const DAY_MS = 86_400_000;

/** yyyy-MM-dd of a UTC day. */
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const dayOf = (column: AnyPgColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;
const count = (filter?: SQL) => (filter ? sql<number>`count(*) filter (where ${filter})::int` : sql<number>`count(*)::int`);

/** A redemption that stands: successful, and not taken back. */
const standing = and(eq(redemptions.success, true), isNull(redemptions.undoneAt))!;

/** The merchant's home: today, totals, every deal with its figures, and the days of the charts. */
export async function merchantOverview(db: Db, merchantId: string, now = new Date()): Promise<MerchantOverview> {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const since = new Date(today.getTime() - (MERCHANT_CHART_DAYS - 1) * DAY_MS);
  const ownVoucher = eq(deals.merchantId, merchantId);

  const [merchant] = await db.select({ name: merchants.name }).from(merchants).where(eq(merchants.id, merchantId));
  if (!merchant) throw notFound(msg('notFound.merchant'));
  const [issued] = await db
    .select({ sold: count(), outstanding: count(eq(vouchers.status, 'active')) })
    .from(vouchers)
    .innerJoin(deals, eq(deals.id, vouchers.dealId))
    .where(ownVoucher);
  const [refunded] = await db
    .select({ count: count(), cents: sql<string>`coalesce(sum(${refunds.amountCents}), 0)::bigint`, today: count(gte(refunds.settledAt, today)) })
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

  const soldDay = dayOf(vouchers.createdAt);
  const soldByDay = await db
    .select({ date: soldDay, n: count() })
    .from(vouchers)
    .innerJoin(deals, eq(deals.id, vouchers.dealId))
    .where(and(ownVoucher, gte(vouchers.createdAt, since)))
    .groupBy(soldDay);
  const redeemedDay = dayOf(redemptions.createdAt);
  const redeemedByDay = await db
    .select({ date: redeemedDay, n: count() })
    .from(redemptions)
    .where(and(eq(redemptions.merchantId, merchantId), standing, gte(redemptions.createdAt, since)))
    .groupBy(redeemedDay);

  const byDate = (rows: { date: string; n: number }[]) => new Map(rows.map((r) => [r.date, Number(r.n)]));
  const sold = byDate(soldByDay);
  const redeemed = byDate(redeemedByDay);
  const days: MerchantDay[] = Array.from({ length: MERCHANT_CHART_DAYS }, (_, i) => {
    const date = isoDay(new Date(since.getTime() + i * DAY_MS));
    return { date, unitsSold: sold.get(date) ?? 0, redemptions: redeemed.get(date) ?? 0 };
  });
  const last = days[days.length - 1]!;

  return {
    merchantName: merchant.name,
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
