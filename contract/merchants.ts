import { z } from 'zod';
import { idParams } from './common';
import { endpoint } from './endpoint';

export const merchantStatus = z.enum(['active', 'inactive', 'pending']);
export type MerchantStatus = z.infer<typeof merchantStatus>;

/** Business hours: each period optional, formatted HH:MM-HH:MM. */
export const HOURS_PATTERN = /^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/;
export const businessHours = z.object({
  morning: z.string().regex(HOURS_PATTERN).optional(),
  afternoon: z.string().regex(HOURS_PATTERN).optional(),
  evening: z.string().regex(HOURS_PATTERN).optional(),
});
export type BusinessHours = z.infer<typeof businessHours>;

/** A merchant's public card, as GET /api/merchants/{id} answers. */
export const merchant = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  address: z.string(),
  description: z.string(),
  status: merchantStatus,
  /** JSON string with the optional keys morning, afternoon, evening; null when not set. */
  businessHours: z.string().nullable(),
  /** The merchant's city, or null. */
  city: z.string().nullable(),
  /** Its position in degrees (WGS 84), both or neither. */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  createdAt: z.string(),
  /** Its photos' addresses, the cover first (at most MERCHANT_PHOTOS_MAX); uploaded ones read with `photoSources`. */
  photoUrls: z.array(z.string()),
});
export type Merchant = z.infer<typeof merchant>;

/** What shoppers read of a merchant (its store page, the deal page's Merchant Information): the card, its clock and rating. */
export const publicMerchant = merchant.extend({
  /** Its clock, an IANA zone name: "open now" and its hours are read in it. */
  timeZone: z.string(),
  /** Open at the moment of the answer, on its clock and business hours; null when it lists no hours. */
  openNow: z.boolean().nullable(),
  /** While open: when the current period ends ('HH:MM', its clock). */
  openUntil: z.string().nullable(),
  /** While closed: when it opens next ('HH:MM', today or tomorrow on its clock). */
  opensAt: z.string().nullable(),
  /** Its wall clock at the moment of the answer ('HH:MM'). */
  localTime: z.string(),
  /** The average of its live deals' ratings weighted by their review counts, to one decimal; null without reviews. */
  rating: z.number().nullable(),
  /** Reviews of its live deals. */
  reviewCount: z.number().int(),
});
export type PublicMerchant = z.infer<typeof publicMerchant>;

export const merchantSummary = z.object({ id: z.string(), name: z.string() });
export const merchantSummaryList = z.array(merchantSummary);

/** Merchants as shoppers see them. */
export const merchantEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/merchants',
    tag: 'Merchants',
    summary: 'Every active merchant\'s id and name',
    ok: { status: 200, schema: merchantSummaryList, description: 'The merchants.' },
    refusals: {},
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/merchants/:id',
    tag: 'Merchants',
    summary: 'A merchant\'s public card',
    params: idParams,
    ok: { status: 200, schema: publicMerchant, description: 'The merchant, with "open now" on its clock and its live deals\' rating.' },
    refusals: { 404: 'No merchant with this id is shown to the caller.' },
  }),
};
