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
});
export type Merchant = z.infer<typeof merchant>;

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
    ok: { status: 200, schema: merchant, description: 'The merchant.' },
    refusals: { 404: 'No merchant with this id is shown to the caller.' },
  }),
};
