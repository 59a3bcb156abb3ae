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

/** The merchant id that matches no deal: a merchant account without a merchant lists nothing. */
const NO_MERCHANT = '00000000-0000-0000-0000-000000000000';

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

/** A value written into a statement, or the placeholder of a prepared one's parameter. */
type Bindable = string | Placeholder;

/**
 * The keyset orders of the shoppers' list other than `nearest` (ADR 030): each sorts by one key and
 * the id, reads from its own partial index over published deals, and pages by the pair. `key` is the
 * key as cursor text, `after` the rows past a cursor's pair.
 */
const LIST_ORDERS = {
  newest: {
    orderBy: [desc(deals.createdAt), desc(deals.id)],
    key: CREATED_CURSOR,
    after: (key: Bindable, id: Bindable) => after(key, id),
  },
  popular: {
    orderBy: [desc(deals.soldCount), desc(deals.id)],
    key: sql<string>`${deals.soldCount}::text`,
    after: (key: Bindable, id: Bindable) => sql`(${deals.soldCount}, ${deals.id}) < (${key}::int, ${id}::uuid)`,
  },
  price_asc: {
    orderBy: [asc(deals.priceCents), asc(deals.id)],
    key: sql<string>`${deals.priceCents}::text`,
    after: (key: Bindable, id: Bindable) => sql`(${deals.priceCents}, ${deals.id}) > (${key}::int, ${id}::uuid)`,
  },
  price_desc: {
    orderBy: [desc(deals.priceCents), desc(deals.id)],
    key: sql<string>`${deals.priceCents}::text`,
    after: (key: Bindable, id: Bindable) => sql`(${deals.priceCents}, ${deals.id}) < (${key}::int, ${id}::uuid)`,
  },
  ending_soon: {
    orderBy: [asc(ENDS_AT), asc(deals.id)],
    key: sql<string>`case when ${deals.validUntil} is null then 'infinity' else ${cursorTime(deals.validUntil)} end`,
    after: (key: Bindable, id: Bindable) => sql`(${ENDS_AT}, ${deals.id}) > (${key}::timestamptz, ${id}::uuid)`,
  },
} satisfies Record<Exclude<DealSort, 'nearest'>, unknown>;

type ListOrder = keyof typeof LIST_ORDERS;

/** One page of listed deals in `order`: `limit` rows of the shown columns and the figures, filtered by `where`. */
function listedPage(db: Db, where: SQL | undefined, limit: number | Placeholder, order: ListOrder = 'newest') {
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

/**
 * `build(db, shape)` kept per database handle and shape: built on the first call with a shape, the same statement
 * for every later one. A shape's key is its fields in a fixed order.
 */
function perShape<S extends object, T>(build: (db: Db, shape: S) => T): (db: Db) => (shape: S) => T {
  return perDatabase((db) => {
    const built = new Map<string, T>();
    return (shape) => {
      const key = JSON.stringify(Object.entries(shape).sort(([a], [b]) => a.localeCompare(b)));
      let statement = built.get(key);
      if (statement === undefined) {
        statement = build(db, shape);
        built.set(key, statement);
      }
      return statement;
    };
  });
}

/** The filters that pick out deals, in the order a shape names them. */
const FILTER_NAMES = ['category', 'minPriceCents', 'maxPriceCents', 'minRating', 'merchantId'] as const satisfies readonly (keyof DealFilters)[];

/**
 * What varies between the pages of a list other than `nearest`, besides the values: the order, whether it goes on from
 * a cursor, which filters it has, whether it is a merchant's own list, and its search (none, the words, or the words
 * and the merchants whose name matches them).
 */
interface ListShape {
  order: ListOrder;
  cursor: boolean;
  filters: readonly (keyof DealFilters)[];
  own: boolean;
  search: 'none' | 'text' | 'text or merchants';
}

/** A shape's filters, a merchant's own deals and its search, as conditions on the placeholders of their values. */
function shapeConditions(shape: Omit<ListShape, 'order'>): SQL[] {
  const filters = Object.fromEntries(shape.filters.map((name) => [name, sql.placeholder(name)])) as BoundFilters;
  const conditions = filterConditions(filters);
  if (shape.own) conditions.push(eq(deals.merchantId, sql.placeholder('ownMerchantId')));
  if (shape.search !== 'none') conditions.push(searchCondition(shape.search === 'text or merchants'));
  return conditions;
}

/**
 * A page of a list other than `nearest`, its statement built once per shape: drizzle takes about a millisecond to
 * build a list's statement (its figures, joins and conditions; bench/README.md, one million deals), and each page then
 * only sends its values. The statement has no name (`prepare('')`), so the driver sends it unnamed and PostgreSQL plans
 * it with each page's values: a narrow price range or a rare word reads another index than a wide one or a common word
 * (ADR 025, 030, 043), which a plan made once for any value could not do.
 */
const shapedPageOf = perShape((db, shape: ListShape) => {
  const conditions: SQL[] = [LISTED, ...shapeConditions(shape)];
  if (shape.order === 'ending_soon') conditions.push(sql`${ENDS_AT} > now()`);
  if (shape.cursor) conditions.push(LIST_ORDERS[shape.order].after(sql.placeholder('afterKey'), sql.placeholder('afterId')));
  return listedPage(db, and(...conditions), sql.placeholder('limit'), shape.order).prepare('');
});

/** The merchants whose lower-cased name matches a search's pattern, through merchants_name_trgm_idx (ADR 043). */
const merchantsNamedOf = perDatabase((db) =>
  db.select({ id: merchants.id }).from(merchants).where(sql`lower(${merchants.name}) like lower(${sql.placeholder('pattern')})`).prepare(''),
);

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

/** The filters, each a value or a prepared statement's placeholder for one. */
type BoundFilters = { [K in keyof DealFilters]: DealFilters[K] | Placeholder };

/** The filters as conditions on the deal's own columns, each read from the order's index or its own (ADR 030). */
function filterConditions(f: BoundFilters): SQL[] {
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
function distanceFrom(lat: Placeholder, lng: Placeholder): SQL<number> {
  const dLat = sql`radians(${merchants.latitude} - ${lat}::float8)`;
  const dLng = sql`radians(${merchants.longitude} - ${lng}::float8)`;
  const a = sql`power(sin(${dLat} / 2), 2) + cos(radians(${lat}::float8)) * cos(radians(${merchants.latitude})) * power(sin(${dLng} / 2), 2)`;
  // least() skips nulls, so a merchant without a position is caught before it.
  return sql<number>`case when ${merchants.latitude} is null or ${merchants.longitude} is null then 'Infinity'::float8 else 2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1::float8, sqrt(${a}))) end`;
}

/** The first ring's radius in km, beyond the cursor's distance; each ring after it is four times as wide. */
const FIRST_RING_KM = 2;
const RINGS = 4;
const KM_PER_DEGREE = (Math.PI * EARTH_RADIUS_KM) / 180;

/** A box of plain latitude and longitude bounds and the radius it holds. */
interface Ring {
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
  km: number;
}

/**
 * A box of plain latitude and longitude bounds around (lat, lng) holding every point within `km` of it, so
 * the merchants outside it are passed over before their distance is worked out; none when the circle
 * reaches a pole or the antimeridian, where such bounds would not hold it.
 */
function ringAround(lat: number, lng: number, km: number): Ring | null {
  const dLat = (km / KM_PER_DEGREE) * 1.01;
  if (Math.abs(lat) + dLat >= 89) return null;
  const dLng = dLat / Math.cos(((Math.abs(lat) + dLat) * Math.PI) / 180);
  if (Math.abs(lng) + dLng >= 180) return null;
  return { minLat: lat - dLat, maxLat: lat + dLat, minLng: lng - dLng, maxLng: lng + dLng, km };
}

/** What varies between `nearest` pages besides the values: a list's shape, and whether the page is looked for within a ring. */
interface NearestShape extends Omit<ListShape, 'order'> {
  ringed: boolean;
}

/**
 * The `nearest` order: active merchants by distance (each distance computed once per merchant, not
 * per deal), then each merchant's deals by id, read from deals_published_merchant_idx, a page's worth
 * at most per merchant. The keyset is (distance, merchant id, deal id). The listed rule is split
 * between the two: the merchant's half in `near`, the deal's in `pick`. Its statements are built once
 * per shape and sent unnamed, as the other orders' are (`shapedPageOf`).
 */
const nearestPageOf = perShape((db, shape: NearestShape) => {
  const where = shapeConditions(shape);
  const inBox = shape.ringed
    ? sql`${merchants.latitude} between ${sql.placeholder('minLat')}::float8 and ${sql.placeholder('maxLat')}::float8
        and ${merchants.longitude} between ${sql.placeholder('minLng')}::float8 and ${sql.placeholder('maxLng')}::float8`
    : undefined;
  // Spelled out: drizzle leaves a subquery's columns unqualified, and inside the lateral subquery an
  // unqualified merchant_id would be the deal's own.
  const measuredId = sql<string>`"measured"."merchant_id"`;
  const measuredDistance = sql<number>`"measured"."distance"`;
  const nearId = sql<string>`"near"."merchant_id"`;
  const nearDistance = sql<number>`"near"."distance"`;
  const pickedId = sql<string>`"pick"."deal_id"`;
  // Each active merchant (in the ring's box) with its distance, worked out once. A subquery with an OFFSET is kept
  // whole by PostgreSQL; folded into the query below, the distance would be worked out again for each condition and
  // for the order. The offset is a placeholder (always 0) because drizzle leaves out a literal 0.
  const measured = db
    .select({ merchantId: sql<string>`${merchants.id}`.as('merchant_id'), distance: distanceFrom(sql.placeholder('lat'), sql.placeholder('lng')).as('distance') })
    .from(merchants)
    .where(and(ACTIVE_MERCHANT, inBox))
    .offset(sql.placeholder('skip'))
    .as('measured');
  // Merchants in order, so the page below can stop at the first merchants that fill it.
  const near = db
    .select({ merchantId: sql<string>`${measuredId}`.as('merchant_id'), distance: sql<number>`${measuredDistance}`.as('distance') })
    .from(measured)
    .where(
      and(
        shape.ringed ? sql`${measuredDistance} <= ${sql.placeholder('km')}::float8` : undefined,
        shape.cursor ? sql`(${measuredDistance}, ${measuredId}) >= (${sql.placeholder('afterKey')}::float8, ${sql.placeholder('afterMerchantId')}::uuid)` : undefined,
      ),
    )
    .orderBy(asc(measuredDistance), asc(measuredId))
    .as('near');
  const pick = db
    .select({ dealId: sql<string>`${deals.id}`.as('deal_id') })
    .from(deals)
    .where(
      and(
        eq(deals.merchantId, nearId),
        PUBLISHED,
        ...where,
        shape.cursor ? sql`(${nearId} <> ${sql.placeholder('afterMerchantId')}::uuid or ${deals.id} > ${sql.placeholder('afterId')}::uuid)` : undefined,
      ),
    )
    .orderBy(asc(deals.id))
    .limit(sql.placeholder('limit'))
    .as('pick');
  // The page's deal ids first, then their columns and figures: the figures are counted for the page's rows only.
  const page = db
    .select({ dealId: sql<string>`${pickedId}`.as('page_deal_id'), merchantId: sql<string>`${nearId}`.as('page_merchant_id'), distance: sql<number>`${nearDistance}`.as('page_distance') })
    .from(near)
    .innerJoinLateral(pick, sql`true`)
    .orderBy(asc(nearDistance), asc(nearId), asc(pickedId))
    .limit(sql.placeholder('limit'))
    .as('page');
  const pageDistance = sql<number>`"page"."page_distance"`;
  return db
    .select(listSelection(sql<string>`${pageDistance}::text`, sql<number | null>`${pageDistance}`))
    .from(page)
    .innerJoin(deals, eq(deals.id, sql`"page"."page_deal_id"`))
    .innerJoin(merchants, eq(merchants.id, deals.merchantId))
    .leftJoin(categories, eq(categories.id, deals.categoryId))
    .orderBy(asc(pageDistance), asc(sql`"page"."page_merchant_id"`), asc(sql`"page"."page_deal_id"`))
    .prepare('');
});

/**
 * The `nearest` page, looked for in rings first: the page among the merchants within R km (read through a box
 * of plain bounds, so only they have their distance worked out) is the whole list's page when it comes back
 * full, since every merchant left out is farther than R and so after each row of it. Rings start 2 km past the
 * cursor's distance and grow fourfold; the last try has no bound (a sparse catalogue, merchants without a position).
 * `values` are the shape's own: the filters, the search, the viewer's merchant, the cursor and the page's size.
 */
async function nearestPage(db: Db, shape: Omit<NearestShape, 'ringed'>, values: Record<string, unknown>, at: { lat: number; lng: number; cursor: ListCursor | null; limit: number }) {
  const from = at.cursor && at.cursor.key !== 'Infinity' ? Number(at.cursor.key) : 0;
  const point = { lat: at.lat, lng: at.lng, skip: 0 };
  if (at.cursor?.key !== 'Infinity') {
    for (let ring = 0; ring < RINGS; ring++) {
      const within = ringAround(at.lat, at.lng, from + FIRST_RING_KM * 4 ** ring);
      if (!within) break;
      const rows = await nearestPageOf(db)({ ...shape, ringed: true }).execute({ ...values, ...point, ...within });
      if (rows.length === at.limit) return rows;
    }
  }
  return nearestPageOf(db)({ ...shape, ringed: false }).execute({ ...values, ...point });
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
    const own = params.viewer?.role === 'merchant';
    const pattern = q ? likePattern(q) : null;
    const named = pattern === null ? [] : await merchantsNamedOf(db).execute({ pattern });
    const shape = {
      cursor: cursor !== null,
      filters: FILTER_NAMES.filter((name) => filters[name] !== undefined),
      own,
      search: pattern === null ? 'none' : named.length === 0 ? 'text' : 'text or merchants',
    } as const;
    const values = {
      limit,
      ...Object.fromEntries(shape.filters.map((name) => [name, filters[name]])),
      ...(own ? { ownMerchantId: params.viewer?.merchantId ?? NO_MERCHANT } : {}),
      ...(pattern === null ? {} : { pattern, merchantIds: named.map((m) => m.id) }),
      ...(cursor ? { afterKey: cursor.key, afterId: cursor.id, afterMerchantId: cursor.merchantId } : {}),
    };
    if (sort === 'nearest') {
      if (params.lat === undefined || params.lng === undefined) throw new Error('nearest needs lat and lng');
      rows = await nearestPage(db, shape, values, { lat: params.lat, lng: params.lng, cursor, limit });
    } else {
      rows = await shapedPageOf(db)({ ...shape, order: sort }).execute(values);
    }
  }
  const page = pageOf(rows, params.limit, (last) => encodeListCursor({ sort, key: last.cursorKey, id: last.deal.id, merchantId: last.deal.merchantId }));
  return { deals: page.rows.map((row) => presentDeal(row, params.language)), nextCursor: page.nextCursor };
}

/**
 * A search's condition, its pattern and merchants' ids as the placeholders `pattern` and `merchantIds`: `q` matches
 * the title and description (deals.search_text, under its trigram index) or the name of the deal's merchant (ADR 025).
 * The merchants whose name matches are read first, from `merchants` (a few thousand rows), and the deals' condition
 * names them: a merchant's name is the same on each of its deals, so the trigram index of
 * deals.search_merchant_name holds every common trigram once per deal and a name's search there read posting lists
 * of a million deals' length in a large catalogue (bench/README.md, one million deals). With the ids in the statement
 * the planner still reads the two halves from indexes together (the search text's trigrams, deals_merchant_idx) and
 * estimates both from statistics, so a common word walks the order's index and a rare one sorts its few matches. The
 * statement is sent unnamed, so it is planned with the pattern and ids of each search (ADR 045).
 */
function searchCondition(withMerchants: boolean): SQL {
  const text = sql`${deals.searchText} like lower(${sql.placeholder('pattern')})`;
  return withMerchants ? sql`(${text} or ${deals.merchantId} = any(${sql.placeholder('merchantIds')}::uuid[]))` : text;
}

