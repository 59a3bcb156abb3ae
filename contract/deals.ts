import { z } from 'zod';
import { DEAL_LIST_DEFAULT_LIMIT, DEAL_LIST_MAX_LIMIT, SEARCH_QUERY_MAX_LENGTH } from './constants';

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
  createdAt: z.string(),
});
export type Deal = z.infer<typeof deal>;

export const dealList = z.array(deal);

export const dealListQuery = z.object({
  q: z.string().trim().max(SEARCH_QUERY_MAX_LENGTH, { message: `must be at most ${SEARCH_QUERY_MAX_LENGTH} characters` }).optional(),
  limit: z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(1, { message: 'must be at least 1' })
    .max(DEAL_LIST_MAX_LIMIT, { message: `must be at most ${DEAL_LIST_MAX_LIMIT}` })
    .default(DEAL_LIST_DEFAULT_LIMIT),
  cursor: z.string().max(200, { message: 'is invalid' }).optional(),
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
