/** Public reads of the catalogue: deals shoppers may see, their merchants, their reviews. */
import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Deal, ReviewSummary } from '../../contract/deals';
import type { Merchant } from '../../contract/merchants';
import { REVIEWS_SHOWN } from '../../contract/constants';
import type { Db } from '../db/client';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { deals, merchants, reviews, vouchers } from '../db/schema';

/** Who is asking, as far as the catalogue cares. */
export interface Viewer {
  role: 'customer' | 'merchant' | 'superadmin';
  merchantId: string | null;
}

type DealRow = typeof deals.$inferSelect;

/** round((1 - price/original) x 100), or null when there is no higher original price (D2). */
export function discountPercent(priceCents: number, originalPriceCents: number | null): number | null {
  if (originalPriceCents === null || originalPriceCents <= 0 || originalPriceCents <= priceCents) return null;
  return Math.round((1 - priceCents / originalPriceCents) * 100);
}

export function presentDeal(row: { deal: DealRow; merchantName: string; boughtCount: number; soldTodayCount: number }): Deal {
  const d = row.deal;
  const limited = d.inventory > 0;
  return {
    id: d.id,
    merchantId: d.merchantId,
    merchantName: row.merchantName,
    title: d.title,
    description: d.description,
    priceCents: d.priceCents,
    originalPriceCents: d.originalPriceCents,
    discountPercent: discountPercent(d.priceCents, d.originalPriceCents),
    imageUrl: d.imageUrl,
    active: d.active,
    status: d.status,
    inventory: d.inventory,
    maxPerUser: d.maxPerUser,
    validFrom: d.validFrom?.toISOString() ?? null,
    validUntil: d.validUntil?.toISOString() ?? null,
    redemptionInstructions: d.redemptionInstructions,
    termsConditions: d.termsConditions,
    boughtCount: Number(row.boughtCount),
    soldTodayCount: Number(row.soldTodayCount),
    remaining: limited ? Math.max(0, d.inventory - d.unitsTaken) : null,
    soldOut: limited && d.unitsTaken >= d.inventory,
    createdAt: d.createdAt.toISOString(),
  };
}

/** Shoppers see published deals of active merchants; a merchant sees only its own (D8). */
function visibleToShoppers(viewer: Viewer | null): SQL {
  const base = and(eq(deals.status, 'published'), eq(merchants.status, 'active'))!;
  if (viewer?.role === 'merchant') return and(base, eq(deals.merchantId, viewer.merchantId ?? '00000000-0000-0000-0000-000000000000'))!;
  return base;
}

/** Escapes LIKE wildcards so a search for '%' or '_' matches those characters literally. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A keyset position: the creation time as PostgreSQL keeps it (microseconds, which a JS Date would
 * lose, so rows created within one millisecond still page correctly) and the id.
 */
export interface DealCursor {
  createdAt: string;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CURSOR_TIME = /^(\d{4})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{1,6}Z$/;

/** The creation time of a row as cursor text, in UTC with microseconds. */
export const cursorTime = (column: SQL | AnyPgColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export function encodeCursor(c: DealCursor): string {
  return Buffer.from(`${c.createdAt}|${c.id}`, 'utf8').toString('base64url');
}

/** Null for anything that is not a cursor this server made. */
export function decodeCursor(raw: string): DealCursor | null {
  const text = Buffer.from(raw, 'base64url').toString('utf8');
  const [createdAt, id, ...rest] = text.split('|');
  if (rest.length > 0 || !createdAt || !id || !UUID.test(id)) return null;
  const match = CURSOR_TIME.exec(createdAt);
  const year = match ? Number(match[1]) : 0;
  if (year < 1970 || year > 9999 || Number.isNaN(Date.parse(createdAt))) return null;
  return { createdAt, id };
}

export interface DealPage<T = Deal> {
  deals: T[];
  nextCursor: string | null;
}

export type DealRowWithFigures = { deal: DealRow; merchantName: string; merchantStatus: string; boughtCount: number; soldTodayCount: number };

/**
 * One keyset page of deals, newest first, with the D2 figures. `q` matches title and description
 * (trigram index on deals.search_text) or the merchant's name (trigram index on merchants.name).
 * The page is chosen first and the voucher counts are read for its rows only.
 */
export async function queryDealPage(
  db: Db,
  params: { where: SQL | undefined; q?: string | undefined; limit: number; cursor?: DealCursor | null | undefined },
): Promise<{ rows: DealRowWithFigures[]; nextCursor: string | null }> {
  const conditions: (SQL | undefined)[] = [params.where];
  const q = params.q?.trim();
  if (q) {
    const pattern = likePattern(q);
    // = ANY(ARRAY(...)) rather than IN (SELECT ...), so the planner can combine both trigram indexes.
    conditions.push(
      or(
        sql`${deals.searchText} ilike ${pattern}`,
        sql`${deals.merchantId} = any(array(select m.id from merchants m where m.name ilike ${pattern}))`,
      ),
    );
  }
  if (params.cursor) {
    conditions.push(sql`(${deals.createdAt}, ${deals.id}) < (${params.cursor.createdAt}::timestamptz, ${params.cursor.id}::uuid)`);
  }
  const rows = await db
    .select({ deal: deals, merchantName: merchants.name, merchantStatus: merchants.status, cursorTime: cursorTime(deals.createdAt) })
    .from(deals)
    .innerJoin(merchants, eq(merchants.id, deals.merchantId))
    .where(and(...conditions))
    .orderBy(desc(deals.createdAt), desc(deals.id))
    .limit(params.limit + 1);
  const page = rows.slice(0, params.limit);
  const counts = await voucherCounts(db, page.map((r) => r.deal.id));
  const last = page[page.length - 1];
  return {
    rows: page.map((r) => ({ ...r, boughtCount: counts.get(r.deal.id)?.bought ?? 0, soldTodayCount: counts.get(r.deal.id)?.today ?? 0 })),
    nextCursor: rows.length > params.limit && last ? encodeCursor({ createdAt: last.cursorTime, id: last.deal.id }) : null,
  };
}

/** Vouchers issued per deal, ever and since midnight UTC (D2's 'N bought' and 'N sold today'). */
async function voucherCounts(db: Db, dealIds: string[]): Promise<Map<string, { bought: number; today: number }>> {
  if (dealIds.length === 0) return new Map();
  const rows = await db
    .select({
      dealId: vouchers.dealId,
      bought: sql<number>`count(*)::int`,
      today: sql<number>`(count(*) filter (where ${vouchers.createdAt} >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'))::int`,
    })
    .from(vouchers)
    .where(inArray(vouchers.dealId, dealIds))
    .groupBy(vouchers.dealId);
  return new Map(rows.map((r) => [r.dealId, { bought: Number(r.bought), today: Number(r.today) }]));
}

/** Published deals of active merchants (a merchant's own only, for a merchant), newest first, filtered by `q`. */
export async function listDeals(
  db: Db,
  params: { q?: string | undefined; limit: number; cursor?: DealCursor | null | undefined; viewer: Viewer | null },
): Promise<DealPage> {
  const { rows, nextCursor } = await queryDealPage(db, { ...params, where: visibleToShoppers(params.viewer) });
  return { deals: rows.map(presentDeal), nextCursor };
}

/** One deal a shopper may see; superadmins and the owning merchant also see unpublished ones. */
export async function getDeal(db: Db, id: string, viewer: Viewer | null): Promise<Deal | null> {
  const { rows } = await queryDealPage(db, { where: eq(deals.id, id), limit: 1 });
  const row = rows[0];
  if (!row) return null;
  const publicOk = row.deal.status === 'published' && row.merchantStatus === 'active';
  const privileged =
    viewer?.role === 'superadmin' || (viewer?.role === 'merchant' && viewer.merchantId === row.deal.merchantId);
  return publicOk || privileged ? presentDeal(row) : null;
}

export function presentMerchant(m: typeof merchants.$inferSelect): Merchant {
  return {
    id: m.id,
    name: m.name,
    phone: m.phone,
    address: m.address,
    description: m.description,
    status: m.status,
    businessHours: m.businessHours && Object.keys(m.businessHours).length > 0 ? JSON.stringify(m.businessHours) : null,
    createdAt: m.createdAt.toISOString(),
  };
}

/** Active merchants, by name. */
export async function listMerchants(db: Db): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: merchants.id, name: merchants.name })
    .from(merchants)
    .where(eq(merchants.status, 'active'))
    .orderBy(merchants.name);
}

/** An active merchant's card (any merchant for a superadmin). */
export async function getMerchant(db: Db, id: string, viewer: Viewer | null): Promise<Merchant | null> {
  const [m] = await db.select().from(merchants).where(eq(merchants.id, id)).limit(1);
  if (!m) return null;
  if (m.status !== 'active' && viewer?.role !== 'superadmin' && viewer?.merchantId !== m.id) return null;
  return presentMerchant(m);
}

/** Initials of a display name, for the review avatar. */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.slice(0, 2).map((p) => p[0]!.toUpperCase());
  return letters.join('') || '?';
}

/** Average, 1-5 distribution and the newest reviews of a deal (D2). */
export async function getReviewSummary(db: Db, dealId: string): Promise<ReviewSummary> {
  const stats = await db
    .select({ rating: reviews.rating, count: sql<number>`count(*)::int` })
    .from(reviews)
    .where(eq(reviews.dealId, dealId))
    .groupBy(reviews.rating);
  const distribution = [0, 0, 0, 0, 0];
  let total = 0;
  let sum = 0;
  for (const s of stats) {
    distribution[s.rating - 1] = Number(s.count);
    total += Number(s.count);
    sum += s.rating * Number(s.count);
  }
  const latest = await db
    .select()
    .from(reviews)
    .where(eq(reviews.dealId, dealId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(REVIEWS_SHOWN);
  return {
    average: total > 0 ? Math.round((sum / total) * 10) / 10 : null,
    count: total,
    distribution,
    reviews: latest.map((r) => ({
      id: r.id,
      userName: r.authorName,
      userAvatar: initials(r.authorName),
      rating: r.rating,
      comment: r.comment,
      date: r.createdAt.toISOString(),
    })),
  };
}
