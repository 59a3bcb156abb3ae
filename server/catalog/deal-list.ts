/**
 * The shoppers' deal list (docs/product/rules.md#listing-and-search; ADR 017, 025, 030): listed deals
 * (a merchant's own only, for a merchant), filtered on the deals' own columns, searched, in one of the
 * orders of DealSort, each with its own keyset, cursor and index, a page at a time. The catalogue's
 * own: only its routes (and the benchmarks) use it.
 */
import { and, asc, desc, eq, gte, lte, is, Placeholder, sql, type SQL } from 'drizzle-orm';
import type { DealSort } from '../../contract/deals';
import type { Db } from '../db/client';
import { cursorTime, decodeCursor, decodeParts, encodeCursor, encodeParts, isCursorTime, pageOf, UUID } from '../db/keyset';
import { perDatabase } from '../db/prepared';
import { categories, deals, merchants } from '../db/schema';
import type { Viewer } from '../http/session';
import type { Language } from '../i18n';
import { after, CREATED_CURSOR, ENDS_AT, FIGURES, likePattern, SHOWN_COLUMNS } from './deal-query';
import { presentDeal, type DealPage } from './deals.service';
import { ACTIVE_MERCHANT, LISTED, PUBLISHED } from './listed.service';

/** What a viewer may list: a merchant only its own deals. */
function listableBy(viewer: Viewer | null): SQL {
  if (viewer?.role !== 'merchant') return LISTED;
  return and(LISTED, eq(deals.merchantId, viewer.merchantId ?? '00000000-0000-0000-0000-000000000000'))!;
}

/** What one row of the shoppers' list selects: the shown columns, merchant and category, the figures, and its keyset position as text. */
function listSelection(cursorKey: SQL<string>, distanceKm: SQL<number | null>) {
  return {
    deal: SHOWN_COLUMNS,
    merchantName: merchants.name,
    city: merchants.city,
    latitude: merchants.latitude,
    longitude: merchants.longitude,
    category: { slug: categories.slug, name: categories.name, nameZh: categories.nameZh, icon: categories.icon },
    cursorKey,
    distanceKm,
    unitsTaken: FIGURES.unitsTaken,
    boughtCount: FIGURES.boughtCount,
    soldTodayCount: FIGURES.soldTodayCount,
    openGroupCount: FIGURES.openGroupCount,
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
const shopperFirstPageOf = perDatabase((db) => listedPage(db, LISTED, sql.placeholder('limit')).prepare('deal_list_first'));
const shopperNextPageOf = perDatabase((db) =>
  listedPage(db, and(LISTED, after(sql.placeholder('afterTime'), sql.placeholder('afterId'))), sql.placeholder('limit')).prepare('deal_list_next'),
);

/** The SQL of the shoppers' first page for `limit` rows, as the prepared statement sends it (for bench/api's yardstick). */
export function shopperFirstPageSql(db: Db, limit: number): { sql: string; params: unknown[] } {
  const query = listedPage(db, LISTED, sql.placeholder('limit')).toSQL();
  return { sql: query.sql, params: query.params.map((p) => (is(p, Placeholder) ? limit : p)) };
}

/** The filters of the shoppers' list (docs/product/rules.md#listing-and-search). */
export interface DealFilters {
  category?: string | undefined;
  minPriceCents?: number | undefined;
  maxPriceCents?: number | undefined;
  minRating?: number | undefined;
  /** One merchant's deals only: read from deals_published_merchant_idx, or the order's index where that is cheaper. */
  merchantId?: string | undefined;
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

/**
 * Null for anything that is not a cursor this server made for `sort`. A `newest` cursor is the one
 * every deal list uses (decodeCursor); the others are `<sort>|<key>|<id>`, and for `nearest`
 * `nearest|<distance>|<merchant id>|<id>` (server/db/keyset.ts).
 */
export function decodeListCursor(raw: string, sort: DealSort): ListCursor | null {
  if (sort === 'newest') {
    const c = decodeCursor(raw);
    return c ? { sort, key: c.createdAt, id: c.id } : null;
  }
  const parts = decodeParts(raw);
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
      return isCursorTime(key) ? { sort, key, id } : null;
    }
    case 'nearest': {
      const merchantId = parts[2] ?? '';
      return parts.length === 4 && DISTANCE.test(key) && UUID.test(merchantId) ? { sort, key, id, merchantId } : null;
    }
  }
}

function encodeListCursor(c: ListCursor): string {
  if (c.sort === 'newest') return encodeCursor({ createdAt: c.key, id: c.id });
  return encodeParts(c.sort === 'nearest' ? [c.sort, c.key, c.merchantId ?? '', c.id] : [c.sort, c.key, c.id]);
}

/** The filters as conditions on the deal's own columns, each read from the order's index or its own (ADR 030). */
function filterConditions(f: DealFilters): SQL[] {
  const conditions: SQL[] = [];
  if (f.category !== undefined) conditions.push(sql`${deals.categoryId} = (select ${categories.id} from ${categories} where ${categories.slug} = ${f.category})`);
  if (f.minPriceCents !== undefined) conditions.push(gte(deals.priceCents, f.minPriceCents));
  if (f.maxPriceCents !== undefined) conditions.push(lte(deals.priceCents, f.maxPriceCents));
  if (f.minRating !== undefined) conditions.push(gte(deals.rating, f.minRating));
  if (f.merchantId !== undefined) conditions.push(eq(deals.merchantId, f.merchantId));
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
 * at most per merchant. The keyset is (distance, merchant id, deal id). The listed rule is split
 * between the two: the merchant's half in `near`, the deal's in `pick`.
 */
type NearestParams = { lat: number; lng: number; where: SQL[]; limit: number; cursor: ListCursor | null };

/** The first ring's radius in km, beyond the cursor's distance; each ring after it is four times as wide. */
const FIRST_RING_KM = 2;
const RINGS = 4;
const KM_PER_DEGREE = (Math.PI * EARTH_RADIUS_KM) / 180;

/**
 * A box of plain latitude and longitude bounds around (lat, lng) holding every point within `km` of it, so
 * the merchants outside it are passed over before their distance is worked out; none when the circle
 * reaches a pole or the antimeridian, where such bounds would not hold it.
 */
function boxAround(lat: number, lng: number, km: number): SQL | undefined {
  const dLat = (km / KM_PER_DEGREE) * 1.01;
  if (Math.abs(lat) + dLat >= 89) return undefined;
  const dLng = dLat / Math.cos(((Math.abs(lat) + dLat) * Math.PI) / 180);
  if (Math.abs(lng) + dLng >= 180) return undefined;
  return sql`${merchants.latitude} between ${lat - dLat}::float8 and ${lat + dLat}::float8 and ${merchants.longitude} between ${lng - dLng}::float8 and ${lng + dLng}::float8`;
}

/**
 * The `nearest` page, looked for in rings first: the page among the merchants within R km (read through a box
 * of plain bounds, so only they have their distance worked out) is the whole list's page when it comes back
 * full, since every merchant left out is farther than R and so after each row of it. Rings start 2 km past the
 * cursor's distance and grow fourfold; the last try has no bound (a sparse catalogue, merchants without a position).
 */
async function nearestPage(db: Db, p: NearestParams) {
  const from = p.cursor && p.cursor.key !== 'Infinity' ? Number(p.cursor.key) : 0;
  if (p.cursor?.key !== 'Infinity') {
    for (let ring = 0; ring < RINGS; ring++) {
      const km = from + FIRST_RING_KM * 4 ** ring;
      const box = boxAround(p.lat, p.lng, km);
      if (!box) break;
      const rows = await nearestPageWithin(db, p, sql`${box} and ${distanceFrom(p.lat, p.lng)} <= ${km}::float8`);
      if (rows.length === p.limit) return rows;
    }
  }
  return nearestPageWithin(db, p, undefined);
}

async function nearestPageWithin(db: Db, p: NearestParams, within: SQL | undefined) {
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
    .where(and(ACTIVE_MERCHANT, within, c ? sql`(${distance}, ${merchants.id}) >= (${c.key}::float8, ${c.merchantId}::uuid)` : undefined))
    .orderBy(asc(distance), asc(merchants.id))
    .as('near');
  const pick = db
    .select({ dealId: sql<string>`${deals.id}`.as('deal_id') })
    .from(deals)
    .where(
      and(
        eq(deals.merchantId, nearId),
        PUBLISHED,
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
  /** The reader's language, for the categories' names (English when left out). */
  language?: Language | undefined;
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
  const filters: DealFilters = { category: params.category, minPriceCents: params.minPriceCents, maxPriceCents: params.maxPriceCents, minRating: params.minRating, merchantId: params.merchantId };
  let rows;
  if (sort === 'newest' && !q && !hasFilter(filters) && params.viewer?.role !== 'merchant') {
    rows = cursor
      ? await shopperNextPageOf(db).execute({ limit, afterTime: cursor.key, afterId: cursor.id })
      : await shopperFirstPageOf(db).execute({ limit });
  } else {
    const conditions: SQL[] = [listableBy(params.viewer), ...filterConditions(filters)];
    if (q) conditions.push(await searched(db, likePattern(q)));
    if (sort === 'nearest') {
      if (params.lat === undefined || params.lng === undefined) throw new Error('nearest needs lat and lng');
      rows = await nearestPage(db, { lat: params.lat, lng: params.lng, where: conditions.slice(1).concat(merchantOnly(params.viewer)), limit, cursor });
    } else {
      if (sort === 'ending_soon') conditions.push(sql`${ENDS_AT} > now()`);
      if (cursor) conditions.push(LIST_ORDERS[sort].after(cursor.key, cursor.id));
      rows = await listedPage(db, and(...conditions), limit, sort);
    }
  }
  const page = pageOf(rows, params.limit, (last) => encodeListCursor({ sort, key: last.cursorKey, id: last.deal.id, merchantId: last.deal.merchantId }));
  return { deals: page.rows.map((row) => presentDeal(row, params.language)), nextCursor: page.nextCursor };
}

/**
 * `q` matches the title and description (deals.search_text, under its trigram index) or the name of
 * the deal's merchant (ADR 025). The merchants whose name matches are read first, from `merchants`
 * (a few thousand rows), and the deals' condition names them: a merchant's name is the same on each
 * of its deals, so the trigram index of deals.search_merchant_name holds every common trigram once
 * per deal and a name's search there read posting lists of a million deals' length in a large
 * catalogue (bench/README.md, one million deals). With the ids in the statement the planner still
 * reads the two halves from indexes together (the search text's trigrams, deals_merchant_idx) and
 * estimates both from statistics, so a common word walks the order's index and a rare one sorts its
 * few matches, as before. The statement is not prepared, so it is planned with the ids it carries.
 */
async function searched(db: Db, pattern: string): Promise<SQL> {
  const named = await db.select({ id: merchants.id }).from(merchants).where(sql`lower(${merchants.name}) like lower(${pattern})`);
  const text = sql`${deals.searchText} like lower(${pattern})`;
  if (named.length === 0) return text;
  return sql`(${text} or ${deals.merchantId} = any(${`{${named.map((m) => m.id).join(',')}}`}::uuid[]))`;
}

/** For a merchant's own list in the `nearest` order: its deals only (the merchants' status is checked by the order itself). */
function merchantOnly(viewer: Viewer | null): SQL[] {
  return viewer?.role === 'merchant' ? [eq(deals.merchantId, viewer.merchantId ?? '00000000-0000-0000-0000-000000000000')] : [];
}
