/**
 * What the catalogue's reads of deals are built from (deals.service.ts, deal-list.ts): the figures
 * beside a deal's own columns, the keys its orders page by, and the search condition. The catalogue's
 * own: other features read deals through deals.service.ts.
 */
import { or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { categories, dealGroups, deals, merchants, vouchers } from '../db/schema';
import { afterNewest, cursorTime } from '../db/keyset';
import { UNITS_TAKEN_OF_DEALS } from '../db/stock-reads';

type DealRow = typeof deals.$inferSelect;

/** The units a deal has taken (issued plus held), for the row of the query's "deals" table. */
const UNITS_TAKEN: SQL<number> = UNITS_TAKEN_OF_DEALS;

/** Vouchers issued for the row's deal, ever and since midnight UTC (ADR 011: 'N bought' and 'N sold today'). */
const BOUGHT_COUNT = sql<number>`(select count(*)::int from ${vouchers} where ${vouchers.dealId} = ${deals.id})`;
const SOLD_TODAY_COUNT = sql<number>`(select count(*)::int from ${vouchers} where ${vouchers.dealId} = ${deals.id} and ${vouchers.createdAt} >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC')`;

/**
 * A group one may join now (docs/product/rules.md#group-deals): open, before its deadline, with a paid member and a
 * free place. A deal's open groups (GET /api/deals/{id}/groups) are these, and its `openGroupCount` counts them.
 */
export const JOINABLE_GROUP: SQL = sql`${dealGroups.status} = 'open' and ${dealGroups.deadline} > now() and ${dealGroups.paidCount} > 0 and ${dealGroups.seatsTaken} < ${dealGroups.size}`;

/**
 * The row's deal's joinable groups, 0 for a deal without a group offer: read from deal_groups_open_deal_idx
 * (deal_id, deadline where open), so only the deal's open groups before their deadline are visited.
 */
const OPEN_GROUP_COUNT = sql<number>`case when ${deals.groupSize} is null then 0 else (select count(*)::int from ${dealGroups} where ${dealGroups.dealId} = ${deals.id} and ${JOINABLE_GROUP}) end`;

/** The columns of a deal that a shopper's card and page show. */
export type ShownDeal = Pick<
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

/** The columns of ShownDeal, for a read that selects them without the rest of the row (search text, Stripe ids, counters). */
export const SHOWN_COLUMNS = {
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
} satisfies { [K in keyof ShownDeal]: (typeof deals)[K] };

/** What a deal's answer shows of its merchant and category beside the deal's own columns. */
export interface ShownRelations {
  merchantName: string;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
  /** Both its names as stored; presentDeal gives the reader's. */
  category: { slug: string; name: string; nameZh: string; icon: string } | null;
  /** Only in the `nearest` order. */
  distanceKm?: number | null;
}

/**
 * What every catalogue read selects beside the deal's own columns. The figures are correlated
 * subqueries, which PostgreSQL evaluates after the ORDER BY and LIMIT, so for the page's rows only.
 */
export const FIGURES = {
  merchantName: merchants.name,
  city: merchants.city,
  latitude: merchants.latitude,
  longitude: merchants.longitude,
  category: { slug: categories.slug, name: categories.name, nameZh: categories.nameZh, icon: categories.icon },
  merchantStatus: merchants.status,
  unitsTaken: UNITS_TAKEN,
  boughtCount: BOUGHT_COUNT,
  soldTodayCount: SOLD_TODAY_COUNT,
  openGroupCount: OPEN_GROUP_COUNT,
};

/** When a deal stops selling, +infinity for a deal without an end: the `ending_soon` key, under its own index. */
export const ENDS_AT = sql`coalesce(${deals.validUntil}, 'infinity'::timestamptz)`;

/** The creation time as cursor text, by which every list but the review queue pages. */
export const CREATED_CURSOR = cursorTime(deals.createdAt);

/** Rows strictly after a keyset position, in the newest-first order. */
export function after(createdAt: string | Placeholder, id: string | Placeholder): SQL {
  return afterNewest(deals.createdAt, deals.id, { createdAt, id });
}

/** Escapes LIKE wildcards so a search for '%' or '_' matches those characters literally. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

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
export function matching(pattern: string): SQL {
  return or(sql`${deals.searchText} like lower(${pattern})`, sql`${deals.searchMerchantName} like lower(${pattern})`)!;
}
