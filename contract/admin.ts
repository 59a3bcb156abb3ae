/** Bodies and answers of the superadmin's merchant and deal management (docs/product/api.md#superadmin). */
import { z } from 'zod';
import { isImageUrl } from './urls';
import {
  MIN_CHARGE_CENTS,
  DEAL_GALLERY_MAX,
  DEFAULT_COMMISSION_BPS,
  DEFAULT_INVENTORY,
  DEFAULT_MAX_PER_USER,
  GROUP_SIZE_MAX,
  GROUP_SIZE_MIN,
  GROUP_WINDOW_HOURS_DEFAULT,
  GROUP_WINDOW_HOURS_MAX,
} from './constants';
import { phone } from './auth';
import { deal, dealPageQuery, dealStatus } from './deals';
import { HOURS_PATTERN, merchant, merchantStatus } from './merchants';

const hoursPeriod = z
  .string()
  .trim()
  .regex(HOURS_PATTERN, { message: 'must look like 09:00-12:00' })
  .refine((v) => v.slice(0, 5) < v.slice(6), { message: 'must end after it starts' });

const hoursObject = z
  .object({ morning: hoursPeriod.optional(), afternoon: hoursPeriod.optional(), evening: hoursPeriod.optional() })
  .strict();

/**
 * Business hours arrive as a JSON string (as docs/product/api.md#superadmin describes) or an object; empty periods are
 * dropped and no periods at all means null. Leaving the field out means "unchanged".
 */
export const businessHoursInput = z
  .union([z.string(), z.record(z.string(), z.unknown()), z.null()])
  .optional()
  .transform((value, ctx) => {
    // Not sent: an edit keeps the hours it has (a create stores none).
    if (value === undefined) return undefined;
    if (value === null || value === '') return null;
    let raw: unknown = value;
    if (typeof value === 'string') {
      try {
        raw = JSON.parse(value);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON object of periods' });
        return z.NEVER;
      }
    }
    if (raw === null) return null;
    if (typeof raw !== 'object' || Array.isArray(raw)) {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON object of periods' });
      return z.NEVER;
    }
    const cleaned = Object.fromEntries(Object.entries(raw as Record<string, unknown>).filter(([, v]) => v !== '' && v !== null && v !== undefined));
    const parsed = hoursObject.safeParse(cleaned);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      return z.NEVER;
    }
    return Object.keys(parsed.data).length > 0 ? parsed.data : null;
  });

/** A commission rate in basis points: 1000 is 10% (ADR 028). */
export const commissionBps = z
  .number({ message: 'must be a number' })
  .int({ message: 'must be a whole number of basis points' })
  .min(0, { message: 'must not be negative' })
  .max(10_000, { message: 'must be at most 100%' });

const coordinate = (max: number) =>
  z
    .number({ message: 'must be a number' })
    .min(-max, { message: `must be between -${max} and ${max}` })
    .max(max, { message: `must be between -${max} and ${max}` })
    .nullable();

/** A merchant's place: its city, and its latitude and longitude, both or neither (null clears them). */
const placeFields = {
  city: z
    .string()
    .trim()
    .max(100, { message: 'must be at most 100 characters' })
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null)),
  latitude: coordinate(90).optional(),
  longitude: coordinate(180).optional(),
};

type Place = { latitude?: number | null | undefined; longitude?: number | null | undefined };
/** Latitude and longitude come together: both numbers, both null, or (on an edit) both left out. */
function bothOrNeither(v: Place, ctx: z.RefinementCtx): void {
  const lat = v.latitude ?? null;
  const lng = v.longitude ?? null;
  if ((lat === null) !== (lng === null) || (v.latitude === undefined) !== (v.longitude === undefined)) {
    ctx.addIssue({ code: 'custom', path: [lat === null ? 'latitude' : 'longitude'], message: 'Give both the latitude and the longitude, or neither' });
  }
}

const name = z.string({ message: 'is required' }).trim().min(1, { message: 'is required' }).max(120, { message: 'must be at most 120 characters' });
const longText = (max: number) => z.string().max(max, { message: `must be at most ${max} characters` });

export const createMerchantBody = z.object({
  name,
  phone,
  address: longText(300).trim().optional().default(''),
  description: longText(2000).trim().optional().default(''),
  businessHours: businessHoursInput,
  commissionBps: commissionBps.optional().default(DEFAULT_COMMISSION_BPS),
  ...placeFields,
}).superRefine(bothOrNeither);
export type CreateMerchantBody = z.input<typeof createMerchantBody>;

export const updateMerchantBody = z.object({
  name,
  phone: phone.optional(),
  address: longText(300).trim().optional(),
  description: longText(2000).trim().optional(),
  businessHours: businessHoursInput,
  status: merchantStatus.optional(),
  commissionBps: commissionBps.optional(),
  ...placeFields,
}).superRefine(bothOrNeither);

export const merchantStatusBody = z.object({ status: merchantStatus });

export const adminMerchant = merchant.extend({
  dealCount: z.number().int(),
  accountPhone: z.string().nullable(),
  /** Commission on this merchant's sales, in basis points (1000 = 10%). */
  commissionBps: z.number().int(),
});
export type AdminMerchant = z.infer<typeof adminMerchant>;
export const adminMerchantList = z.array(adminMerchant);

export const createdMerchantAnswer = adminMerchant.extend({
  /** The merchant account's login, shown once to the admin. */
  loginInfo: z.object({ phone: z.string(), password: z.string() }),
});

const cents = z
  .number({ message: 'must be a number of cents' })
  .int({ message: 'must be a whole number of cents' })
  .min(0, { message: 'must not be negative' })
  .max(100_000_000, { message: 'is too large' });


const dealPrice = cents.refine((v) => v === 0 || v >= MIN_CHARGE_CENTS, { message: 'must be $0.00 or at least $0.50' });
const groupPrice = cents.min(MIN_CHARGE_CENTS, { message: 'must be at least $0.50' });

const imageUrl = z
  .string()
  .trim()
  .max(2000, { message: 'is too long' })
  .refine(isImageUrl, { message: 'must be a URL' });

const when = z.iso
  .datetime({ offset: true, message: 'must be a date and time' })
  .nullable()
  .optional()
  .transform((v) => (v ? new Date(v) : null));

export const dealFields = z.object({
  merchantId: z.uuid({ message: 'Please choose a merchant' }),
  title: z.string({ message: 'is required' }).trim().min(1, { message: 'is required' }).max(200, { message: 'must be at most 200 characters' }),
  priceCents: dealPrice,
  originalPriceCents: cents.nullable().optional().default(null),
  description: longText(20_000).optional().default(''),
  imageUrl: imageUrl.optional().default(''),
  inventory: z
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(0, { message: 'must not be negative' })
    .max(10_000_000, { message: 'is too large' })
    .optional()
    .default(DEFAULT_INVENTORY),
  maxPerUser: z
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(1, { message: 'must be at least 1' })
    .max(1000, { message: 'is too large' })
    .optional()
    .default(DEFAULT_MAX_PER_USER),
  validFrom: when,
  validUntil: when,
  redemptionInstructions: longText(20_000).optional().default(''),
  termsConditions: longText(20_000).optional().default(''),
  refundAnytime: z.boolean().optional().default(true),
  autoRefundOnExpiry: z.boolean().optional().default(true),
  /** A group offer (docs/product/rules.md#group-deals): size and price together, or neither. */
  groupSize: z
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(GROUP_SIZE_MIN, { message: `must be at least ${GROUP_SIZE_MIN}` })
    .max(GROUP_SIZE_MAX, { message: `must be at most ${GROUP_SIZE_MAX}` })
    .nullable()
    .optional()
    .default(null),
  groupPriceCents: groupPrice.nullable().optional().default(null),
  groupWindowHours: z
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(1, { message: 'must be at least 1' })
    .max(GROUP_WINDOW_HOURS_MAX, { message: `must be at most ${GROUP_WINDOW_HOURS_MAX}` })
    .optional()
    .default(GROUP_WINDOW_HOURS_DEFAULT),
  /** The deal's category (GET /api/categories), or null. */
  categoryId: z.uuid({ message: 'Please choose a category' }).nullable().optional().default(null),
  /** More photos after the main image, at most DEAL_GALLERY_MAX; empty addresses are dropped. */
  galleryUrls: z
    .array(imageUrl, { message: 'must be a list of image addresses' })
    .optional()
    .default([])
    .transform((urls) => urls.filter((u) => u !== ''))
    .refine((urls) => urls.length <= DEAL_GALLERY_MAX, { message: `must hold at most ${DEAL_GALLERY_MAX} photos` }),
  /** Create (or update) the product and price at the payment provider. */
  createStripeProduct: z.boolean().optional().default(false),
});

const validWindow = <T extends { validFrom: Date | null; validUntil: Date | null }>(v: T) =>
  !v.validFrom || !v.validUntil || v.validFrom <= v.validUntil;

type GroupOffer = { priceCents: number; groupSize: number | null; groupPriceCents: number | null };
/** A group offer names both its size and its price, and the group price is below the deal's (its floor is the field's own). */
const groupOfferComplete = (v: GroupOffer) => (v.groupSize === null) === (v.groupPriceCents === null);
const groupPriceBelowPrice = (v: GroupOffer) => v.groupPriceCents === null || v.groupPriceCents < v.priceCents;

/** A deal's fields with the checks across them: the validity window and the group offer. */
export function checkedDeal<T extends z.ZodType<GroupOffer & { validFrom: Date | null; validUntil: Date | null }>>(schema: T) {
  return schema
    .refine(validWindow, { message: 'must not be before validFrom', path: ['validUntil'] })
    .refine(groupOfferComplete, { message: 'Give both the group size and the group price, or neither', path: ['groupPriceCents'] })
    .refine(groupPriceBelowPrice, { message: 'must be below the price', path: ['groupPriceCents'] });
}

export const createDealBody = checkedDeal(dealFields);
export type CreateDealBody = z.input<typeof createDealBody>;

export const updateDealBody = checkedDeal(dealFields.extend({ status: dealStatus.optional() }));

export const dealStatusBody = z.object({ status: dealStatus, active: z.boolean() });

/** GET /api/admin/deals: the deal list's query, plus `status` (the review queue is `status=pending_review`). */
export const adminDealListQuery = dealPageQuery.extend({ status: dealStatus.optional() });

/** POST /api/admin/deals/{id}/reject: the reason goes back to the merchant who proposed the deal. */
export const rejectDealBody = z.object({
  reason: z.string({ message: 'Please give a reason' }).trim().min(1, { message: 'Please give a reason' }).max(1000, { message: 'must be at most 1000 characters' }),
});

export const adminDeal = deal.extend({
  stripeProductId: z.string().nullable(),
  stripePriceId: z.string().nullable(),
  merchantStatus: merchantStatus,
  updatedAt: z.string(),
  /** Why a superadmin turned the proposal down (status `rejected`); null otherwise. */
  rejectionReason: z.string().nullable(),
  /** When the merchant last handed it in for review; null for a deal never proposed. */
  submittedAt: z.string().nullable(),
  /** The category's id, for the deal form (shoppers get `category`). */
  categoryId: z.string().nullable(),
});
export type AdminDeal = z.infer<typeof adminDeal>;
export const adminDealList = z.array(adminDeal);

/** Answer of a save that also asked for the payment-provider product: the sync may fail on its own. */
export const savedDealAnswer = adminDeal.extend({ catalogSyncError: z.string().nullable() });
