/**
 * Deals as the catalogue reads and shows them: a deal with its real figures (ADR 011), a keyset page
 * of deals for the lists of other features (deal management, the review queue, favourites), one deal
 * a viewer may see, and the deal page's link preview. The shoppers' list is deal-list.ts.
 */
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { dealEndpoints, type Deal } from '../../contract/deals';
import { pathOf } from '../../contract/endpoint';
import type { Db } from '../db/client';
import { categories, deals, merchants } from '../db/schema';
import { afterOldest, cursorTime, encodeCursor, pageOf, type KeysetCursor } from '../db/keyset';
import { perDatabase } from '../db/prepared';
import type { Viewer } from '../http/session';
import { dealImageSrc } from '../../contract/deal-images';
import { isKnownPagePath, pageIdOf, routePatterns } from '../../contract/routes';
import { msg, render, type Language, type Message } from '../i18n';
import type { PagePreview } from '../http/web';
import { after, CREATED_CURSOR, FIGURES, likePattern, matching, SHOWN_COLUMNS, type ShownDeal, type ShownRelations } from './deal-query';
import { isListed } from './listed.service';
import { categoryNameIn } from './categories.service';
import { dealShareCard, SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH, shareImageUrl } from './share-image.service';

type DealRow = typeof deals.$inferSelect;

/** A group one may join now, as the deal's `openGroupCount` counts them; a deal's open groups are listed by it too. */
export { JOINABLE_GROUP } from './deal-query';

/** round((1 - price/original) x 100), or null when there is no higher original price (ADR 011). */
export function discountPercent(priceCents: number, originalPriceCents: number | null): number | null {
  if (originalPriceCents === null || originalPriceCents <= 0 || originalPriceCents <= priceCents) return null;
  return Math.round((1 - priceCents / originalPriceCents) * 100);
}

/** A deal as its answers show it, its category named in `language` (English unless told). */
export function presentDeal(
  row: { deal: ShownDeal; unitsTaken: number; boughtCount: number; soldTodayCount: number; openGroupCount: number } & ShownRelations,
  language: Language = 'en',
): Deal {
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
    openGroupCount: Number(row.openGroupCount),
    category: row.category ? { slug: row.category.slug, name: categoryNameIn(language, row.category), icon: row.category.icon } : null,
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
  openGroupCount: number;
} & ShownRelations;

/**
 * The orders a page of every column can come in: newest first (every list), or the review queue's
 * oldest submission first (ADR 028), each with its keyset.
 */
const ORDERS = {
  newest: { orderBy: [desc(deals.createdAt), desc(deals.id)], time: CREATED_CURSOR, after: (c: KeysetCursor) => after(c.createdAt, c.id) },
  firstSubmitted: {
    orderBy: [asc(deals.submittedAt), asc(deals.id)],
    time: cursorTime(deals.submittedAt),
    after: (c: KeysetCursor) => afterOldest(deals.submittedAt, deals.id, c),
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
  params: { where: SQL | undefined; q?: string | undefined; limit: number; cursor?: KeysetCursor | null | undefined; order?: DealOrder },
): Promise<{ rows: DealRowWithFigures[]; nextCursor: string | null }> {
  const order = params.order ?? 'newest';
  const conditions: (SQL | undefined)[] = [params.where];
  const q = params.q?.trim();
  if (q) conditions.push(matching(likePattern(q)));
  if (params.cursor) conditions.push(ORDERS[order].after(params.cursor));
  const rows = await selectDealsWithFigures(db, and(...conditions), order).limit(params.limit + 1);
  return pageOf(rows, params.limit, (r) => encodeCursor({ createdAt: r.cursorTime, id: r.deal.id }));
}

/**
 * Deals whatever their state, with what their answer shows (the shown columns, merchant, category and figures, as the
 * shoppers' list reads them) and their merchant's status. Each read below is one statement, prepared once per
 * database, so PostgreSQL parses and plans it once per connection.
 */
const shownDeals = (db: Db) =>
  db
    .select({ deal: SHOWN_COLUMNS, ...FIGURES })
    .from(deals)
    .innerJoin(merchants, eq(merchants.id, deals.merchantId))
    .leftJoin(categories, eq(categories.id, deals.categoryId));

/** One deal by id. */
const dealByIdOf = perDatabase((db) =>
  shownDeals(db)
    .where(eq(deals.id, sql.placeholder('id')))
    .prepare('deal_by_id'),
);

/** The same for any number of deals at once (the groups of a page), in no particular order. */
const dealsByIdsOf = perDatabase((db) =>
  shownDeals(db)
    .where(sql`${deals.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('deals_by_ids'),
);

/** Deals by id, whatever their state, as `presentDeal` shows them, each with its merchant's status. */
export function shownDealsByIds(db: Db, ids: string[]) {
  return dealsByIdsOf(db).execute({ ids });
}

/**
 * One deal a shopper may see; superadmins and the owning merchant's owner also see unpublished ones. Its
 * staff, who only redeem, see what shoppers see (no drafts, nor their reviews).
 */
export async function getDeal(db: Db, id: string, viewer: Viewer | null, language: Language = 'en'): Promise<Deal | null> {
  const [row] = await dealByIdOf(db).execute({ id });
  if (!row) return null;
  const privileged =
    viewer?.role === 'superadmin' || (viewer?.role === 'merchant' && viewer.merchantRole === 'owner' && viewer.merchantId === row.deal.merchantId);
  return isListed(row.deal, row.merchantStatus) || privileged ? presentDeal(row, language) : null;
}

/**
 * The deal page's HTML for a deal a guest may see, in the page's language: its title, its price, group price and open
 * groups, and its share image (ADR 040) as a shared link's preview; and the deal's picture named for download at high
 * priority, so it arrives with the app's code rather than after it.
 */
export async function dealPagePreview(db: Db, origin: string, pathname: string, language: Language = 'en'): Promise<PagePreview | 'missing' | null> {
  const id = pageIdOf(routePatterns.deal, pathname);
  if (!id) return isKnownPagePath(pathname) && pathname.startsWith('/deal/') ? 'missing' : null;
  const deal = await getDeal(db, id, null, language);
  if (!deal) return 'missing';
  const say = (message: Message) => render(language, message);
  const price = { price: deal.priceCents, merchant: deal.merchantName };
  const sentences = [
    say(
      deal.originalPriceCents !== null && deal.originalPriceCents > deal.priceCents
        ? msg('preview.deal', { ...price, original: deal.originalPriceCents })
        : msg('preview.dealAtPrice', price),
    ),
  ];
  if (deal.groupSize !== null && deal.groupPriceCents !== null) sentences.push(say(msg('preview.groupPrice', { size: deal.groupSize, price: deal.groupPriceCents })));
  if (deal.openGroupCount > 0) sentences.push(say(msg('preview.openGroups', { count: deal.openGroupCount })));
  return {
    title: deal.title,
    description: sentences.join(language === 'zh-CN' ? '' : ' '),
    image: shareImageUrl(origin, pathOf(dealEndpoints.shareImage, { id: deal.id }), dealShareCard(deal, language)),
    imageAlt: say(msg('preview.dealImageAlt', { title: deal.title })),
    imageWidth: SHARE_IMAGE_WIDTH,
    imageHeight: SHARE_IMAGE_HEIGHT,
    url: new URL(pathname, origin).toString(),
    preloadImage: dealImageSrc(deal),
  };
}
