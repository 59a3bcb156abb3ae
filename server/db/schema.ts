/**
 * The relational schema. Every invariant that matters for money or vouchers is also a constraint
 * here, so that a bug in a service cannot write a state the product forbids.
 */
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
  customType,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { ReconciliationDifference } from '../../contract/money';
import { NOTIFICATION_KIND_VALUES } from '../../contract/constants';
import { timestamptz } from './timestamptz';

const ts = (name: string) => timestamptz(name);
const tsNow = (name: string) => timestamptz(name).notNull().default(sql`now()`);
const createdAt = () => tsNow('created_at');
const updatedAt = () => tsNow('updated_at');

export const merchants = pgTable(
  'merchants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull().default(''),
    description: text('description').notNull().default(''),
    status: text('status', { enum: ['active', 'inactive', 'pending'] }).notNull().default('active'),
    /** {morning?, afternoon?, evening?}, each 'HH:MM-HH:MM'. */
    businessHours: jsonb('business_hours').$type<Record<string, string>>(),
    /** The marketplace's commission on this merchant's sales, in basis points (1000 = 10%; ADR 028). */
    commissionBps: integer('commission_bps').notNull().default(1000),
    /** Where the merchant is, in degrees (WGS 84): both or neither; the deal list's `nearest` order reads them (ADR 030). */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    city: text('city'),
    /**
     * The merchant's clock, an IANA zone name (e.g. America/Los_Angeles): its "today", charts, statement weeks and
     * "open now" are counted in it. Found from the location when the merchant is created; a superadmin may change it.
     */
    timeZone: text('time_zone').notNull().default('UTC'),
    /** Its photos' addresses, the cover first, at most 8 (MERCHANT_PHOTOS_MAX); uploaded ones are `/api/photos/{id}/800.webp`. */
    photoUrls: text('photo_urls').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('merchants_status_check', sql`${t.status} in ('active', 'inactive', 'pending')`),
    check('merchants_commission_check', sql`${t.commissionBps} between 0 and 10000`),
    check(
      'merchants_location_check',
      sql`(${t.latitude} is null) = (${t.longitude} is null) and (${t.latitude} is null or (${t.latitude} between -90 and 90 and ${t.longitude} between -180 and 180))`,
    ),
    index('merchants_status_idx').on(t.status),
    // The shoppers' search reads the merchants whose name holds the words first (server/catalog/deal-list.ts).
    index('merchants_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`).with({ fastupdate: false }),
  ],
);

/** The superadmins' list of deal categories (Food, Spa & Beauty, ...), shown in `position` order. */
export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-case letters, digits and dashes; the deal list's `category` parameter. */
    slug: text('slug').notNull(),
    /** The English name. */
    name: text('name').notNull(),
    /** The Chinese name (zh-CN); shown instead of `name` on Chinese screens, which fall back to `name` while it is empty. */
    nameZh: text('name_zh').notNull().default(''),
    /** The short name of an icon the web app draws (e.g. 'utensils'). */
    icon: text('icon').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('categories_slug_key').on(t.slug),
    check('categories_slug_check', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Normalised: digits with an optional leading '+'. */
    phone: text('phone').notNull(),
    phoneVerified: boolean('phone_verified').notNull().default(false),
    /** The verified email: the only one password login and promotion find the user by. */
    email: text('email'),
    /** An email the user asked for and has not confirmed with its code yet; it counts for nothing. */
    pendingEmail: text('pending_email'),
    passwordHash: text('password_hash'),
    role: text('role', { enum: ['customer', 'merchant', 'superadmin'] }).notNull().default('customer'),
    merchantId: uuid('merchant_id').references(() => merchants.id, { onDelete: 'set null' }),
    /** For merchant accounts: `owner`, or `staff` who may only redeem and read the log (ADR 028). */
    merchantRole: text('merchant_role', { enum: ['owner', 'staff'] }),
    /** Display name used on reviews; optional. */
    displayName: text('display_name'),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /**
     * The language the user last used the app in (the Accept-Language of their registration, sign-in or profile
     * change): the SMS texts sent to them are written in it (docs/product/language.md).
     */
    language: text('language', { enum: ['en', 'zh-CN'] }).notNull().default('en'),
    /**
     * What the user chose not to receive, as `channel:topic` (e.g. `sms:reminders`, `email:orders`; contract/notifications.ts).
     * Empty: everything on every channel. The bell in the app always lists everything.
     */
    notificationOptOuts: text('notification_opt_outs').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_phone_key').on(t.phone),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    check('users_role_check', sql`${t.role} in ('customer', 'merchant', 'superadmin')`),
    check('users_language_check', sql`${t.language} in ('en', 'zh-CN')`),
    check('users_merchant_binding_check', sql`${t.role} <> 'merchant' or ${t.merchantId} is not null`),
    check('users_merchant_role_check', sql`(${t.role} = 'merchant') = (${t.merchantRole} is not null) and (${t.merchantRole} is null or ${t.merchantRole} in ('owner', 'staff'))`),
    index('users_merchant_idx').on(t.merchantId).where(sql`${t.merchantId} is not null`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the session id; the id itself is never stored. */
    idHash: text('id_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: tsNow('last_seen_at'),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const smsCodes = pgTable(
  'sms_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** The client address that asked for it: a guess without the code's challenge counts against that address's codes only. */
    requestedFrom: text('requested_from'),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
  },
  (t) => [
    index('sms_codes_phone_created_idx').on(t.phone, t.createdAt),
    check('sms_codes_attempts_check', sql`${t.attempts} >= 0`),
  ],
);

/** One-time codes that confirm an email for an account; the email becomes the account's once the code is given back. */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Lowercased; the address the code was sent to. */
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
  },
  (t) => [
    index('email_codes_user_created_idx').on(t.userId, t.createdAt),
    check('email_codes_attempts_check', sql`${t.attempts} >= 0`),
  ],
);

/**
 * The text a shopper reads, in lower case: block tags become spaces, inline tags vanish (so
 * 'sour<b>dough</b>' is 'sourdough'), the entities the sanitiser writes are decoded (&amp; last, so
 * nothing is decoded twice), and runs of white space become one space. Lower case because search
 * compares lower(q) with LIKE, which is what ILIKE does in a UTF-8 database, without lowering each
 * row it reads (ADR 025).
 */
function searchableText(title: AnyPgColumn, description: AnyPgColumn): SQL {
  const blocksAsSpaces = sql`regexp_replace(${description}, '<\\s*/?\\s*(p|br|li|ul|ol|h3|h4|blockquote|div)\\y[^>]*>', ' ', 'gi')`;
  const noTags = sql`regexp_replace(${blocksAsSpaces}, '<[^>]*>', '', 'g')`;
  const decoded = sql`replace(replace(replace(replace(replace(replace(${noTags}, '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&')`;
  return sql`lower(${title} || ' ' || regexp_replace(${decoded}, '\\s+', ' ', 'g'))`;
}

export const deals = pgTable(
  'deals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    originalPriceCents: integer('original_price_cents'),
    imageUrl: text('image_url').notNull().default(''),
    active: boolean('active').notNull().default(false),
    status: text('status', { enum: ['draft', 'pending_review', 'rejected', 'published', 'archived'] }).notNull().default('draft'),
    /** Why a superadmin turned a merchant's proposal down; set with status `rejected` (ADR 028). */
    rejectionReason: text('rejection_reason'),
    /** When the merchant last handed the deal in for review. */
    submittedAt: ts('submitted_at'),
    /** Units offered; 0 means no limit. */
    inventory: integer('inventory').notNull().default(0),
    maxPerUser: integer('max_per_user').notNull().default(1),
    validFrom: ts('valid_from'),
    validUntil: ts('valid_until'),
    redemptionInstructions: text('redemption_instructions').notNull().default(''),
    termsConditions: text('terms_conditions').notNull().default(''),
    /** Title and description without tags, in lower case, for search and its trigram index. */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs((): SQL => searchableText(deals.title, deals.description)),
    /**
     * The merchant's name in lower case, for search and its trigram index: copied here by triggers
     * (migration 0009, on a deal's insert or move and on a merchant's rename) so that a search
     * reads deals alone (ADR 025).
     */
    searchMerchantName: text('search_merchant_name').notNull().default(''),
    stripeProductId: text('stripe_product_id'),
    stripePriceId: text('stripe_price_id'),
    /** The owner may refund an unused voucher whenever they like (ADR 027). */
    refundAnytime: boolean('refund_anytime').notNull().default(true),
    /** Unused vouchers are refunded by the expiry sweep once `validUntil` passes (ADR 027). */
    autoRefundOnExpiry: boolean('auto_refund_on_expiry').notNull().default(true),
    /** People a group needs to form (2 to 10), or null when the deal has no group price (ADR 029). */
    groupSize: integer('group_size'),
    /** One unit's price for a member of a group; set exactly with `groupSize`, below `priceCents`. */
    groupPriceCents: integer('group_price_cents'),
    /** Hours a group has to fill up once started. */
    groupWindowHours: integer('group_window_hours').notNull().default(24),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'restrict' }),
    /** Photos shown after `imageUrl`, at most 8. */
    galleryUrls: text('gallery_urls').array().notNull().default(sql`'{}'::text[]`),
    /**
     * Vouchers issued, as of the last refresh: the `popular` order's key. Counted again for recently
     * sold deals by the minute job (refreshSoldCounts), never in the payment's transaction, so that
     * payments of one deal do not queue on its row (ADR 030). The answers' soldCount is counted live.
     */
    soldCount: integer('sold_count').notNull().default(0),
    /** The deal's reviews and the sum of their stars, kept by a trigger on reviews in the review's transaction (ADR 030). */
    reviewCount: integer('review_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    /** The average of the stars to one decimal, 0 without reviews. */
    rating: numeric('rating', { precision: 2, scale: 1, mode: 'number' })
      .notNull()
      .generatedAlwaysAs(
        (): SQL => sql`case when ${deals.reviewCount} > 0 then round(${deals.ratingSum}::numeric / ${deals.reviewCount}, 1) else 0 end`,
      ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('deals_status_check', sql`${t.status} in ('draft', 'pending_review', 'rejected', 'published', 'archived')`),
    check('deals_rejection_check', sql`(${t.status} = 'rejected') = (${t.rejectionReason} is not null)`),
    check('deals_active_check', sql`not ${t.active} or ${t.status} = 'published'`),
    // A card payment below $0.50 cannot be taken (ADR 032): a deal is free or costs at least that.
    check('deals_price_check', sql`${t.priceCents} = 0 or ${t.priceCents} >= 50`),
    check('deals_original_price_check', sql`${t.originalPriceCents} is null or ${t.originalPriceCents} >= 0`),
    check('deals_inventory_check', sql`${t.inventory} >= 0`),
    check('deals_max_per_user_check', sql`${t.maxPerUser} >= 1`),
    check(
      'deals_group_check',
      sql`(${t.groupSize} is null) = (${t.groupPriceCents} is null) and (${t.groupSize} is null or (${t.groupSize} between 2 and 10 and ${t.groupPriceCents} >= 50 and ${t.groupPriceCents} < ${t.priceCents}))`,
    ),
    check('deals_group_window_check', sql`${t.groupWindowHours} between 1 and 168`),
    check(
      'deals_validity_check',
      sql`${t.validFrom} is null or ${t.validUntil} is null or ${t.validFrom} <= ${t.validUntil}`,
    ),
    check('deals_gallery_check', sql`cardinality(${t.galleryUrls}) <= 8`),
    check('deals_counters_check', sql`${t.soldCount} >= 0 and ${t.reviewCount} >= 0 and ${t.ratingSum} between ${t.reviewCount} and 5 * ${t.reviewCount}`),
    index('deals_merchant_idx').on(t.merchantId),
    index('deals_category_idx').on(t.categoryId).where(sql`${t.categoryId} is not null`),
    index('deals_pending_review_idx').on(t.submittedAt).where(sql`${t.status} = 'pending_review'`),
    // Without GIN's pending list, which every search would otherwise scan whole until a vacuum.
    index('deals_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('deals_search_merchant_name_trgm_idx').using('gin', t.searchMerchantName.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('deals_all_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // DESC NULLS FIRST, exactly what ORDER BY ... DESC means, so the index can hand pages out in order.
    index('deals_published_created_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'published'`),
    // One keyset index per order and filter of the shoppers' list (ADR 030), each over published deals.
    index('deals_published_category_created_idx')
      .on(t.categoryId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'published'`),
    index('deals_published_sold_idx').on(t.soldCount.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.status} = 'published'`),
    index('deals_published_price_idx').on(t.priceCents, t.id).where(sql`${t.status} = 'published'`),
    index('deals_published_ending_idx')
      .on(sql`coalesce(${t.validUntil}, 'infinity'::timestamptz)`, t.id)
      .where(sql`${t.status} = 'published'`),
    index('deals_published_rating_idx').on(t.rating, t.id).where(sql`${t.status} = 'published'`),
    index('deals_published_merchant_idx').on(t.merchantId, t.id).where(sql`${t.status} = 'published'`),
    // The nearest order of one category: each merchant's deals of that category by id, without reading the category's every deal.
    index('deals_published_merchant_category_idx').on(t.merchantId, t.categoryId, t.id).where(sql`${t.status} = 'published'`),
  ],
);

/**
 * A deal's offer, split over STOCK_BUCKETS rows so that concurrent checkouts of one deal lock
 * different rows (ADR 004). The units taken (issued as vouchers or held by open checkouts) are the
 * sum of `taken` over the deal's rows. `units` is the bucket's share of `deals.inventory`, or null
 * when the deal has no limit. Triggers create the rows with the deal and re-spread `units` when the
 * inventory changes (migration 0004); nothing references this table, so taking a unit locks only
 * the bucket.
 */
export const dealStock = pgTable(
  'deal_stock',
  {
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    bucket: smallint('bucket').notNull(),
    units: integer('units'),
    taken: integer('taken').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.dealId, t.bucket] }),
    check('deal_stock_units_check', sql`${t.units} is null or ${t.units} >= 0`),
    check('deal_stock_taken_check', sql`${t.taken} >= 0 and (${t.units} is null or ${t.taken} <= ${t.units})`),
  ],
);

export const favorites = pgTable(
  'favorites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.dealId] }), index('favorites_deal_idx').on(t.dealId)],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: text('status', { enum: ['pending', 'paid', 'expired', 'cancelled', 'refunded'] })
      .notNull()
      .default('pending'),
    provider: text('provider', { enum: ['stripe', 'test'] }).notNull(),
    /** The payment provider's checkout session id. */
    providerSessionId: text('provider_session_id'),
    /** The provider's reference of the payment (Stripe's payment intent), for refunds; set when it is known. */
    paymentRef: text('payment_ref'),
    totalCents: integer('total_cents').notNull(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    paidAt: ts('paid_at'),
    /** Set once, by the one transaction that issues the order's vouchers. */
    fulfilledAt: ts('fulfilled_at'),
  },
  (t) => [
    check('orders_status_check', sql`${t.status} in ('pending', 'paid', 'expired', 'cancelled', 'refunded')`),
    check('orders_total_check', sql`${t.totalCents} >= 0`),
    uniqueIndex('orders_provider_session_key').on(t.provider, t.providerSessionId),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_pending_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'pending'`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    title: text('title').notNull(),
  },
  (t) => [
    check('order_items_quantity_check', sql`${t.quantity} >= 1`),
    check('order_items_price_check', sql`${t.unitPriceCents} >= 0`),
    uniqueIndex('order_items_order_deal_key').on(t.orderId, t.dealId),
    index('order_items_deal_idx').on(t.dealId),
  ],
);

/** Units set aside for an open checkout; counted in deal_stock.taken while status is 'held'. */
export const holds = pgTable(
  'holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    status: text('status', { enum: ['held', 'converted', 'released'] }).notNull().default('held'),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('holds_quantity_check', sql`${t.quantity} >= 1`),
    check('holds_status_check', sql`${t.status} in ('held', 'converted', 'released')`),
    uniqueIndex('holds_order_item_key').on(t.orderItemId),
    index('holds_user_deal_idx').on(t.userId, t.dealId),
    index('holds_open_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'held'`),
  ],
);

/** Units of a deal one customer has taken (issued plus held), guarding maxPerUser under races. */
export const userDealUnits = pgTable(
  'user_deal_units',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    units: integer('units').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.dealId] }), check('user_deal_units_check', sql`${t.units} >= 0`)],
);

export const vouchers = pgTable(
  'vouchers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'restrict' }),
    /** Which unit of the order item this voucher is (0-based): one voucher per unit, ever. */
    unitIndex: integer('unit_index').notNull(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    code: text('code').notNull(),
    pin: text('pin').notNull(),
    /**
     * `active` until it is redeemed, refunded or expired (ADR 027). Every change is a conditional
     * update from the state it leaves, so one of two racing changes wins and the other finds nothing.
     */
    status: text('status', { enum: ['active', 'redeemed', 'refunded', 'expired'] }).notNull().default('active'),
    /** True exactly when `status` is `redeemed` (kept for the answers that carry it). */
    redeemed: boolean('redeemed').notNull().default(false),
    redeemedAt: ts('redeemed_at'),
    redeemedBy: uuid('redeemed_by').references(() => users.id, { onDelete: 'set null' }),
    validUntil: ts('valid_until').notNull(),
    /** When the expiry reminder was sent (once, VOUCHER_EXPIRY_REMINDER_DAYS before `validUntil`). */
    expiryRemindedAt: ts('expiry_reminded_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('vouchers_code_key').on(t.code),
    uniqueIndex('vouchers_unit_key').on(t.orderItemId, t.unitIndex),
    check('vouchers_unit_index_check', sql`${t.unitIndex} >= 0`),
    check('vouchers_status_check', sql`${t.status} in ('active', 'redeemed', 'refunded', 'expired')`),
    check('vouchers_redeemed_check', sql`${t.redeemed} = (${t.redeemedAt} is not null) and ${t.redeemed} = (${t.status} = 'redeemed')`),
    index('vouchers_user_idx').on(t.userId, t.createdAt),
    index('vouchers_deal_created_idx').on(t.dealId, t.createdAt),
    // The minute job's look-up of recently sold deals (refreshSoldCounts).
    index('vouchers_created_idx').on(t.createdAt),
    // The expiry sweep and its reminders read active vouchers by their end of validity.
    index('vouchers_active_valid_until_idx').on(t.validUntil).where(sql`${t.status} = 'active'`),
  ],
);

/**
 * A group of a deal's group offer (ADR 029): started by one customer, joined by others, each paying
 * one unit at the group price. `seats_taken` counts members holding a checkout or paid, `paid_count`
 * the paid ones; both move by conditional updates under the group row's lock, and the checks make
 * an overfull group impossible. The group forms when `paid_count` reaches `size` (its members'
 * vouchers are issued in that transaction) or fails when its deadline passes first (its paid members
 * are refunded).
 */
export const dealGroups = pgTable(
  'deal_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'restrict' }),
    startedBy: uuid('started_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The deal's group size and price when the group started: later edits of the deal do not move them. */
    size: integer('size').notNull(),
    priceCents: integer('price_cents').notNull(),
    status: text('status', { enum: ['open', 'formed', 'failed'] }).notNull().default('open'),
    seatsTaken: integer('seats_taken').notNull().default(0),
    paidCount: integer('paid_count').notNull().default(0),
    createdAt: createdAt(),
    deadline: ts('deadline').notNull(),
    formedAt: ts('formed_at'),
    failedAt: ts('failed_at'),
  },
  (t) => [
    check('deal_groups_status_check', sql`${t.status} in ('open', 'formed', 'failed')`),
    check('deal_groups_size_check', sql`${t.size} between 2 and 10`),
    check('deal_groups_seats_check', sql`${t.paidCount} >= 0 and ${t.paidCount} <= ${t.seatsTaken} and ${t.seatsTaken} <= ${t.size}`),
    check('deal_groups_formed_check', sql`(${t.status} = 'formed') = (${t.formedAt} is not null) and (${t.status} <> 'formed' or ${t.paidCount} = ${t.size})`),
    check('deal_groups_failed_check', sql`(${t.status} = 'failed') = (${t.failedAt} is not null)`),
    index('deal_groups_open_deal_idx').on(t.dealId, t.deadline).where(sql`${t.status} = 'open'`),
    index('deal_groups_open_deadline_idx').on(t.deadline).where(sql`${t.status} = 'open'`),
  ],
);

/**
 * A customer's place in a group, with the order that pays for it. `held` while the checkout is open,
 * `paid` once paid, `lapsed` when the checkout ended unpaid (the seat is free again); when the group
 * fails, a paid member is `owed` a refund until one is claimed (`refunded`; a refund the provider
 * refuses makes the member `owed` again). A customer holds at most one live place per group.
 */
export const groupMembers = pgTable(
  'group_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => dealGroups.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    status: text('status', { enum: ['held', 'paid', 'lapsed', 'owed', 'refunded'] }).notNull().default('held'),
    createdAt: createdAt(),
    paidAt: ts('paid_at'),
  },
  (t) => [
    check('group_members_status_check', sql`${t.status} in ('held', 'paid', 'lapsed', 'owed', 'refunded')`),
    check('group_members_paid_check', sql`(${t.paidAt} is not null) = (${t.status} in ('paid', 'owed', 'refunded'))`),
    uniqueIndex('group_members_order_key').on(t.orderId),
    uniqueIndex('group_members_once_key').on(t.groupId, t.userId).where(sql`${t.status} in ('held', 'paid')`),
    index('group_members_group_idx').on(t.groupId, t.createdAt),
    index('group_members_user_idx').on(t.userId, t.createdAt),
    index('group_members_owed_idx').on(t.createdAt).where(sql`${t.status} = 'owed'`),
  ],
);

/**
 * Money given back for one voucher (ADR 027). At most one refund of a voucher is pending or
 * succeeded; a failed one (the provider refused) leaves the voucher active and may be followed by
 * another. The provider is asked with an idempotency key made of the voucher id, so a retry never
 * refunds twice.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The voucher refunded; null for the refund of a failed group's member, who never had one. */
    voucherId: uuid('voucher_id').references(() => vouchers.id, { onDelete: 'restrict' }),
    /** The member of a failed group refunded (ADR 029); set exactly when `voucherId` is not. */
    groupMemberId: uuid('group_member_id').references((): AnyPgColumn => groupMembers.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] }).notNull().default('pending'),
    /**
     * customer: the owner asked; expiry: the sweep; goodwill: a superadmin, for a redeemed voucher;
     * admin: a superadmin, for an active one; group: the member's group did not fill in time. The whole
     * payment of an order that could not be fulfilled (neither voucher nor member): sold_out (its hold
     * lapsed and the units were gone), withdrawn (a deal stopped being sold), group_closed.
     */
    reason: text('reason', { enum: ['customer', 'expiry', 'goodwill', 'admin', 'group', 'sold_out', 'withdrawn', 'group_closed'] }).notNull(),
    /** A superadmin's words on why. */
    note: text('note'),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    /** What the voucher was before the refund took it (`active` or `redeemed`), to put it back if the provider refuses. */
    voucherStatusBefore: text('voucher_status_before', { enum: ['active', 'redeemed'] }),
    provider: text('provider', { enum: ['stripe', 'test'] }).notNull(),
    /** The provider's id of the refund. */
    providerRef: text('provider_ref'),
    /** Why it failed (the provider's refusal), or, while pending, why the last call's outcome is unknown. */
    failure: text('failure'),
    /**
     * The key the provider is asked with: one per attempt (`refund-<id>`), so a retry of an unknown
     * outcome is answered with the refund made the first time, and a new attempt after a refusal is new.
     */
    idempotencyKey: text('idempotency_key')
      .notNull()
      .$defaultFn(() => `refund-${randomUUID()}`),
    /** Calls made to the provider for this attempt. */
    tries: integer('tries').notNull().default(0),
    /** While pending: when the retry job asks the provider next (ADR 032's backoff). */
    nextTryAt: ts('next_try_at'),
    /** Set when a refund that had succeeded failed at the provider later; its status is then `failed`. */
    reversedAt: ts('reversed_at'),
    /** When a superadmin marked a failed, stuck or reversed refund handled ("Needs attention"). */
    resolvedAt: ts('resolved_at'),
    createdAt: createdAt(),
    settledAt: ts('settled_at'),
  },
  (t) => [
    check('refunds_amount_check', sql`${t.amountCents} >= 0`),
    check('refunds_status_check', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    check(
      'refunds_reason_check',
      sql`${t.reason} in ('customer', 'expiry', 'goodwill', 'admin', 'group', 'sold_out', 'withdrawn', 'group_closed')`,
    ),
    check(
      'refunds_subject_check',
      sql`num_nonnulls(${t.voucherId}, ${t.groupMemberId}) <= 1 and (${t.voucherId} is null) = (${t.voucherStatusBefore} is null) and (${t.groupMemberId} is null) = (${t.reason} <> 'group') and (${t.voucherId} is null and ${t.groupMemberId} is null) = (${t.reason} in ('sold_out', 'withdrawn', 'group_closed'))`,
    ),
    check('refunds_reversed_check', sql`${t.reversedAt} is null or ${t.status} = 'failed'`),
    uniqueIndex('refunds_one_per_voucher_key').on(t.voucherId).where(sql`${t.status} <> 'failed'`),
    uniqueIndex('refunds_one_per_member_key').on(t.groupMemberId).where(sql`${t.status} <> 'failed'`),
    uniqueIndex('refunds_one_per_order_key').on(t.orderId).where(sql`${t.voucherId} is null and ${t.groupMemberId} is null and ${t.status} <> 'failed'`),
    uniqueIndex('refunds_provider_ref_key').on(t.provider, t.providerRef),
    uniqueIndex('refunds_idempotency_key').on(t.provider, t.idempotencyKey).where(sql`${t.status} <> 'failed'`),
    index('refunds_order_idx').on(t.orderId),
    index('refunds_pending_idx').on(t.nextTryAt).where(sql`${t.status} = 'pending'`),
    index('refunds_attention_idx').on(t.createdAt).where(sql`${t.resolvedAt} is null and (${t.status} <> 'succeeded')`),
  ],
);

/**
 * Every movement of money, one row each, never changed or removed (a trigger refuses UPDATE and
 * DELETE; migration 0010). Payments are positive; refunds and payouts negative. Triggers on orders
 * and refunds write the payment and refund rows in the transaction that moves the money, so the
 * ledger cannot disagree with them.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    /** Ordered by insertion: the ledger's page cursor. */
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    /** `reversal`: a refund that had succeeded failed at the provider later, and its amount came back. */
    kind: text('kind', { enum: ['payment', 'refund', 'payout', 'reversal'] }).notNull(),
    /** 64-bit: a payout settles a merchant's whole week. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'restrict' }),
    merchantId: uuid('merchant_id').references(() => merchants.id, { onDelete: 'restrict' }),
    /** The statement a payout settles (kind `payout`). */
    statementId: uuid('statement_id').references((): AnyPgColumn => statements.id, { onDelete: 'restrict' }),
    provider: text('provider').notNull(),
    /** The provider's reference: its payment id (payments; the checkout session for rows before ADR 032), refund id (refunds, reversals), bank reference (payouts). */
    providerRef: text('provider_ref'),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    check('ledger_entries_kind_check', sql`${t.kind} in ('payment', 'refund', 'payout', 'reversal')`),
    check(
      'ledger_entries_sign_check',
      sql`(${t.kind} in ('payment', 'reversal') and ${t.amountCents} >= 0) or (${t.kind} in ('refund', 'payout') and ${t.amountCents} <= 0)`,
    ),
    uniqueIndex('ledger_entries_reversal_key').on(t.refundId).where(sql`${t.kind} = 'reversal'`),
    uniqueIndex('ledger_entries_payment_key').on(t.orderId).where(sql`${t.kind} = 'payment'`),
    uniqueIndex('ledger_entries_refund_key').on(t.refundId).where(sql`${t.kind} = 'refund'`),
    uniqueIndex('ledger_entries_payout_key').on(t.statementId).where(sql`${t.kind} = 'payout'`),
    check('ledger_entries_payout_check', sql`(${t.kind} = 'payout') = (${t.statementId} is not null)`),
    index('ledger_entries_order_idx').on(t.orderId),
  ],
);

/** Every redemption attempt, successful or not. */
export const redemptions = pgTable(
  'redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    voucherId: uuid('voucher_id').references(() => vouchers.id, { onDelete: 'set null' }),
    voucherCode: text('voucher_code').notNull(),
    dealId: uuid('deal_id').references(() => deals.id, { onDelete: 'set null' }),
    merchantId: uuid('merchant_id').references(() => merchants.id, { onDelete: 'set null' }),
    /** The merchant account that attempted it. */
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    success: boolean('success').notNull(),
    reason: text('reason'),
    priceCents: integer('price_cents'),
    createdAt: createdAt(),
    /** A successful redemption the merchant took back within REDEMPTION_UNDO_MINUTES. */
    undoneAt: ts('undone_at'),
    undoneBy: uuid('undone_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('redemptions_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('redemptions_merchant_created_idx').on(t.merchantId, t.createdAt),
    // One redemption that stands per voucher; an undone one makes way for the next.
    uniqueIndex('redemptions_one_success_key').on(t.voucherId).where(sql`${t.success} and ${t.undoneAt} is null`),
    check('redemptions_undone_check', sql`${t.undoneAt} is null or ${t.success}`),
  ],
);

/** Wrong-PIN counters per voucher code, for the lockout of ADR 015. */
export const pinFailures = pgTable('pin_failures', {
  voucherCode: text('voucher_code').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: ts('locked_until'),
  updatedAt: updatedAt(),
});

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorName: text('author_name').notNull(),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
    uniqueIndex('reviews_deal_user_key').on(t.dealId, t.userId),
    index('reviews_deal_created_idx').on(t.dealId, t.createdAt),
  ],
);

/** Payment-provider webhook events already processed; a redelivered event is a no-op. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: tsNow('received_at'),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** Fixed-window counters for rate limits, shared by every server process. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  windowEndsAt: ts('window_ends_at').notNull(),
});

/**
 * The weeks drawn up, with statements or without (a week in which no merchant had a line): the sweep's
 * watermark, so that a quiet week is looked at once rather than every minute (ADR 028). A week is a
 * time zone's (ADR 039): each zone the merchants are in has its weeks drawn up once, from its own Monday
 * midnight; rows from before zones (all of them UTC weeks) read 'UTC'.
 */
export const statementWeeks = pgTable(
  'statement_weeks',
  {
    /** The IANA zone whose Monday 00:00 starts the week. */
    timeZone: text('time_zone').notNull().default('UTC'),
    periodStart: ts('period_start').notNull(),
    drawnUpAt: tsNow('drawn_up_at'),
  },
  (t) => [primaryKey({ columns: [t.timeZone, t.periodStart] })],
);

/**
 * A merchant's statement for one week (Monday 00:00 to the next Monday in the merchant's time zone;
 * ADR 028, 039), drawn up once the week has closed. Its totals are the sums of its lines; `paid_at` is
 * set once, with the payout's ledger row.
 */
export const statements = pgTable(
  'statements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'restrict' }),
    periodStart: ts('period_start').notNull(),
    periodEnd: ts('period_end').notNull(),
    /** The zone the week was counted in: the merchant's when it was drawn up ('UTC' for those drawn up before zones). */
    timeZone: text('time_zone').notNull().default('UTC'),
    /** The merchant's rate when the statement was drawn up. */
    commissionBps: integer('commission_bps').notNull(),
    grossCents: bigint('gross_cents', { mode: 'number' }).notNull(),
    commissionCents: bigint('commission_cents', { mode: 'number' }).notNull(),
    refundsCents: bigint('refunds_cents', { mode: 'number' }).notNull(),
    netCents: bigint('net_cents', { mode: 'number' }).notNull(),
    lineCount: integer('line_count').notNull(),
    createdAt: createdAt(),
    paidAt: ts('paid_at'),
    payoutReference: text('payout_reference'),
    paidBy: uuid('paid_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('statements_merchant_period_key').on(t.merchantId, t.periodStart),
    index('statements_period_idx').on(t.periodStart.desc(), t.id.desc()),
    check('statements_period_check', sql`${t.periodStart} < ${t.periodEnd}`),
    check('statements_net_check', sql`${t.netCents} = ${t.grossCents} - ${t.commissionCents} - ${t.refundsCents}`),
    check('statements_paid_check', sql`(${t.paidAt} is null) = (${t.payoutReference} is null)`),
  ],
);

/**
 * What a statement is made of. A voucher is credited once (`redeemed` or `expired`) and taken back at
 * most once (`refund`), whichever statement the line sits in.
 */
export const statementLines = pgTable(
  'statement_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    statementId: uuid('statement_id')
      .notNull()
      .references(() => statements.id, { onDelete: 'cascade' }),
    voucherId: uuid('voucher_id')
      .notNull()
      .references(() => vouchers.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: ['redeemed', 'expired', 'refund'] }).notNull(),
    occurredAt: ts('occurred_at').notNull(),
    voucherCode: text('voucher_code').notNull(),
    dealTitle: text('deal_title').notNull(),
    amountCents: integer('amount_cents').notNull(),
    commissionCents: integer('commission_cents').notNull(),
    netCents: integer('net_cents').notNull(),
  },
  (t) => [
    check('statement_lines_kind_check', sql`${t.kind} in ('redeemed', 'expired', 'refund')`),
    check('statement_lines_net_check', sql`${t.netCents} = ${t.amountCents} - ${t.commissionCents}`),
    check(
      'statement_lines_sign_check',
      sql`(${t.kind} = 'refund' and ${t.amountCents} <= 0) or (${t.kind} <> 'refund' and ${t.amountCents} >= 0)`,
    ),
    // Credited once, taken back once.
    uniqueIndex('statement_lines_credit_key').on(t.voucherId).where(sql`${t.kind} <> 'refund'`),
    uniqueIndex('statement_lines_refund_key').on(t.voucherId).where(sql`${t.kind} = 'refund'`),
    index('statement_lines_statement_idx').on(t.statementId, t.occurredAt),
  ],
);

/** What a superadmin did about a money operation on "Needs attention" (ADR 032): each retry and resolution, kept. */
export const attentionActions = pgTable(
  'attention_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    refundId: uuid('refund_id')
      .notNull()
      .references(() => refunds.id, { onDelete: 'restrict' }),
    action: text('action', { enum: ['retried', 'resolved'] }).notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [check('attention_actions_action_check', sql`${t.action} in ('retried', 'resolved')`), index('attention_actions_refund_idx').on(t.refundId, t.createdAt)],
);

/** One comparison of the ledger with the payment provider's own records over a period (ADR 032). */
export const reconciliationRuns = pgTable(
  'reconciliation_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    trigger: text('trigger', { enum: ['daily', 'manual'] }).notNull(),
    provider: text('provider', { enum: ['stripe', 'test'] }).notNull(),
    periodStart: ts('period_start').notNull(),
    periodEnd: ts('period_end').notNull(),
    startedAt: tsNow('started_at'),
    finishedAt: ts('finished_at'),
    status: text('status', { enum: ['running', 'matched', 'differences', 'failed'] }).notNull().default('running'),
    error: text('error'),
    ledgerPaymentsCents: bigint('ledger_payments_cents', { mode: 'number' }).notNull().default(0),
    providerPaymentsCents: bigint('provider_payments_cents', { mode: 'number' }).notNull().default(0),
    ledgerRefundsCents: bigint('ledger_refunds_cents', { mode: 'number' }).notNull().default(0),
    providerRefundsCents: bigint('provider_refunds_cents', { mode: 'number' }).notNull().default(0),
    differences: jsonb('differences').$type<ReconciliationDifference[]>().notNull().default(sql`'[]'::jsonb`),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('reconciliation_runs_trigger_check', sql`${t.trigger} in ('daily', 'manual')`),
    check('reconciliation_runs_status_check', sql`${t.status} in ('running', 'matched', 'differences', 'failed')`),
    // The daily run of a day is claimed by inserting it: one server does it.
    uniqueIndex('reconciliation_runs_daily_key').on(t.provider, t.periodStart).where(sql`${t.trigger} = 'daily'`),
    index('reconciliation_runs_started_idx').on(t.provider, t.startedAt),
  ],
);

/**
 * The built-in test provider's own books (ADR 013, 032): every payment it took and refund it made, kept
 * in the database so that they outlive a restart and are the same for every server, as a real provider's
 * are. Reconciliation reads them as it reads Stripe's.
 */
export const testProviderRecords = pgTable(
  'test_provider_records',
  {
    /** `pi_test_...` for a payment, `re_test_...` for a refund. */
    ref: text('ref').primaryKey(),
    kind: text('kind', { enum: ['payment', 'refund'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['succeeded', 'failed'] }).notNull().default('succeeded'),
    /** The checkout session of a payment, or the payment a refund gives back from. */
    sessionId: text('session_id'),
    paymentRef: text('payment_ref'),
    idempotencyKey: text('idempotency_key'),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [
    check('test_provider_records_kind_check', sql`${t.kind} in ('payment', 'refund')`),
    check('test_provider_records_amount_check', sql`${t.amountCents} >= 0`),
    uniqueIndex('test_provider_records_key').on(t.idempotencyKey),
    index('test_provider_records_created_idx').on(t.createdAt),
  ],
);

/**
 * What a user is told (ADR 038): one row per event and recipient, written by a trigger in the transaction of
 * the event itself (server/notifications/sql/), so it exists exactly when the event does, once however often
 * the event's code runs (notifications_once_key). The bell lists them; `read_at` is set when the user reads.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KIND_VALUES }).notNull(),
    /** What it is about: the order, refund, group, voucher, deal or statement, by kind. */
    subjectId: uuid('subject_id').notNull(),
    /** Tells apart events of one kind about one subject (a deal's proposal decided again after a resubmission); '' for the others. */
    eventKey: text('event_key').notNull().default(''),
    /** What its words need, taken when it happened (titles, amounts, codes; never a PIN). */
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
    readAt: ts('read_at'),
  },
  (t) => [
    check('notifications_kind_check', sql.raw(`kind in (${NOTIFICATION_KIND_VALUES.map((k) => `'${k}'`).join(', ')})`)),
    uniqueIndex('notifications_once_key').on(t.userId, t.kind, t.subjectId, t.eventKey),
    index('notifications_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

/**
 * One message of a notification on one channel, to the address the user had when it happened: the outbox
 * the sender job works through (server/notifications/sender.ts), with its attempts and backoff. `sending`
 * is a claim with a lease (`next_attempt_at`): a server that stopped mid-send leaves it to be tried again.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    /** The phone or the verified email. */
    address: text('address').notNull(),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** While pending: when it is tried next; while sending: when the claim lapses. */
    nextAttemptAt: tsNow('next_attempt_at'),
    /** The sender's last refusal, for the superadmin's list of failed sends. */
    lastError: text('last_error'),
    sentAt: ts('sent_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('notification_deliveries_channel_check', sql`${t.channel} in ('sms', 'email')`),
    check('notification_deliveries_status_check', sql`${t.status} in ('pending', 'sending', 'sent', 'failed')`),
    check('notification_deliveries_sent_check', sql`(${t.status} = 'sent') = (${t.sentAt} is not null)`),
    uniqueIndex('notification_deliveries_once_key').on(t.notificationId, t.channel),
    index('notification_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} in ('pending', 'sending')`),
    index('notification_deliveries_failed_idx').on(t.createdAt.desc()).where(sql`${t.status} = 'failed'`),
  ],
);

/** Bytes as PostgreSQL's bytea: node-postgres reads a Buffer, PGlite a Uint8Array. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
  fromDriver: (value) => value,
});

/**
 * Photos uploaded from the device (ADR 041): the row is written only once every copy is stored
 * (`stored_files` or the bucket, keys `photos/{id}/{width}.webp`). Width and height are the original's, upright.
 */
export const photos = pgTable(
  'photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** The uploaded file's size. */
    bytes: integer('bytes').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('photos_merchant_idx').on(t.merchantId)],
);

/** The database storage of files (ADR 041): one row per key, written once and never changed. */
export const storedFiles = pgTable('stored_files', {
  key: text('key').primaryKey(),
  bytes: bytea('bytes').notNull(),
  contentType: text('content_type').notNull(),
  etag: text('etag').notNull(),
  createdAt: createdAt(),
});
