/**
 * Share images as routes and page previews use them (ADR 040): the card a deal or a group is drawn from, the address
 * a page's preview names (with the drawn state's version, so chat apps fetch it again when the picture changes), the
 * language asked for, the app's one renderer, and the answer with its ETag and caching. The drawing is share-image.ts.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { uuid } from '../../contract/common';
import { dealImageSrc } from '../../contract/deal-images';
import type { Deal } from '../../contract/deals';
import type { Group } from '../../contract/groups';
import type { AppDeps } from '../deps';
import { noteLanguage } from '../http/language';
import { languageOf, type Language } from '../i18n';
import { ShareImages, shareStateOf, type DrawnGroupState, type ShareCard } from './share-image';

export { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH, ShareImages, shareOverlaySvg, shareStateOf, type ShareCard } from './share-image';

/** Whether an id can name a deal or a group: any other is answered as an unknown one. */
export function isShareId(id: string): boolean {
  return uuid.safeParse(id).success;
}

/** A deal's card: the group price large and the usual price struck for a group deal, else the price and the original. */
export function dealShareCard(deal: Deal, language: Language): ShareCard {
  const grouped = deal.groupSize !== null && deal.groupPriceCents !== null;
  const price = grouped ? deal.groupPriceCents! : deal.priceCents;
  const struck = grouped ? deal.priceCents : deal.originalPriceCents;
  return {
    language,
    dealId: deal.id,
    title: deal.title,
    picture: dealImageSrc(deal),
    priceCents: price,
    struckCents: struck !== null && struck > price ? struck : null,
    groupSize: grouped ? deal.groupSize : null,
    group: null,
  };
}

/** A group's card: its own size and price, its places left and deadline in the merchant's time zone, or how it ended. */
export function groupShareCard(group: Group, timeZone: string, language: Language, now: Date = new Date()): ShareCard {
  const deadline = new Date(group.deadline);
  const state: DrawnGroupState = group.status !== 'open' ? group.status : deadline.getTime() <= now.getTime() ? 'closed' : 'open';
  return {
    language,
    dealId: group.deal.id,
    title: group.deal.title,
    picture: dealImageSrc(group.deal),
    priceCents: group.priceCents,
    struckCents: group.deal.priceCents > group.priceCents ? group.deal.priceCents : null,
    groupSize: group.size,
    group: { id: group.id, state, seatsLeft: state === 'open' ? group.seatsLeft : 0, deadline: deadline.toISOString(), timeZone },
  };
}

/** The absolute address of a share image for a page's preview: the current state's version, and `lang` for Chinese. */
export function shareImageUrl(origin: string, pathname: string, card: ShareCard): string {
  const url = new URL(pathname, origin);
  url.searchParams.set('v', shareStateOf(card).version);
  if (card.language !== 'en') url.searchParams.set('lang', card.language);
  return url.toString();
}

/**
 * The language of a share image: `lang` when it names one (`en`, `zh-CN`, any `zh-*`), said on the answer; else the
 * request's Accept-Language, which the answer then varies by.
 */
export function shareLanguage(lang: string | undefined, reply: FastifyReply): Language {
  if (lang !== undefined && /^(en|zh)([-_][A-Za-z0-9]+)*$/i.test(lang)) {
    const language = languageOf(lang.replace(/_/g, '-'));
    reply.header('content-language', language);
    return language;
  }
  const language = languageOf(reply.request.headers['accept-language']);
  noteLanguage(reply, language);
  return language;
}

/** Whether an If-None-Match header holds the ETag (weak or strong, or `*`). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/** Kept for five minutes by browsers and caches; the ETag lets them ask again for nothing. */
const CACHE_CONTROL = 'public, max-age=300';

/** Answers the card's picture: 304 when the asker holds it already, else the PNG, drawn or kept. */
export async function answerShareImage(images: ShareImages, card: ShareCard, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const { etag } = shareStateOf(card);
  reply.header('etag', etag).header('cache-control', CACHE_CONTROL);
  if (matches(request.headers['if-none-match'], etag)) return reply.status(304).send();
  const png = await images.png(card);
  return reply.type('image/png').send(png);
}

/** One renderer per app (per database opened), so its cache and its two drawing places are the app's. */
const renderers = new WeakMap<object, ShareImages>();

export function shareImagesOf(deps: Pick<AppDeps, 'database' | 'config'>): ShareImages {
  let images = renderers.get(deps.database);
  if (!images) {
    images = new ShareImages({ webDir: deps.config.WEB_DIST_DIR, publicOrigin: deps.config.publicOrigin });
    renderers.set(deps.database, images);
  }
  return images;
}
