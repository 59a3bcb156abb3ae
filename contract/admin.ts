/** Bodies and answers of the superadmin's merchant and deal management (docs/product/api.md#superadmin). */
import { z } from 'zod';
import { isImageUrl } from './urls';
import {
  MIN_CHARGE_CENTS,
  COMMISSION_BPS_MAX,
  DEAL_GALLERY_MAX,
  DEAL_TEXT_MAX_LENGTH,
  DEAL_TITLE_MAX_LENGTH,
  DEFAULT_COMMISSION_BPS,
  DEFAULT_INVENTORY,
  DEFAULT_MAX_PER_USER,
  GROUP_SIZE_MAX,
  GROUP_SIZE_MIN,
  GROUP_WINDOW_HOURS_DEFAULT,
  GROUP_WINDOW_HOURS_MAX,
  IMAGE_URL_MAX_LENGTH,
  MERCHANT_PHOTOS_MAX,
  INVENTORY_MAX,
  LATITUDE_MAX,
  LONGITUDE_MAX,
  MAX_PER_USER_MAX,
  MERCHANT_ADDRESS_MAX_LENGTH,
  MERCHANT_CITY_MAX_LENGTH,
  MERCHANT_DESCRIPTION_MAX_LENGTH,
  MERCHANT_NAME_MAX_LENGTH,
  NEXT_CURSOR_HEADER,
  PRICE_MAX_CENTS,
  REJECTION_REASON_MAX_LENGTH,
} from './constants';
import { reason } from './reasons';
import { bootstrapBody, checkRoleAnswer, phone, promoteAnswer, promoteBody, sessionAnswer } from './auth';
import { idParams, messageAnswer } from './common';
import { endpoint } from './endpoint';
import { guards } from './refusals';
import { deal, dealPageQuery, dealStatus } from './deals';
import { HOURS_PATTERN, merchant, merchantStatus } from './merchants';
import { isTimeZone } from './time-zones';

const hoursPeriod = z
  .string()
  .trim()
  .regex(HOURS_PATTERN, { message: reason('validation.hoursPattern') })
  .refine((v) => v.slice(0, 5) < v.slice(6), { message: reason('validation.hoursOrder') });

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
        ctx.addIssue({ code: 'custom', message: reason('validation.hoursObject') });
        return z.NEVER;
      }
    }
    if (raw === null) return null;
    if (typeof raw !== 'object' || Array.isArray(raw)) {
      ctx.addIssue({ code: 'custom', message: reason('validation.hoursObject') });
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
  .number({ message: reason('validation.number') })
  .int({ message: reason('validation.basisPoints') })
  .min(0, { message: reason('validation.notNegative') })
  .max(COMMISSION_BPS_MAX, { message: reason('validation.atMostPercent') });

const coordinate = (max: number) =>
  z
    .number({ message: reason('validation.number') })
    .min(-max, { message: reason('validation.between', { max }) })
    .max(max, { message: reason('validation.between', { max }) })
    .nullable();

/** A merchant's place: its city, and its latitude and longitude, both or neither (null clears them). */
const placeFields = {
  city: z
    .string()
    .trim()
    .max(MERCHANT_CITY_MAX_LENGTH, { message: reason('validation.atMostCharacters', { max: MERCHANT_CITY_MAX_LENGTH }) })
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null)),
  latitude: coordinate(LATITUDE_MAX).optional(),
  longitude: coordinate(LONGITUDE_MAX).optional(),
};

/**
 * The merchant's clock (ADR 039): an IANA zone name the server knows (`America/Los_Angeles`). Left out on a create,
 * it is found from the latitude and longitude (UTC without them); left out on an edit, it stays as it is.
 */
const timeZone = z
  .string({ message: reason('validation.timeZone') })
  .trim()
  .refine(isTimeZone, { message: reason('validation.timeZone') })
  .optional();

type Place = { latitude?: number | null | undefined; longitude?: number | null | undefined };
/** Latitude and longitude come together: both numbers, both null, or (on an edit) both left out. */
function bothOrNeither(v: Place, ctx: z.RefinementCtx): void {
  const lat = v.latitude ?? null;
  const lng = v.longitude ?? null;
  if ((lat === null) !== (lng === null) || (v.latitude === undefined) !== (v.longitude === undefined)) {
    ctx.addIssue({ code: 'custom', path: [lat === null ? 'latitude' : 'longitude'], message: reason('validation.bothCoordinates') });
  }
}

const name = z
  .string({ message: reason('validation.required') })
  .trim()
  .min(1, { message: reason('validation.required') })
  .max(MERCHANT_NAME_MAX_LENGTH, { message: reason('validation.atMostCharacters', { max: MERCHANT_NAME_MAX_LENGTH }) });
const longText = (max: number) => z.string().max(max, { message: reason('validation.atMostCharacters', { max }) });

export const createMerchantBody = z.object({
  name,
  phone,
  address: longText(MERCHANT_ADDRESS_MAX_LENGTH).trim().optional().default(''),
  description: longText(MERCHANT_DESCRIPTION_MAX_LENGTH).trim().optional().default(''),
  businessHours: businessHoursInput,
  commissionBps: commissionBps.optional().default(DEFAULT_COMMISSION_BPS),
  ...placeFields,
  timeZone,
}).superRefine(bothOrNeither);
export type CreateMerchantBody = z.input<typeof createMerchantBody>;

export const updateMerchantBody = z.object({
  name,
  /** Its photos' addresses, the cover first, at most MERCHANT_PHOTOS_MAX; empty ones dropped; left out, they stay. */
  photoUrls: z
    .array(z.string().trim().max(IMAGE_URL_MAX_LENGTH, { message: reason('validation.tooLong') }).refine((u) => u === '' || isImageUrl(u), { message: reason('validation.url') }), { message: reason('validation.imageList') })
    .transform((urls) => urls.filter((u) => u !== ''))
    .refine((urls) => urls.length <= MERCHANT_PHOTOS_MAX, { message: reason('validation.galleryMax', { max: MERCHANT_PHOTOS_MAX }) })
    .optional(),
  phone: phone.optional(),
  address: longText(MERCHANT_ADDRESS_MAX_LENGTH).trim().optional(),
  description: longText(MERCHANT_DESCRIPTION_MAX_LENGTH).trim().optional(),
  businessHours: businessHoursInput,
  status: merchantStatus.optional(),
  commissionBps: commissionBps.optional(),
  ...placeFields,
  timeZone,
}).superRefine(bothOrNeither);

export const merchantStatusBody = z.object({ status: merchantStatus });

export const adminMerchant = merchant.extend({
  dealCount: z.number().int(),
  accountPhone: z.string().nullable(),
  /** Commission on this merchant's sales, in basis points (1000 = 10%). */
  commissionBps: z.number().int(),
  /** The merchant's clock, an IANA zone name: its "today", charts and statement weeks are counted in it (ADR 039). */
  timeZone: z.string(),
});
export type AdminMerchant = z.infer<typeof adminMerchant>;
export const adminMerchantList = z.array(adminMerchant);

export const createdMerchantAnswer = adminMerchant.extend({
  /** The merchant account's login, shown once to the admin. */
  loginInfo: z.object({ phone: z.string(), password: z.string() }),
});

const cents = z
  .number({ message: reason('validation.centsNumber') })
  .int({ message: reason('validation.wholeCents') })
  .min(0, { message: reason('validation.notNegative') })
  .max(PRICE_MAX_CENTS, { message: reason('validation.tooLarge') });


const dealPrice = cents.refine((v) => v === 0 || v >= MIN_CHARGE_CENTS, { message: reason('validation.freeOrMinimumCharge') });
const groupPrice = cents.min(MIN_CHARGE_CENTS, { message: reason('validation.atLeastMinimumCharge') });

const imageUrl = z
  .string()
  .trim()
  .max(IMAGE_URL_MAX_LENGTH, { message: reason('validation.tooLong') })
  .refine(isImageUrl, { message: reason('validation.url') });

const when = z.iso
  .datetime({ offset: true, message: reason('validation.dateTime') })
  .nullable()
  .optional()
  .transform((v) => (v ? new Date(v) : null));

export const dealFields = z.object({
  merchantId: z.uuid({ message: reason('validation.chooseMerchant') }),
  title: z
    .string({ message: reason('validation.required') })
    .trim()
    .min(1, { message: reason('validation.required') })
    .max(DEAL_TITLE_MAX_LENGTH, { message: reason('validation.atMostCharacters', { max: DEAL_TITLE_MAX_LENGTH }) }),
  priceCents: dealPrice,
  originalPriceCents: cents.nullable().optional().default(null),
  description: longText(DEAL_TEXT_MAX_LENGTH).optional().default(''),
  imageUrl: imageUrl.optional().default(''),
  inventory: z
    .number({ message: reason('validation.number') })
    .int({ message: reason('validation.wholeNumber') })
    .min(0, { message: reason('validation.notNegative') })
    .max(INVENTORY_MAX, { message: reason('validation.tooLarge') })
    .optional()
    .default(DEFAULT_INVENTORY),
  maxPerUser: z
    .number({ message: reason('validation.number') })
    .int({ message: reason('validation.wholeNumber') })
    .min(1, { message: reason('validation.atLeast', { min: 1 }) })
    .max(MAX_PER_USER_MAX, { message: reason('validation.tooLarge') })
    .optional()
    .default(DEFAULT_MAX_PER_USER),
  validFrom: when,
  validUntil: when,
  redemptionInstructions: longText(DEAL_TEXT_MAX_LENGTH).optional().default(''),
  termsConditions: longText(DEAL_TEXT_MAX_LENGTH).optional().default(''),
  refundAnytime: z.boolean().optional().default(true),
  autoRefundOnExpiry: z.boolean().optional().default(true),
  /** A group offer (docs/product/rules.md#group-deals): size and price together, or neither. */
  groupSize: z
    .number({ message: reason('validation.number') })
    .int({ message: reason('validation.wholeNumber') })
    .min(GROUP_SIZE_MIN, { message: reason('validation.atLeast', { min: GROUP_SIZE_MIN }) })
    .max(GROUP_SIZE_MAX, { message: reason('validation.atMost', { max: GROUP_SIZE_MAX }) })
    .nullable()
    .optional()
    .default(null),
  groupPriceCents: groupPrice.nullable().optional().default(null),
  groupWindowHours: z
    .number({ message: reason('validation.number') })
    .int({ message: reason('validation.wholeNumber') })
    .min(1, { message: reason('validation.atLeast', { min: 1 }) })
    .max(GROUP_WINDOW_HOURS_MAX, { message: reason('validation.atMost', { max: GROUP_WINDOW_HOURS_MAX }) })
    .optional()
    .default(GROUP_WINDOW_HOURS_DEFAULT),
  /** The deal's category (GET /api/categories), or null. */
  categoryId: z.uuid({ message: reason('validation.chooseCategory') }).nullable().optional().default(null),
  /** More photos after the main image, at most DEAL_GALLERY_MAX; empty addresses are dropped. */
  galleryUrls: z
    .array(imageUrl, { message: reason('validation.imageList') })
    .optional()
    .default([])
    .transform((urls) => urls.filter((u) => u !== ''))
    .refine((urls) => urls.length <= DEAL_GALLERY_MAX, { message: reason('validation.galleryMax', { max: DEAL_GALLERY_MAX }) }),
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
    .refine(validWindow, { message: reason('validation.notBeforeValidFrom'), path: ['validUntil'] })
    .refine(groupOfferComplete, { message: reason('validation.bothGroupFields'), path: ['groupPriceCents'] })
    .refine(groupPriceBelowPrice, { message: reason('validation.belowPrice'), path: ['groupPriceCents'] });
}

export const createDealBody = checkedDeal(dealFields);
export type CreateDealBody = z.input<typeof createDealBody>;

export const updateDealBody = checkedDeal(dealFields.extend({ status: dealStatus.optional() }));

export const dealStatusBody = z.object({ status: dealStatus, active: z.boolean() });

/** GET /api/admin/deals: the deal list's query, plus `status` (the review queue is `status=pending_review`). */
export const adminDealListQuery = dealPageQuery.extend({ status: dealStatus.optional() });

/** POST /api/admin/deals/{id}/reject: the reason goes back to the merchant who proposed the deal. */
export const rejectDealBody = z.object({
  reason: z
    .string({ message: reason('validation.giveReason') })
    .trim()
    .min(1, { message: reason('validation.giveReason') })
    .max(REJECTION_REASON_MAX_LENGTH, { message: reason('validation.atMostCharacters', { max: REJECTION_REASON_MAX_LENGTH }) }),
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

/** The first superadmin, the role check and promotion (docs/product/api.md#superadmin). */
export const adminAccountEndpoints = {
  bootstrap: endpoint({
    method: 'POST',
    path: '/api/admin/bootstrap',
    tag: 'Admin: accounts',
    summary: 'Makes the phone\'s account the first superadmin and logs it in',
    description:
      'Anyone with the `X-Bootstrap-Secret` header, outside production only (in production the route does not exist). The phone\'s account is made if needed; sets the session cookie. Ten tries in 15 minutes per client address.',
    body: bootstrapBody,
    ok: { status: 200, schema: sessionAnswer, description: 'The new superadmin\'s session and user.' },
    refusals: {
      403: 'Bootstrap is disabled (no BOOTSTRAP_SECRET on the server), or the secret header is missing or wrong.',
      409: 'A superadmin already exists.',
      429: 'Over ten tries in 15 minutes from one address.',
    },
  }),
  checkRole: endpoint({
    method: 'GET',
    path: '/api/admin/check-role',
    tag: 'Admin: accounts',
    summary: 'Whether the signed-in account is a superadmin',
    description: 'Signed in, any role.',
    ok: { status: 200, schema: checkRoleAnswer, description: '`{isSuperAdmin}`.' },
    refusals: guards(),
  }),
  promote: endpoint({
    method: 'POST',
    path: '/api/admin/promote-superadmin',
    tag: 'Admin: accounts',
    summary: 'Makes the account with this email a superadmin',
    description:
      'Superadmins. The account is found by its email, ignoring case; a merchant account stops being owner or staff. Promoting a superadmin again changes nothing.',
    body: promoteBody,
    ok: { status: 200, schema: promoteAnswer, description: '`{message, user: {id, phone, email, role}}`.' },
    refusals: { ...guards({ account: 'a superadmin', write: true }), 404: 'No user has that email.' },
  }),
};

/** The superadmins' management of merchants (docs/product/api.md#superadmin). */
export const adminMerchantEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/merchants',
    tag: 'Admin: merchants',
    summary: 'Every merchant, whatever its status, by name',
    description: 'Superadmins. Each with its deal count, its owner account\'s phone and its commission rate.',
    ok: { status: 200, schema: adminMerchantList, description: 'The merchants.' },
    refusals: guards({ account: 'a superadmin' }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/admin/merchants',
    tag: 'Admin: merchants',
    summary: 'Creates an active merchant with its login account',
    description:
      'Superadmins. The owner account\'s password is generated, answered only here, and must be replaced at its first login. Without a `timeZone`, the merchant\'s zone is found from its latitude and longitude, UTC when it has none (ADR 039).',
    body: createMerchantBody,
    ok: { status: 201, schema: createdMerchantAnswer, description: 'The merchant with `loginInfo: {phone, password}`.' },
    refusals: {
      ...guards({ account: 'a superadmin', write: true }),
      400: 'A field is not valid, such as a `timeZone` that is no IANA zone the server knows (`timeZone: Choose a time zone from the list`).',
      409: 'An account with this phone number already exists.',
    },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/admin/merchants/:id',
    tag: 'Admin: merchants',
    summary: 'Edits a merchant\'s card and commission',
    description:
      'Superadmins. Fields left out stay as they are; the login account keeps its phone. A new `timeZone` moves the merchant\'s "today", charts and coming statement weeks to that zone; moving its place does not change its zone.',
    params: idParams,
    body: updateMerchantBody,
    ok: { status: 200, schema: adminMerchant, description: 'The merchant.' },
    refusals: {
      ...guards({ account: 'a superadmin', write: true }),
      400: 'A field is not valid, such as a `timeZone` that is no IANA zone the server knows (`timeZone: Choose a time zone from the list`).',
      404: 'No merchant with this id.',
    },
  }),
  setStatus: endpoint({
    method: 'PATCH',
    path: '/api/admin/merchants/:id/status',
    tag: 'Admin: merchants',
    summary: 'Sets a merchant active, inactive or pending',
    description: 'Superadmins. Anything but active hides its deals from shoppers and stops its accounts\' sessions.',
    params: idParams,
    body: merchantStatusBody,
    ok: { status: 200, schema: adminMerchant, description: 'The merchant.' },
    refusals: { ...guards({ account: 'a superadmin', write: true }), 404: 'No merchant with this id.' },
  }),
};

/** The superadmins' management of deals and the review of merchants' proposals (docs/product/api.md#superadmin). */
export const adminDealEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/deals',
    tag: 'Admin: deals',
    summary: 'A page of every deal in any state',
    description: `Superadmins. Newest first; with \`status=pending_review\`, the review queue, oldest submission first. The next page's cursor comes in the \`${NEXT_CURSOR_HEADER}\` header.`,
    query: adminDealListQuery,
    ok: { status: 200, schema: adminDealList, description: 'The page\'s deals.' },
    refusals: { ...guards({ account: 'a superadmin' }), 400: 'The cursor is not one the server made.' },
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/admin/deals',
    tag: 'Admin: deals',
    summary: 'Creates a deal as an inactive draft',
    description:
      'Superadmins. Rich text is cleaned before it is stored. With `createStripeProduct` the product and price are made at the payment provider; if that fails the deal is still saved and `catalogSyncError` says why.',
    body: createDealBody,
    ok: { status: 201, schema: savedDealAnswer, description: 'The deal with `catalogSyncError`.' },
    refusals: { ...guards({ account: 'a superadmin', write: true }), 400: 'The merchant does not exist or is not active, or the category does not exist.' },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/admin/deals/:id',
    tag: 'Admin: deals',
    summary: 'Saves every field of a deal, and optionally its state',
    description: 'Superadmins. A state other than `published` also switches the deal off.',
    params: idParams,
    body: updateDealBody,
    ok: { status: 200, schema: savedDealAnswer, description: 'The deal with `catalogSyncError`.' },
    refusals: {
      ...guards({ account: 'a superadmin', write: true }),
      400: 'The deal moves to a merchant that does not exist or is not active, the category does not exist, or the state is `pending_review` or `rejected`.',
      404: 'No deal with this id.',
      409: 'The inventory would be below the units already sold or held.',
    },
  }),
  setStatus: endpoint({
    method: 'PATCH',
    path: '/api/admin/deals/:id/status',
    tag: 'Admin: deals',
    summary: 'Publishes, unpublishes, pauses or archives a deal',
    description: 'Superadmins. A deal under review or turned down leaves the review, and a rejection\'s reason goes.',
    params: idParams,
    body: dealStatusBody,
    ok: { status: 200, schema: adminDeal, description: 'The deal.' },
    refusals: {
      ...guards({ account: 'a superadmin', write: true }),
      400: 'The state is `pending_review` or `rejected`, or an active deal that is not published.',
      404: 'No deal with this id.',
    },
  }),
  approve: endpoint({
    method: 'POST',
    path: '/api/admin/deals/:id/approve',
    tag: 'Admin: deals',
    summary: 'Approves a merchant\'s proposal: published and on sale at once',
    description: 'Superadmins.',
    params: idParams,
    ok: { status: 200, schema: adminDeal, description: 'The deal.' },
    refusals: { ...guards({ account: 'a superadmin', write: true }), 404: 'No deal with this id.', 409: 'The deal is not waiting for review.' },
  }),
  reject: endpoint({
    method: 'POST',
    path: '/api/admin/deals/:id/reject',
    tag: 'Admin: deals',
    summary: 'Turns a merchant\'s proposal down with a reason',
    description: 'Superadmins. The merchant sees the reason and may change the deal and hand it in again.',
    params: idParams,
    body: rejectDealBody,
    ok: { status: 200, schema: adminDeal, description: 'The deal.' },
    refusals: { ...guards({ account: 'a superadmin', write: true }), 404: 'No deal with this id.', 409: 'The deal is not waiting for review.' },
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/api/admin/deals/:id',
    tag: 'Admin: deals',
    summary: 'Deletes a deal nobody has ordered',
    description: 'Superadmins. A deal with orders or vouchers must be archived instead.',
    params: idParams,
    ok: { status: 200, schema: messageAnswer, description: '`{message: \'Deal deleted\'}`.' },
    refusals: { ...guards({ account: 'a superadmin', write: true }), 404: 'No deal with this id.', 409: 'The deal has orders or vouchers.' },
  }),
};
