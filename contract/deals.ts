import { z } from 'zod';
import {
  CURSOR_MAX_LENGTH,
  DEAL_LIST_DEFAULT_LIMIT,
  DEAL_LIST_MAX_LIMIT,
  LATITUDE_MAX,
  LONGITUDE_MAX,
  NEXT_CURSOR_HEADER,
  PRICE_MAX_CENTS,
  RATING_MAX,
  RATING_MIN,
  SEARCH_QUERY_MAX_LENGTH,
} from './constants';
import { reason } from './reasons';
import { categoryBadge, categorySlug } from './categories';
import { idParams } from './common';
import { endpoint } from './endpoint';
import { guards } from './refusals';

/**
 * A deal's state (docs/product/rules.md#deal-states). `pending_review` and `rejected` belong to deals a
 * merchant proposed: handed in for review, or turned down with a reason (ADR 028).
 */
export const dealStatus = z.enum(['draft', 'pending_review', 'rejected', 'published', 'archived']);
export type DealStatus = z.infer<typeof dealStatus>;

/** A deal as shoppers see it, with the real figures of ADR 011. */
export const deal = z.object({
  id: z.string(),
  merchantId: z.string(),
  merchantName: z.string(),
  title: z.string(),
  /** Sanitised HTML. */
  description: z.string(),
  priceCents: z.number().int(),
  originalPriceCents: z.number().int().nullable(),
  /** round((1 - price/original) x 100) when an original price above the price exists. */
  discountPercent: z.number().int().nullable(),
  imageUrl: z.string(),
  active: z.boolean(),
  status: dealStatus,
  inventory: z.number().int(),
  maxPerUser: z.number().int(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  redemptionInstructions: z.string(),
  termsConditions: z.string(),
  /** Vouchers issued for this deal, ever. */
  boughtCount: z.number().int(),
  /** Vouchers issued for this deal since midnight UTC. */
  soldTodayCount: z.number().int(),
  /** Units still offered (null when the offer is unlimited). */
  remaining: z.number().int().nullable(),
  soldOut: z.boolean(),
  /** An unused voucher may be refunded whenever its owner likes ('Refund anytime'). */
  refundAnytime: z.boolean(),
  /** An unused voucher is refunded by itself once the deal's validity ends ('Auto-refund if unused'). */
  autoRefundOnExpiry: z.boolean(),
  /** People a group needs (2 to 10), or null when the deal is not sold to groups (docs/product/rules.md#group-deals). */
  groupSize: z.number().int().nullable(),
  /** One unit's price for a group member; null exactly when `groupSize` is. */
  groupPriceCents: z.number().int().nullable(),
  /** Hours a group has to fill up. */
  groupWindowHours: z.number().int(),
  /**
   * The deal's groups one may join now: open, before their deadline, with a paid member and a free place (what
   * GET /api/deals/{id}/groups lists, uncapped); 0 for a deal without a group offer.
   */
  openGroupCount: z.number().int(),
  /** The deal's category, or null when it has none. */
  category: categoryBadge.nullable(),
  /** Extra photos after `imageUrl`, at most DEAL_GALLERY_MAX. */
  galleryUrls: z.array(z.string()),
  /** The average of the deal's review stars to one decimal; 0 when it has no reviews. */
  rating: z.number(),
  reviewCount: z.number().int(),
  /** Vouchers issued for this deal, ever: the same figure as `boughtCount`, which stays for older screens. */
  soldCount: z.number().int(),
  /** The merchant's city, or null. */
  city: z.string().nullable(),
  /** The merchant's position in degrees, both or neither. */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** Kilometres from the list's `lat`/`lng`, to two decimals, when sorted by `nearest` and the merchant has a position; otherwise null. */
  distanceKm: z.number().nullable(),
  createdAt: z.string(),
});
export type Deal = z.infer<typeof deal>;

export const dealList = z.array(deal);

/** A page of a deal list: an optional search, the page size and the cursor of `x-next-cursor`. */
export const dealPageQuery = z.object({
  q: z
    .string()
    .trim()
    .max(SEARCH_QUERY_MAX_LENGTH, { message: reason('validation.atMostCharacters', { max: SEARCH_QUERY_MAX_LENGTH }) })
    .optional(),
  limit: z.coerce
    .number({ message: reason('validation.number') })
    .int({ message: reason('validation.wholeNumber') })
    .min(1, { message: reason('validation.atLeast', { min: 1 }) })
    .max(DEAL_LIST_MAX_LIMIT, { message: reason('validation.atMost', { max: DEAL_LIST_MAX_LIMIT }) })
    .default(DEAL_LIST_DEFAULT_LIMIT),
  cursor: z.string().max(CURSOR_MAX_LENGTH, { message: reason('validation.invalid') }).optional(),
});

/**
 * The orders of the shoppers' list (docs/product/rules.md#listing-and-search): `newest` first (the
 * default), `popular` (most vouchers sold), `price_asc`, `price_desc`, `ending_soon` (the soonest end
 * first, deals without an end last, ended deals left out) and `nearest` (from `lat`/`lng`, merchants
 * without a position last).
 */
export const dealSort = z.enum(['newest', 'popular', 'price_asc', 'price_desc', 'ending_soon', 'nearest'], {
  message: reason('validation.sortValues'),
});
export type DealSort = z.infer<typeof dealSort>;

const queryCents = z.coerce
  .number({ message: reason('validation.centsNumber') })
  .int({ message: reason('validation.wholeCents') })
  .min(0, { message: reason('validation.notNegative') })
  .max(PRICE_MAX_CENTS, { message: reason('validation.tooLarge') });

const degrees = (max: number) =>
  z.coerce
    .number({ message: reason('validation.number') })
    .min(-max, { message: reason('validation.between', { max }) })
    .max(max, { message: reason('validation.between', { max }) });

/** GET /api/deals: a page of the shoppers' list, filtered and in one order; a cursor belongs to the order it came from. */
export const dealListQuery = dealPageQuery
  .extend({
    /** A category's slug; a slug no category has lists nothing. */
    category: categorySlug.optional(),
    minPriceCents: queryCents.optional(),
    maxPriceCents: queryCents.optional(),
    /** Deals whose `rating` (one decimal) is at least this; unrated deals (0) never pass. */
    minRating: z.coerce
      .number({ message: reason('validation.number') })
      .min(RATING_MIN, { message: reason('validation.betweenOneAndFive') })
      .max(RATING_MAX, { message: reason('validation.betweenOneAndFive') })
      .optional(),
    sort: dealSort.default('newest'),
    /** One merchant's deals only (its store page), in any order. */
    merchantId: z.uuid({ message: reason('validation.uuid') }).optional(),
    /** The shopper's position, for `sort=nearest` (required there, ignored otherwise). */
    lat: degrees(LATITUDE_MAX).optional(),
    lng: degrees(LONGITUDE_MAX).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.minPriceCents !== undefined && v.maxPriceCents !== undefined && v.maxPriceCents < v.minPriceCents) {
      ctx.addIssue({ code: 'custom', path: ['maxPriceCents'], message: reason('validation.notBelowMinPrice') });
    }
    if (v.sort === 'nearest' && (v.lat === undefined || v.lng === undefined)) {
      ctx.addIssue({ code: 'custom', path: [v.lat === undefined ? 'lat' : 'lng'], message: reason('validation.nearestNeedsPlace') });
    }
  });
export type DealListQuery = z.infer<typeof dealListQuery>;

export { NEXT_CURSOR_HEADER } from './constants';

export const review = z.object({
  id: z.string(),
  userName: z.string(),
  userAvatar: z.string(),
  rating: z.number().int().min(1).max(5),
  comment: z.string(),
  date: z.string(),
  /** True when the author holds a redeemed voucher of the deal: a verified visit. */
  verified: z.boolean(),
});
export type Review = z.infer<typeof review>;

export const reviewSummary = z.object({
  average: z.number().nullable(),
  count: z.number().int(),
  /** Counts of ratings 1 to 5, index 0 holding the 1-star count. */
  distribution: z.array(z.number().int()).length(5),
  reviews: z.array(review),
});
export type ReviewSummary = z.infer<typeof reviewSummary>;

/**
 * What one customer may still buy of a deal (docs/product/rules.md#per-customer-limits), counted as checkout counts
 * it: every unit the customer has paid for and not had refunded (vouchers of any state, and paid places in groups
 * still filling), and the units their unpaid checkouts set aside (a held group place among them).
 */
export const dealAllowance = z.object({
  dealId: z.string(),
  /** The most units one customer may have of the deal (its `maxPerUser`). */
  limit: z.number().int(),
  /** Units paid for and not refunded. */
  bought: z.number().int(),
  /** Units set aside by the customer's unpaid checkouts until they are paid, cancelled or lapse. */
  held: z.number().int(),
  /** `limit - bought - held`, never below 0: the most units a checkout of the customer's may take now. */
  remaining: z.number().int(),
});
export type DealAllowance = z.infer<typeof dealAllowance>;

/**
 * The share images' address (GET /api/deals/{id}/share.png, /api/groups/{id}/share.png): any id, so that a malformed
 * one is answered as an unknown one (404).
 */
export const shareImageParams = z.object({ id: z.string() });

/**
 * The share images' query: `v`, the drawn state's short hash, changes the address when the picture changes (chat
 * apps keep a picture by its address), and the current picture is served whatever it says; `lang` (`en`, `zh-CN`)
 * picks the texts' language, else Accept-Language does.
 */
export const shareImageQuery = z.object({ v: z.string().optional(), lang: z.string().optional() });

/** What the share images' ok answer says of the picture and its caching. */
export const SHARE_IMAGE_ANSWER =
  'A 1200 x 630 PNG picture. `Cache-Control: public, max-age=300` and an `ETag` of the drawn state; a request whose `If-None-Match` holds it is answered 304 without a body.';

/** The shoppers' catalogue (docs/product/api.md#deals). */
export const dealEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/deals',
    tag: 'Deals',
    summary: 'A page of the shoppers\' list of deals',
    description: `Filtered, searched and in one order; the next page's cursor comes in the \`${NEXT_CURSOR_HEADER}\` header. Guests and customers see live deals; a merchant sees its own, a superadmin every deal.`,
    query: dealListQuery,
    ok: { status: 200, schema: dealList, description: 'The page\'s deals.' },
    refusals: { 400: 'A filter is not valid, or the cursor belongs to another order.' },
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/deals/:id',
    tag: 'Deals',
    summary: 'One deal',
    params: idParams,
    ok: { status: 200, schema: deal, description: 'The deal with its figures.' },
    refusals: { 404: 'No deal with this id is shown to the caller.' },
  }),
  reviews: endpoint({
    method: 'GET',
    path: '/api/deals/:id/reviews',
    tag: 'Deals',
    summary: 'A deal\'s reviews and their summary',
    params: idParams,
    ok: { status: 200, schema: reviewSummary, description: 'The average, the counts by stars and the reviews.' },
    refusals: { 404: 'No deal with this id is shown to the caller.' },
  }),
  shareImage: endpoint({
    method: 'GET',
    path: '/api/deals/:id/share.png',
    tag: 'Deals',
    summary: 'A deal\'s share image, for link previews in chat apps',
    description:
      'Anyone. The deal\'s picture with a band giving its title, its price (the group price first for a group deal, the usual price struck) and its group\'s size, in the language of `lang` or else Accept-Language.',
    params: shareImageParams,
    query: shareImageQuery,
    ok: { status: 200, schema: z.string(), contentType: 'image/png', description: SHARE_IMAGE_ANSWER },
    refusals: { 404: 'No deal with this id is shown to shoppers (a malformed id too).' },
  }),
  allowance: endpoint({
    method: 'GET',
    path: '/api/deals/:id/allowance',
    tag: 'Deals',
    summary: 'How many more units of a deal the caller may buy',
    description:
      'Customers; the deal\'s own answer is shared by everyone, so the caller\'s part is read here. Counted as checkout counts it: units paid for and not refunded, and units held by unpaid checkouts and group places (a lapsed hold counts until the minute sweep releases it). Checkout still judges: this read may be out of date a moment later.',
    params: idParams,
    ok: { status: 200, schema: dealAllowance, description: '`{dealId, limit, bought, held, remaining}`.' },
    refusals: {
      ...guards({ account: 'a customer' }),
      404: 'No deal with this id is shown to the caller.',
    },
  }),
};
