/**
 * Merchants as shoppers see them: the active ones by name, one merchant's card with "open now" on its clock and its
 * live deals' rating, and its store page's link preview.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Merchant, PublicMerchant } from '../../contract/merchants';
import { openingStateAt } from '../../contract/opening-hours';
import { dealImageSrc, placeholderImage } from '../../contract/deal-images';
import { isKnownPagePath, pageIdOf, routePatterns } from '../../contract/routes';
import type { Db } from '../db/client';
import { deals, merchants } from '../db/schema';
import type { Viewer } from '../http/session';
import type { PagePreview } from '../http/web';
import { msg, render, type Language, type Message } from '../i18n';
import { PUBLISHED } from './listed.service';

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
    photoUrls: m.photoUrls,
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

/**
 * The merchant's published deals' reviews: their count and the average of their stars weighted by each deal's count
 * (the sum of every review's stars over the number of reviews), to one decimal; read from deals_published_merchant_idx.
 */
async function ratingOf(db: Db, merchantId: string): Promise<{ rating: number | null; reviewCount: number }> {
  const [row] = await db
    .select({
      reviewCount: sql<number>`coalesce(sum(${deals.reviewCount}), 0)::int`,
      ratingSum: sql<number>`coalesce(sum(${deals.ratingSum}), 0)::int`,
    })
    .from(deals)
    .where(and(eq(deals.merchantId, merchantId), PUBLISHED));
  const reviewCount = Number(row?.reviewCount ?? 0);
  const ratingSum = Number(row?.ratingSum ?? 0);
  return { reviewCount, rating: reviewCount > 0 ? Math.round((ratingSum / reviewCount) * 10) / 10 : null };
}

/** The card shoppers read: the merchant's own columns, "open now" at `now` on its clock, and its rating. */
async function presentPublicMerchant(db: Db, m: typeof merchants.$inferSelect, now: Date): Promise<PublicMerchant> {
  const opening = openingStateAt(m.businessHours, m.timeZone, now);
  return {
    ...presentMerchant(m),
    timeZone: m.timeZone,
    openNow: opening.openNow,
    openUntil: opening.openUntil,
    opensAt: opening.opensAt,
    localTime: opening.localTime,
    ...(await ratingOf(db, m.id)),
  };
}

/** An active merchant's card (any merchant for a superadmin, and a merchant's own for its accounts), as of `now`. */
export async function getMerchant(db: Db, id: string, viewer: Viewer | null, now: Date = new Date()): Promise<PublicMerchant | null> {
  const [m] = await db.select().from(merchants).where(eq(merchants.id, id)).limit(1);
  if (!m) return null;
  if (m.status !== 'active' && viewer?.role !== 'superadmin' && viewer?.merchantId !== m.id) return null;
  return presentPublicMerchant(db, m, now);
}

/** Longest description a preview carries, in characters. */
const PREVIEW_DESCRIPTION_MAX = 200;

/** The merchant's description as plain text for a preview: tags dropped, entities read, spaces collapsed, shortened. */
function plainText(html: string): string {
  const text = html
    .replace(/<(br|\/p|\/li|\/h[34])\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > PREVIEW_DESCRIPTION_MAX ? `${text.slice(0, PREVIEW_DESCRIPTION_MAX - 1).trimEnd()}…` : text;
}

/**
 * The store page's link preview (`/store/{id}`): the store's name, its description (or how many deals it has and its
 * rating), and its cover photo, else its newest live deal's picture (the store page's first card), as an absolute address (the placeholder without one); `missing` for an
 * unknown merchant or one shoppers cannot see (the page is then answered 404).
 */
export async function storePagePreview(db: Db, origin: string, pathname: string, language: Language = 'en'): Promise<PagePreview | 'missing' | null> {
  const id = pageIdOf(routePatterns.store, pathname);
  if (!id) return isKnownPagePath(pathname) && pathname.startsWith('/store/') ? 'missing' : null;
  const [m] = await db.select().from(merchants).where(eq(merchants.id, id)).limit(1);
  if (!m || m.status !== 'active') return 'missing';
  const live = await db
    .select({ imageUrl: deals.imageUrl, title: deals.title, count: sql<number>`count(*) over ()::int` })
    .from(deals)
    .where(and(eq(deals.merchantId, m.id), PUBLISHED))
    .orderBy(desc(deals.createdAt), desc(deals.id))
    .limit(1);
  const { rating, reviewCount } = await ratingOf(db, m.id);
  const say = (message: Message) => render(language, message);
  const description =
    plainText(m.description) ||
    [say(msg('preview.store', { count: Number(live[0]?.count ?? 0), merchant: m.name })), rating !== null ? say(msg('preview.storeRating', { rating: rating.toFixed(1), count: reviewCount })) : '']
      .filter(Boolean)
      .join(language === 'zh-CN' ? '' : ' ');
  const picture = m.photoUrls[0] ?? (live[0] ? dealImageSrc(live[0]) : placeholderImage('card'));
  return {
    title: m.name,
    description,
    image: new URL(picture, origin).toString(),
    imageAlt: say(msg('preview.storeImageAlt', { merchant: m.name })),
    url: new URL(pathname, origin).toString(),
    // The gallery's first picture when it is a deal's (an uploaded photo is chosen among its widths by the browser).
    ...(m.photoUrls.length === 0 && live[0] ? { preloadImage: dealImageSrc(live[0]) } : {}),
  };
}
