/** Public reads of the catalogue: deals shoppers may see, their merchants, their reviews. */
import { and, asc, desc, eq, gte, lte, getTableColumns, is, or, Placeholder, sql, type SQL } from 'drizzle-orm';
import type { Deal, DealSort, ReviewSummary } from '../../contract/deals';
import type { Merchant } from '../../contract/merchants';
import { REVIEWS_SHOWN } from '../../contract/constants';
import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { categories, deals, merchants, reviews, vouchers } from '../db/schema';
import type { Viewer } from '../http/session';
import { UNITS_TAKEN_OF_DEALS } from '../db/stock-reads';
import { dealImageSrc } from '../../contract/deal-images';
import { isKnownPagePath, pageIdOf, routePatterns } from '../../contract/routes';
import { english, msg } from '../i18n';
import type { PagePreview } from '../http/web';

type DealRow = typeof deals.$inferSelect;

/** The units a deal has taken (issued plus held), for the row of the query's "deals" table. */
const UNITS_TAKEN: SQL<number> = UNITS_TAKEN_OF_DEALS;

/** Vouchers issued for the row's deal, ever and since midnight UTC (ADR 011: 'N bought' and 'N sold today'). */
const BOUGHT_COUNT = sql<number>`(select count(*)::int from ${vouchers} where ${vouchers.dealId} = ${deals.id})`;
const SOLD_TODAY_COUNT = sql<number>`(select count(*)::int from ${vouchers} where ${vouchers.dealId} = ${deals.id} and ${vouchers.createdAt} >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC')`;

/** The columns of a deal that a shopper's card and page show. */
type ShownDeal = Pick<
  DealRow,
  | 'id'
  | 'merchantId'
  | 'title'
  | 'description'
  | 'priceCents'
  | 'originalPriceCents'
  | 'imageUrl'
  | 'active'
  | 'status'
  | 'inventory'
  | 'maxPerUser'
  | 'validFrom'
  | 'validUntil'
  | 'redemptionInstructions'
  | 'termsConditions'
  | 'refundAnytime'
  | 'autoRefundOnExpiry'
  | 'groupSize'
  | 'groupPriceCents'
  | 'groupWindowHours'
  | 'galleryUrls'
  | 'rating'
  | 'reviewCount'
  | 'createdAt'
>;

/** What a deal's answer shows of its merchant and category beside the deal's own columns. */
interface ShownRelations {
  merchantName: string;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
  category: { slug: string; name: string; icon: string } | null;
  /** Only in the `nearest` order. */
  distanceKm?: number | null;
}

/** round((1 - price/original) x 100), or null when there is no higher original price (ADR 011). */
export function discountPercent(priceCents: number, originalPriceCents: number | null): number | null {
  if (originalPriceCents === null || originalPriceCents <= 0 || originalPriceCents <= priceCents) return null;
  return Math.round((1 - priceCents / originalPriceCents) * 100);
}

export function presentDeal(row: { deal: ShownDeal; unitsTaken: number; boughtCount: number; soldTodayCount: number } & ShownRelations): Deal {
  const d = row.deal;
  const taken = Number(row.unitsTaken);
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
    remaining: limited ? Math.max(0, d.inventory - taken) : null,
    soldOut: limited && taken >= d.inventory,
    refundAnytime: d.refundAnytime,
    autoRefundOnExpiry: d.autoRefundOnExpiry,
    groupSize: d.groupSize,
    groupPriceCents: d.groupPriceCents,
    groupWindowHours: d.groupWindowHours,
    category: row.category,
    galleryUrls: d.galleryUrls,
    rating: Number(d.rating),
    reviewCount: d.reviewCount,
    soldCount: Number(row.boughtCount),
    city: row.city,
    latitude: row.latitude,
    longitude: row.longitude,
    distanceKm: row.distanceKm === undefined || row.distanceKm === null || !Number.isFinite(Number(row.distanceKm)) ? null : Math.round(Number(row.distanceKm) * 100) / 100,
    createdAt: d.createdAt.toISOString(),
  };
}

/** Escapes LIKE wildcards so a search for '%' or '_' matches those characters literally. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A keyset position: the time the page is ordered by as PostgreSQL keeps it (microseconds, which a
 * JS Date would lose, so rows within one millisecond still page correctly) and the id. The time is
 * the creation time, or the submission time in the review queue's order.
 */
export interface DealCursor {
  createdAt: string;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CURSOR_TIME = /^(\d{4})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{1,6}Z$/;

/** A time of a row as cursor text, in UTC with microseconds. */
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

export type DealRowWithFigures = {
  deal: DealRow;
  merchantStatus: string;
  unitsTaken: number;
  boughtCount: number;
  soldTodayCount: number;
} & ShownRelations;

/** When a deal stops selling, +infinity for a deal without an end: the `ending_soon` key, under its own index. */
const ENDS_AT = sql`coalesce(${deals.validUntil}, 'infinity'::timestamptz)`;

/** The creation time as cursor text, by which every list but the review queue pages. */
const CREATED_CURSOR = cursorTime(deals.createdAt);

/**
 * What every catalogue read selects beside the deal's own columns. The figures are correlated
 * subqueries, which PostgreSQL evaluates after the ORDER BY and LIMIT, so for the page's rows only.
 */
const FIGURES = {
  merchantName: merchants.name,
  city: merchants.city,
  latitude: merchants.latitude,
  longitude: merchants.longitude,
  category: { slug: categories.slug, name: categories.name, icon: categories.icon },
  merchantStatus: merchants.status,
  unitsTaken: UNITS_TAKEN,
  boughtCount: BOUGHT_COUNT,
  soldTodayCount: SOLD_TODAY_COUNT,
};

/**
 * `q` matches the title and description (deals.search_text) or the merchant's name
 * (deals.search_merchant_name, kept by triggers), both lower-case columns of deals under trigram
 * indexes (ADR 025). LIKE with lower(q) is what ILIKE is in a UTF-8 database, without lowering each
 * row read. On one table the two conditions can be read from their indexes together, and the
 * planner estimates from the columns' statistics how many deals match: for a common word it walks
 * the newest-first index until the page is full, for a rare one it reads the matches from the
 * trigram indexes and sorts them. That choice needs the pattern when the query is planned, so a
 * search must not run as a prepared statement's generic plan.
 */
function matching(pattern: string): SQL {
  return or(sql`${deals.searchText} like lower(${pattern})`, sql`${deals.searchMerchantName} like lower(${pattern})`)!;
}

/** Rows strictly after a keyset position, in the newest-first order. */
function after(createdAt: string | Placeholder, id: string | Placeholder): SQL {
  return sql`(${deals.createdAt}, ${deals.id}) < (${createdAt}::timestamptz, ${id}::uuid)`;
}

/** The first `limit` rows, and the cursor after the last of them when one more row was read. */
function pageOf<T>(rows: T[], limit: number, positionOf: (row: T) => DealCursor): { rows: T[]; nextCursor: string | null } {
  const page = rows.length > limit ? rows.slice(0, limit) : rows;
  const last = page[page.length - 1];
  return { rows: page, nextCursor: rows.length > limit && last ? encodeCursor(positionOf(last)) : null };
}

/**
 * The orders a page of every column can come in: newest first (every list), or the review queue's
 * oldest submission first (ADR 028), each with its keyset.
 */
const ORDERS = {
  newest: { orderBy: [desc(deals.createdAt), desc(deals.id)], time: CREATED_CURSOR, after: (c: DealCursor) => after(c.createdAt, c.id) },
  firstSubmitted: {
    orderBy: [asc(deals.submittedAt), asc(deals.id)],
    time: cursorTime(deals.submittedAt),
    after: (c: DealCursor) => sql`(${deals.submittedAt}, ${deals.id}) > (${c.createdAt}::timestamptz, ${c.id}::uuid)`,
  },
};
export type DealOrder = keyof typeof ORDERS;

/** Every column of the deals `where` picks, with the real figures of ADR 011, in `order` (newest first unless told). */
export function selectDealsWithFigures(db: Db, where: SQL | undefined, order: DealOrder = 'newest') {
  return db
    .select({ deal: deals, ...FIGURES, cursorTime: ORDERS[order].time })
    .from(deals)
    .innerJoin(merchants, eq(merchants.id, deals.merchantId))
    .leftJoin(categories, eq(categories.id, deals.categoryId))
    .where(where)
    .orderBy(...ORDERS[order].orderBy);
}

/** One keyset page of deals (every column) with their figures, filtered by `where` and `q`, newest first unless told. */
export async function queryDealPage(
  db: Db,
  params: { where: SQL | undefined; q?: string | undefined; limit: number; cursor?: DealCursor | null | undefined; order?: DealOrder },
): Promise<{ rows: DealRowWithFigures[]; nextCursor: string | null }> {
  const order = params.order ?? 'newest';
  const conditions: (SQL | undefined)[] = [params.where];
  const q = params.q?.trim();
  if (q) conditions.push(matching(likePattern(q)));
  if (params.cursor) conditions.push(ORDERS[order].after(params.cursor));
  const rows = await selectDealsWithFigures(db, and(...conditions), order).limit(params.limit + 1);
  return pageOf(rows, params.limit, (r) => ({ createdAt: r.cursorTime, id: r.deal.id }));
}

/** Shoppers see published deals of active merchants (docs/product/rules.md#listing-and-search); written as literals, so the partial index applies to prepared plans. */
const PUBLISHED_OF_ACTIVE = sql`${deals.status} = 'published' and ${merchants.status} = 'active'`;

/** What a viewer may list: a merchant only its own deals. */
function listableBy(viewer: Viewer | null): SQL {
  if (viewer?.role !== 'merchant') return PUBLISHED_OF_ACTIVE;
  return and(PUBLISHED_OF_ACTIVE, eq(deals.merchantId, viewer.merchantId ?? '00000000-0000-0000-0000-000000000000'))!;
}

/** The columns of a deal the list shows (presentDeal), read without the rest of the row. */
const SHOWN_COLUMNS = {
  id: deals.id,
  merchantId: deals.merchantId,
  title: deals.title,
  description: deals.description,
  priceCents: deals.priceCents,
  originalPriceCents: deals.originalPriceCents,
  imageUrl: deals.imageUrl,
  active: deals.active,
  status: deals.status,
  inventory: deals.inventory,
  maxPerUser: deals.maxPerUser,
  validFrom: deals.validFrom,
  validUntil: deals.validUntil,
  redemptionInstructions: deals.redemptionInstructions,
  termsConditions: deals.termsConditions,
  refundAnytime: deals.refundAnytime,
  autoRefundOnExpiry: deals.autoRefundOnExpiry,
  groupSize: deals.groupSize,
  groupPriceCents: deals.groupPriceCents,
  groupWindowHours: deals.groupWindowHours,
  galleryUrls: deals.galleryUrls,
  rating: deals.rating,
  reviewCount: deals.reviewCount,
  createdAt: deals.createdAt,
};

/** What one row of the shoppers' list selects: the shown columns, merchant and category, the figures, and its keyset position as text. */
function listSelection(cursorKey: SQL<string>, distanceKm: SQL<number | null>) {
  return {
    deal: SHOWN_COLUMNS,
    merchantName: merchants.name,
    city: merchants.city,
    latitude: merchants.latitude,
    longitude: merchants.longitude,
    category: { slug: categories.slug, name: categories.name, icon: categories.icon },
    cursorKey,
    distanceKm,
    unitsTaken: FIGURES.unitsTaken,
    boughtCount: FIGURES.boughtCount,
    soldTodayCount: FIGURES.soldTodayCount,
  };
}

const NO_DISTANCE = sql<number | null>`null::float8`;

/**
 * The keyset orders of the shoppers' list other than `nearest` (ADR 030): each sorts by one key and
 * the id, reads from its own partial index over published deals, and pages by the pair. `key` is the
 * key as cursor text, `after` the rows past a cursor's pair.
 */
const LIST_ORDERS = {
  newest: {
    orderBy: [desc(deals.createdAt), desc(deals.id)],
    key: CREATED_CURSOR,
    after: (key: string, id: string) => after(key, id),
  },
  popular: {
    orderBy: [desc(deals.soldCount), desc(deals.id)],
    key: sql<string>`${deals.soldCount}::text`,
    after: (key: string, id: string) => sql`(${deals.soldCount}, ${deals.id}) < (${key}::int, ${id}::uuid)`,
  },
  price_asc: {
    orderBy: [asc(deals.priceCents), asc(deals.id)],
    key: sql<string>`${deals.priceCents}::text`,
    after: (key: string, id: string) => sql`(${deals.priceCents}, ${deals.id}) > (${key}::int, ${id}::uuid)`,
  },
  price_desc: {
    orderBy: [desc(deals.priceCents), desc(deals.id)],
    key: sql<string>`${deals.priceCents}::text`,
    after: (key: string, id: string) => sql`(${deals.priceCents}, ${deals.id}) < (${key}::int, ${id}::uuid)`,
  },
  ending_soon: {
    orderBy: [asc(ENDS_AT), asc(deals.id)],
    key: sql<string>`case when ${deals.validUntil} is null then 'infinity' else ${cursorTime(deals.validUntil)} end`,
    after: (key: string, id: string) => sql`(${ENDS_AT}, ${deals.id}) > (${key}::timestamptz, ${id}::uuid)`,
  },
} satisfies Record<Exclude<DealSort, 'nearest'>, unknown>;

/** One page of listed deals in `order`: `limit` rows of the shown columns and the figures, filtered by `where`. */
function listedPage(db: Db, where: SQL | undefined, limit: number | Placeholder, order: keyof typeof LIST_ORDERS = 'newest') {
  return db
    .select(listSelection(LIST_ORDERS[order].key, NO_DISTANCE))
    .from(deals)
    .innerJoin(merchants, eq(merchants.id, deals.merchantId))
    .leftJoin(categories, eq(categories.id, deals.categoryId))
    .where(where)
    .orderBy(...LIST_ORDERS[order].orderBy)
    .limit(limit);
}

/**
 * The shoppers' list without a search or filter, newest first (the page everyone opens, and the
 * pages after it), prepared once per database: the SQL is built once and PostgreSQL plans it once
 * per connection.
 */
const shopperFirstPageOf = perDatabase((db) => listedPage(db, PUBLISHED_OF_ACTIVE, sql.placeholder('limit')).prepare('deal_list_first'));
const shopperNextPageOf = perDatabase((db) =>
  listedPage(db, and(PUBLISHED_OF_ACTIVE, after(sql.placeholder('afterTime'), sql.placeholder('afterId'))), sql.placeholder('limit')).prepare(
    'deal_list_next',
  ),
);

/** The SQL of the shoppers' first page for `limit` rows, as the prepared statement sends it (for bench/api's yardstick). */
export function shopperFirstPageSql(db: Db, limit: number): { sql: string; params: unknown[] } {
  const query = listedPage(db, PUBLISHED_OF_ACTIVE, sql.placeholder('limit')).toSQL();
  return { sql: query.sql, params: query.params.map((p) => (is(p, Placeholder) ? limit : p)) };
}

/** The filters of the shoppers' list (docs/product/rules.md#listing-and-search). */
export interface DealFilters {
  category?: string | undefined;
  minPriceCents?: number | undefined;
  maxPriceCents?: number | undefined;
  minRating?: number | undefined;
}

/** A position in one order of the shoppers' list: the order's key as text and the deal's id (and, for `nearest`, the merchant's). */
export interface ListCursor {
  sort: DealSort;
  key: string;
  id: string;
  merchantId?: string;
}

const INTEGER = /^(0|[1-9]\d{0,9})$/;
const DISTANCE = /^(Infinity|\d{1,5}(\.\d+)?(e-?\d+)?)$/;

/** Null for anything that is not a cursor this server made for `sort`. A `newest` cursor is the one every deal list uses (decodeCursor). */
export function decodeListCursor(raw: string, sort: DealSort): ListCursor | null {
  if (sort === 'newest') {
    const c = decodeCursor(raw);
    return c ? { sort, key: c.createdAt, id: c.id } : null;
  }
  const parts = Buffer.from(raw, 'base64url').toString('utf8').split('|');
  if (parts[0] !== sort) return null;
  const id = parts[parts.length - 1] ?? '';
  if (!UUID.test(id)) return null;
  const key = parts[1] ?? '';
  switch (sort) {
    case 'popular':
    case 'price_asc':
    case 'price_desc':
      return parts.length === 3 && INTEGER.test(key) && Number(key) <= 2_147_483_647 ? { sort, key, id } : null;
    case 'ending_soon': {
      if (parts.length !== 3) return null;
      if (key === 'infinity') return { sort, key, id };
      const time = decodeCursor(Buffer.from(`${key}|${id}`, 'utf8').toString('base64url'));
      return time ? { sort, key, id } : null;
    }
    case 'nearest': {
      const merchantId = parts[2] ?? '';
      return parts.length === 4 && DISTANCE.test(key) && UUID.test(merchantId) ? { sort, key, id, merchantId } : null;
    }
  }
}

function encodeListCursor(c: ListCursor): string {
  if (c.sort === 'newest') return encodeCursor({ createdAt: c.key, id: c.id });
  const parts = c.sort === 'nearest' ? [c.sort, c.key, c.merchantId, c.id] : [c.sort, c.key, c.id];
  return Buffer.from(parts.join('|'), 'utf8').toString('base64url');
}

/** The filters as conditions on the deal's own columns, each read from the order's index or its own (ADR 030). */
function filterConditions(f: DealFilters): SQL[] {
  const conditions: SQL[] = [];
  if (f.category !== undefined) conditions.push(sql`${deals.categoryId} = (select ${categories.id} from ${categories} where ${categories.slug} = ${f.category})`);
  if (f.minPriceCents !== undefined) conditions.push(gte(deals.priceCents, f.minPriceCents));
  if (f.maxPriceCents !== undefined) conditions.push(lte(deals.priceCents, f.maxPriceCents));
  if (f.minRating !== undefined) conditions.push(gte(deals.rating, f.minRating));
  return conditions;
}

const hasFilter = (f: DealFilters) => Object.values(f).some((v) => v !== undefined);

const EARTH_RADIUS_KM = 6371.0088;

/** The haversine distance in km from (lat, lng) to the merchant, or +Infinity for a merchant without a position, so those come last. */
function distanceFrom(lat: number, lng: number): SQL<number> {
  const dLat = sql`radians(${merchants.latitude} - ${lat}::float8)`;
  const dLng = sql`radians(${merchants.longitude} - ${lng}::float8)`;
  const a = sql`power(sin(${dLat} / 2), 2) + cos(radians(${lat}::float8)) * cos(radians(${merchants.latitude})) * power(sin(${dLng} / 2), 2)`;
  // least() skips nulls, so a merchant without a position is caught before it.
  return sql<number>`case when ${merchants.latitude} is null or ${merchants.longitude} is null then 'Infinity'::float8 else 2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1::float8, sqrt(${a}))) end`;
}

/**
 * The `nearest` order: active merchants by distance (each distance computed once per merchant, not
 * per deal), then each merchant's deals by id, read from deals_published_merchant_idx, a page's worth
 * at most per merchant. The keyset is (distance, merchant id, deal id).
 */
async function nearestPage(db: Db, p: { lat: number; lng: number; where: SQL[]; limit: number; cursor: ListCursor | null }) {
  const distance = distanceFrom(p.lat, p.lng);
  const c = p.cursor;
  // Spelled out: drizzle leaves a subquery's columns unqualified, and inside the lateral subquery an
  // unqualified merchant_id would be the deal's own.
  const nearId = sql<string>`"near"."merchant_id"`;
  const nearDistance = sql<number>`"near"."distance"`;
  const pickedId = sql<string>`"pick"."deal_id"`;
  // Merchants in order, so the page below can stop at the first merchants that fill it.
  const near = db
    .select({ merchantId: sql<string>`${merchants.id}`.as('merchant_id'), distance: distance.as('distance') })
    .from(merchants)
    .where(and(eq(merchants.status, 'active'), c ? sql`(${distance}, ${merchants.id}) >= (${c.key}::float8, ${c.merchantId}::uuid)` : undefined))
    .orderBy(asc(distance), asc(merchants.id))
    .as('near');
  const pick = db
    .select({ dealId: sql<string>`${deals.id}`.as('deal_id') })
    .from(deals)
    .where(
      and(
        eq(deals.merchantId, nearId),
        sql`${deals.status} = 'published'`,
        ...p.where,
        c ? sql`(${nearId} <> ${c.merchantId}::uuid or ${deals.id} > ${c.id}::uuid)` : undefined,
      ),
    )
    .orderBy(asc(deals.id))
    .limit(p.limit)
    .as('pick');
  // The page's deal ids first, then their columns and figures: the figures are counted for the page's rows only.
  const page = db
    .select({ dealId: sql<string>`${pickedId}`.as('page_deal_id'), merchantId: sql<string>`${nearId}`.as('page_merchant_id'), distance: sql<number>`${nearDistance}`.as('page_distance') })
    .from(near)
    .innerJoinLateral(pick, sql`true`)
    .orderBy(asc(nearDistance), asc(nearId), asc(pickedId))
    .limit(p.limit)
    .as('page');
  const pageDistance = sql<number>`"page"."page_distance"`;
  return db
    .select(listSelection(sql<string>`${pageDistance}::text`, sql<number | null>`${pageDistance}`))
    .from(page)
    .innerJoin(deals, eq(deals.id, sql`"page"."page_deal_id"`))
    .innerJoin(merchants, eq(merchants.id, deals.merchantId))
    .leftJoin(categories, eq(categories.id, deals.categoryId))
    .orderBy(asc(pageDistance), asc(sql`"page"."page_merchant_id"`), asc(sql`"page"."page_deal_id"`));
}

export interface DealListParams extends DealFilters {
  q?: string | undefined;
  limit: number;
  cursor?: ListCursor | null | undefined;
  viewer: Viewer | null;
  sort?: DealSort | undefined;
  lat?: number | undefined;
  lng?: number | undefined;
}

/**
 * Published deals of active merchants (a merchant's own only, for a merchant), filtered, searched by
 * `q`, in one of the orders of DealSort (newest first unless told), a keyset page at a time.
 */
export async function listDeals(db: Db, params: DealListParams): Promise<DealPage> {
  const q = params.q?.trim();
  const sort = params.sort ?? 'newest';
  const limit = params.limit + 1;
  const cursor = params.cursor ?? null;
  const filters: DealFilters = { category: params.category, minPriceCents: params.minPriceCents, maxPriceCents: params.maxPriceCents, minRating: params.minRating };
  let rows;
  if (sort === 'newest' && !q && !hasFilter(filters) && params.viewer?.role !== 'merchant') {
    rows = cursor
      ? await shopperNextPageOf(db).execute({ limit, afterTime: cursor.key, afterId: cursor.id })
      : await shopperFirstPageOf(db).execute({ limit });
  } else {
    const conditions: SQL[] = [listableBy(params.viewer), ...filterConditions(filters)];
    if (q) conditions.push(matching(likePattern(q)));
    if (sort === 'nearest') {
      if (params.lat === undefined || params.lng === undefined) throw new Error('nearest needs lat and lng');
      rows = await nearestPage(db, { lat: params.lat, lng: params.lng, where: conditions.slice(1).concat(merchantOnly(params.viewer)), limit, cursor });
    } else {
      if (sort === 'ending_soon') conditions.push(sql`${ENDS_AT} > now()`);
      if (cursor) conditions.push(LIST_ORDERS[sort].after(cursor.key, cursor.id));
      rows = await listedPage(db, and(...conditions), limit, sort);
    }
  }
  const page = rows.length > params.limit ? rows.slice(0, params.limit) : rows;
  const last = page[page.length - 1];
  const nextCursor =
    rows.length > params.limit && last ? encodeListCursor({ sort, key: last.cursorKey, id: last.deal.id, merchantId: last.deal.merchantId }) : null;
  return { deals: page.map(presentDeal), nextCursor };
}

/** For a merchant's own list in the `nearest` order: its deals only (the merchants' status is checked by the order itself). */
function merchantOnly(viewer: Viewer | null): SQL[] {
  return viewer?.role === 'merchant' ? [eq(deals.merchantId, viewer.merchantId ?? '00000000-0000-0000-0000-000000000000')] : [];
}

/** Whether shoppers may see a deal: published, by an active merchant (docs/product/rules.md#listing-and-search). */
export const isListed = (deal: { status: string }, merchantStatus: string) => deal.status === 'published' && merchantStatus === 'active';

/**
 * One deal a shopper may see; superadmins and the owning merchant's owner also see unpublished ones. Its
 * staff, who only redeem, see what shoppers see (no drafts, nor their reviews).
 */
export async function getDeal(db: Db, id: string, viewer: Viewer | null): Promise<Deal | null> {
  const { rows } = await queryDealPage(db, { where: eq(deals.id, id), limit: 1 });
  const row = rows[0];
  if (!row) return null;
  const privileged =
    viewer?.role === 'superadmin' || (viewer?.role === 'merchant' && viewer.merchantRole === 'owner' && viewer.merchantId === row.deal.merchantId);
  return isListed(row.deal, row.merchantStatus) || privileged ? presentDeal(row) : null;
}

/**
 * The deal page's HTML for a deal a guest may see: its title, price and picture as a shared link's preview, and the
 * picture named for download at high priority, so it arrives with the app's code rather than after it.
 */
export async function dealPagePreview(db: Db, origin: string, pathname: string): Promise<PagePreview | 'missing' | null> {
  const id = pageIdOf(routePatterns.deal, pathname);
  if (!id) return isKnownPagePath(pathname) && pathname.startsWith('/deal/') ? 'missing' : null;
  const deal = await getDeal(db, id, null);
  if (!deal) return 'missing';
  const image = dealImageSrc(deal);
  const price = { price: deal.priceCents, merchant: deal.merchantName };
  return {
    title: deal.title,
    description: english(
      deal.originalPriceCents !== null && deal.originalPriceCents > deal.priceCents
        ? msg('preview.deal', { ...price, original: deal.originalPriceCents })
        : msg('preview.dealAtPrice', price),
    ),
    image: new URL(image, origin).toString(),
    url: new URL(pathname, origin).toString(),
    preloadImage: image,
  };
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
    city: m.city,
    latitude: m.latitude,
    longitude: m.longitude,
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

// Spelled out: drizzle would leave these columns unqualified inside a correlated subquery.
const reviewerUsedDeal = sql<boolean>`exists (select 1 from vouchers v where v.deal_id = "reviews"."deal_id" and v.user_id = "reviews"."user_id" and v.redeemed)`;

/** Average, 1-5 distribution and the newest reviews of a deal (ADR 011), each marked verified when its author redeemed a voucher of it. */
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
    .select({ ...getTableColumns(reviews), verified: reviewerUsedDeal })
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
      verified: Boolean(r.verified),
    })),
  };
}
