/**
 * The merchant's workspace and settlement (docs/product/api.md#the-merchant-s-workspace; ADR 028): the
 * home's figures, the check before a redemption, deals proposed by merchants, staff, weekly
 * statements and payouts. The merchant is always the session's.
 */
import { z } from 'zod';
import { phone } from './auth';
import { adminDeal, checkedDeal, dealFields } from './admin';
import { dealStatus } from './deals';
import { idParams, messageAnswer } from './common';
import { guards } from './refusals';
import {
  IMAGE_URL_MAX_LENGTH,
  MERCHANT_CHART_DAYS,
  MERCHANT_DESCRIPTION_MAX_LENGTH,
  MERCHANT_PHOTOS_MAX,
  MERCHANT_STAFF_LIMIT,
  PAYOUT_REFERENCE_MAX_LENGTH,
  STAFF_NAME_MAX_LENGTH,
  STAFF_PHONE_TAKEN_CODE,
} from './constants';
import { endpoint } from './endpoint';
import { reason } from './reasons';

/** One day of the home's charts (days of the merchant's time zone, oldest first, MERCHANT_CHART_DAYS of them, today last; ADR 039). */
export const merchantDay = z.object({
  /** yyyy-MM-dd, a calendar day in the merchant's zone: from its midnight to the next. */
  date: z.string(),
  /** Vouchers issued that day for the merchant's deals. */
  unitsSold: z.number().int(),
  /** Successful redemptions that day that were not undone. */
  redemptions: z.number().int(),
});
export type MerchantDay = z.infer<typeof merchantDay>;

/** One of the merchant's deals with its figures. */
export const merchantDealFigures = z.object({
  id: z.string(),
  title: z.string(),
  status: dealStatus,
  active: z.boolean(),
  priceCents: z.number().int(),
  /** Vouchers ever issued. */
  sold: z.number().int(),
  redeemed: z.number().int(),
  refunded: z.number().int(),
  /** Vouchers still `active`: sold, not yet used, refunded or expired. */
  outstanding: z.number().int(),
});
export type MerchantDealFigures = z.infer<typeof merchantDealFigures>;

/** GET /api/merchant/overview (owner only). "Today" is the day in the merchant's time zone, from its midnight (ADR 039). */
export const merchantOverview = z.object({
  merchantName: z.string(),
  /** The merchant's IANA zone, which "today" and the charts' days are counted in. */
  timeZone: z.string(),
  today: z.object({
    redemptions: z.number().int(),
    unitsSold: z.number().int(),
    refunds: z.number().int(),
  }),
  totals: z.object({
    unitsSold: z.number().int(),
    /** Vouchers issued and still `active`. */
    vouchersOutstanding: z.number().int(),
    /** Successful refunds, ever, and their sum. */
    refunds: z.number().int(),
    refundedCents: z.number().int(),
    /** Sum of the prices of the redemptions that stand. */
    redeemedCents: z.number().int(),
  }),
  deals: z.array(merchantDealFigures),
  days: z.array(merchantDay),
});
export type MerchantOverview = z.infer<typeof merchantOverview>;

/**
 * POST /api/merchant/redemptions/preview {code, pin}: the check before redeeming. A right PIN of an
 * active voucher of the merchant's own deal answers what the counter confirms with the customer; the
 * voucher is not used. Refusals are those of POST /api/redeem, and wrong PINs count the same.
 */
export const redemptionPreview = z.object({
  voucherId: z.string(),
  voucherCode: z.string(),
  dealTitle: z.string(),
  priceCents: z.number().int(),
  /** The buyer's phone with all but its last four digits hidden, as "•••• 4567". */
  phoneMasked: z.string(),
  validUntil: z.string().nullable(),
});
export type RedemptionPreview = z.infer<typeof redemptionPreview>;

/**
 * A deal as its merchant proposes it: the admin form's fields without the merchant (the session's)
 * and without the payment-provider sync, which stays a superadmin's.
 */
export const merchantDealBody = checkedDeal(dealFields.omit({ merchantId: true, createStripeProduct: true }));
export type MerchantDealBody = z.input<typeof merchantDealBody>;

/** The merchant's own deals (any state), newest first, as GET /api/merchant/deals and its siblings answer. */
export const merchantDeal = adminDeal.omit({ stripeProductId: true, stripePriceId: true });
export type MerchantDeal = z.infer<typeof merchantDeal>;
export const merchantDealList = z.array(merchantDeal);

/** A staff account of the merchant: may redeem and read the redemption log, nothing else. */
export const staffMember = z.object({
  id: z.string(),
  phone: z.string(),
  name: z.string(),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMember>;
export const staffList = z.array(staffMember);

export const addStaffBody = z.object({
  phone,
  name: z
    .string()
    .trim()
    .max(STAFF_NAME_MAX_LENGTH, { message: reason('validation.atMostCharacters', { max: STAFF_NAME_MAX_LENGTH }) })
    .optional()
    .default(''),
});
export type AddStaffBody = z.input<typeof addStaffBody>;

/** The new staff account, with its first password shown once (it must be changed at first login, ADR 006). */
export const addedStaffAnswer = staffMember.extend({ loginInfo: z.object({ phone: z.string(), password: z.string() }) });
export type AddedStaffAnswer = z.infer<typeof addedStaffAnswer>;

/**
 * One line of a statement. `redeemed` and `expired` lines earn the merchant the price less the
 * commission; a `refund` line takes back what an earlier line paid for the same voucher, so all its
 * amounts are negative. A statement's totals are the sums of its lines.
 */
export const statementLine = z.object({
  kind: z.enum(['redeemed', 'expired', 'refund']),
  /** When it happened: the redemption, the end of validity, or the refund. */
  occurredAt: z.string(),
  voucherCode: z.string(),
  dealTitle: z.string(),
  amountCents: z.number().int(),
  commissionCents: z.number().int(),
  netCents: z.number().int(),
});
export type StatementLine = z.infer<typeof statementLine>;

/**
 * A week's statement: Monday 00:00 to the next Monday 00:00 in `timeZone`, the merchant's zone when it was drawn up
 * (ADR 039; 167 or 169 hours in a week whose clocks change). Statements drawn up before zones are UTC weeks.
 */
export const statement = z.object({
  id: z.string(),
  merchantId: z.string(),
  merchantName: z.string(),
  /** The instants the week starts and ends (ISO, UTC). */
  periodStart: z.string(),
  periodEnd: z.string(),
  /** The IANA zone whose Mondays bound the week, for naming its days. */
  timeZone: z.string(),
  /** The merchant's rate when the statement was drawn up. */
  commissionBps: z.number().int(),
  /** Prices of the redeemed and expired vouchers. */
  grossCents: z.number().int(),
  /** Commission kept, less the commission of refunded lines. */
  commissionCents: z.number().int(),
  /** Prices of the vouchers refunded after the merchant had been credited for them (a positive number). */
  refundsCents: z.number().int(),
  /** gross - commission - refunds: what the marketplace owes the merchant for the week. */
  netCents: z.number().int(),
  lineCount: z.number().int(),
  createdAt: z.string(),
  /** Set once a superadmin recorded the payout. */
  paidAt: z.string().nullable(),
  payoutReference: z.string().nullable(),
});
export type Statement = z.infer<typeof statement>;
export const statementList = z.array(statement);

export const statementWithLines = statement.extend({ lines: z.array(statementLine) });
export type StatementWithLines = z.infer<typeof statementWithLines>;

/** GET /api/admin/statements: every merchant's, newest period first; `unpaid=true` keeps those awaiting a payout. */
export const adminStatementQuery = z.object({
  merchantId: z.uuid({ message: reason('validation.uuid') }).optional(),
  unpaid: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

/** POST /api/admin/statements/{id}/payout: the bank transfer's reference. */
export const payoutBody = z.object({
  reference: z
    .string({ message: reason('validation.payoutReference') })
    .trim()
    .min(1, { message: reason('validation.payoutReference') })
    .max(PAYOUT_REFERENCE_MAX_LENGTH, { message: reason('validation.atMostCharacters', { max: PAYOUT_REFERENCE_MAX_LENGTH }) }),
});
export type PayoutBody = z.infer<typeof payoutBody>;

/** A statement's download, the same file for its merchant's owner and for a superadmin. */
const statementCsv = { status: 200, schema: z.string(), contentType: 'text/csv', description: 'The statement as CSV.' } as const;

/** Weekly statements: the owner reads the merchant's own, a superadmin reads everyone's and records payouts (ADR 028). */
export const statementEndpoints = {
  merchantList: endpoint({
    method: 'GET',
    path: '/api/merchant/statements',
    tag: 'Statements',
    summary: 'The merchant\'s weekly statements, newest week first',
    description: 'The merchant\'s owner account; the merchant is the session\'s.',
    ok: { status: 200, schema: statementList, description: 'The statements.' },
    refusals: guards({ account: "a merchant's owner" }),
  }),
  merchantGet: endpoint({
    method: 'GET',
    path: '/api/merchant/statements/:id',
    tag: 'Statements',
    summary: 'One of the merchant\'s statements with its lines',
    description: 'The merchant\'s owner account. Lines come oldest first.',
    params: idParams,
    ok: { status: 200, schema: statementWithLines, description: 'The statement and its lines.' },
    refusals: { ...guards({ account: "a merchant's owner" }), 404: 'No statement with this id belongs to the merchant (another merchant\'s is not found either).' },
  }),
  merchantCsv: endpoint({
    method: 'GET',
    path: '/api/merchant/statements/:id/csv',
    tag: 'Statements',
    summary: 'One of the merchant\'s statements as a CSV download',
    description:
      'The merchant\'s owner account. Downloaded as `statement-<Monday>.csv` (the Monday in the statement\'s zone): a header row, one row per line with its time in the statement\'s zone and offset (`2026-03-09T14:05:00-07:00`), and a totals row, amounts with two decimals.',
    params: idParams,
    ok: statementCsv,
    refusals: { ...guards({ account: "a merchant's owner" }), 404: 'No statement with this id belongs to the merchant (another merchant\'s is not found either).' },
  }),
  adminList: endpoint({
    method: 'GET',
    path: '/api/admin/statements',
    tag: 'Admin: statements',
    summary: 'Every merchant\'s statements, newest week first',
    description: 'Superadmins. Optionally one merchant\'s (`merchantId`) or only those awaiting a payout (`unpaid=true`).',
    query: adminStatementQuery,
    ok: { status: 200, schema: statementList, description: 'The statements.' },
    refusals: guards({ account: 'a superadmin' }),
  }),
  adminGet: endpoint({
    method: 'GET',
    path: '/api/admin/statements/:id',
    tag: 'Admin: statements',
    summary: 'Any merchant\'s statement with its lines',
    description: 'Superadmins.',
    params: idParams,
    ok: { status: 200, schema: statementWithLines, description: 'The statement and its lines.' },
    refusals: { ...guards({ account: 'a superadmin' }), 404: 'No statement with this id.' },
  }),
  adminCsv: endpoint({
    method: 'GET',
    path: '/api/admin/statements/:id/csv',
    tag: 'Admin: statements',
    summary: 'Any merchant\'s statement as a CSV download',
    description: 'Superadmins. The same file as the merchant\'s download.',
    params: idParams,
    ok: statementCsv,
    refusals: { ...guards({ account: 'a superadmin' }), 404: 'No statement with this id.' },
  }),
  payout: endpoint({
    method: 'POST',
    path: '/api/admin/statements/:id/payout',
    tag: 'Admin: statements',
    summary: 'Records the bank transfer that paid a statement',
    description: 'Superadmins. The statement gets `paidAt` and `payoutReference`, and the payout enters the ledger as a `payout` row of minus the net amount; of several tries one pays.',
    params: idParams,
    body: payoutBody,
    ok: { status: 200, schema: statement, description: 'The statement, now paid.' },
    refusals: {
      ...guards({ account: 'a superadmin', write: true }),
      404: 'No statement with this id.',
      409: 'The statement is paid already, or has nothing to pay (a net of zero or less).',
    },
  }),
};


/** GET and PUT /api/merchant/store: what the owner shows on the merchant's store page (/store/{merchantId}). */
export const merchantStore = z.object({
  merchantId: z.string(),
  name: z.string(),
  /** Plain text. */
  description: z.string(),
  /** Its photos' addresses, the cover first (at most MERCHANT_PHOTOS_MAX). */
  photoUrls: z.array(z.string()),
});
export type MerchantStore = z.infer<typeof merchantStore>;

/**
 * The owner's save of its store page. The description is plain text, trimmed, as long as the superadmin's merchant
 * form allows; photos are the merchant's own uploads (`/api/photos/{id}/...`) or addresses it already shows (set by a
 * superadmin), empty ones dropped, at most MERCHANT_PHOTOS_MAX. Any other address is refused by the server.
 */
export const merchantStoreBody = z.object({
  description: z
    .string({ message: reason('validation.required') })
    .trim()
    .max(MERCHANT_DESCRIPTION_MAX_LENGTH, { message: reason('validation.atMostCharacters', { max: MERCHANT_DESCRIPTION_MAX_LENGTH }) }),
  photoUrls: z
    .array(z.string().trim().max(IMAGE_URL_MAX_LENGTH, { message: reason('validation.tooLong') }), { message: reason('validation.imageList') })
    .transform((urls) => urls.filter((u) => u !== ''))
    .refine((urls) => urls.length <= MERCHANT_PHOTOS_MAX, { message: reason('validation.galleryMax', { max: MERCHANT_PHOTOS_MAX }) }),
});
export type MerchantStoreBody = z.input<typeof merchantStoreBody>;

/** GET /api/merchant/clock: the merchant's time zone and the server's time, for the screens that show its times. */
export const merchantClock = z.object({
  /** The merchant's IANA zone (ADR 039). */
  timeZone: z.string(),
  /** The server's time (ISO), what its "today" is counted from. */
  now: z.string(),
});
export type MerchantClock = z.infer<typeof merchantClock>;

/** The owner's side of the merchant's workspace: the home's figures, proposed deals and staff (ADR 028); the merchant's clock, for staff too. */
export const workspaceEndpoints = {
  clock: endpoint({
    method: 'GET',
    path: '/api/merchant/clock',
    tag: 'Merchant workspace',
    summary: 'The merchant\'s time zone and the server\'s time',
    description: 'Merchants, owners and staff alike: the zone the merchant\'s screens show times in (the redemption log, the home\'s days, statements).',
    ok: { status: 200, schema: merchantClock, description: '`{timeZone, now}`.' },
    refusals: { ...guards({ account: 'a merchant' }), 404: 'The session\'s merchant no longer exists.' },
  }),
  overview: endpoint({
    method: 'GET',
    path: '/api/merchant/overview',
    tag: 'Merchant workspace',
    summary: 'The merchant\'s home: today\'s figures, the totals, every deal with its figures and the charts\' days',
    description: `The merchant's owner account. Days are the merchant's (\`yyyy-MM-dd\` in its \`timeZone\`, from midnight to midnight), the last ${MERCHANT_CHART_DAYS} of them, oldest first, today last, days without activity as zeros. Units sold are vouchers issued; redemptions count those that stand (not undone); refunds count succeeded ones; outstanding vouchers are still \`active\`.`,
    ok: { status: 200, schema: merchantOverview, description: 'The figures.' },
    refusals: { ...guards({ account: "a merchant's owner" }), 404: 'The session\'s merchant no longer exists.' },
  }),
  listDeals: endpoint({
    method: 'GET',
    path: '/api/merchant/deals',
    tag: 'Merchant workspace',
    summary: 'The merchant\'s own deals in every state, newest first',
    description: 'The merchant\'s owner account.',
    ok: { status: 200, schema: merchantDealList, description: 'The deals, each with `merchantStatus`, `updatedAt`, `rejectionReason` and `submittedAt`.' },
    refusals: guards({ account: "a merchant's owner" }),
  }),
  getDeal: endpoint({
    method: 'GET',
    path: '/api/merchant/deals/:id',
    tag: 'Merchant workspace',
    summary: 'One of the merchant\'s own deals',
    description: 'The merchant\'s owner account.',
    params: idParams,
    ok: { status: 200, schema: merchantDeal, description: 'The deal.' },
    refusals: { ...guards({ account: "a merchant's owner" }), 404: 'No deal of the merchant\'s has this id (another merchant\'s is answered the same).' },
  }),
  createDeal: endpoint({
    method: 'POST',
    path: '/api/merchant/deals',
    tag: 'Merchant workspace',
    summary: 'Proposes a new deal, as an inactive draft of the session\'s merchant',
    description: 'The merchant\'s owner account. The fields of POST /api/admin/deals without `merchantId` and `createStripeProduct`, with the same validation and cleaning.',
    body: merchantDealBody,
    ok: { status: 201, schema: merchantDeal, description: 'The new draft.' },
    refusals: {
      ...guards({ account: "a merchant's owner", write: true }),
      400: 'A field is not valid (`categoryId: No such category`), or the merchant is not active (`merchantId: Only active merchants can be selected`).',
    },
  }),
  updateDeal: endpoint({
    method: 'PUT',
    path: '/api/merchant/deals/:id',
    tag: 'Merchant workspace',
    summary: 'Saves the form over a draft or rejected deal of the merchant\'s',
    description: 'The merchant\'s owner account. The state stays as it was: a rejected deal stays rejected until handed in again.',
    params: idParams,
    body: merchantDealBody,
    ok: { status: 200, schema: merchantDeal, description: 'The deal as saved.' },
    refusals: {
      ...guards({ account: "a merchant's owner", write: true }),
      400: 'A field is not valid (`categoryId: No such category`).',
      404: 'No deal of the merchant\'s has this id.',
      409: 'The deal is neither a draft nor rejected (`Only a draft or a rejected deal can be changed`), or the inventory would drop below the units already sold or held.',
    },
  }),
  submitDeal: endpoint({
    method: 'POST',
    path: '/api/merchant/deals/:id/submit',
    tag: 'Merchant workspace',
    summary: 'Hands a draft or rejected deal in for the marketplace\'s review',
    description: 'The merchant\'s owner account. The deal becomes `pending_review` with `submittedAt`; an earlier rejection\'s reason is cleared.',
    params: idParams,
    ok: { status: 200, schema: merchantDeal, description: 'The deal, now pending review.' },
    refusals: {
      ...guards({ account: "a merchant's owner", write: true }),
      404: 'No deal of the merchant\'s has this id.',
      409: 'The deal is neither a draft nor rejected.',
    },
  }),
  listStaff: endpoint({
    method: 'GET',
    path: '/api/merchant/staff',
    tag: 'Merchant workspace',
    summary: 'The merchant\'s staff accounts, newest first',
    description: 'The merchant\'s owner account. Staff may redeem, check a voucher, undo and read the redemption log, nothing else.',
    ok: { status: 200, schema: staffList, description: 'The staff accounts.' },
    refusals: guards({ account: "a merchant's owner" }),
  }),
  addStaff: endpoint({
    method: 'POST',
    path: '/api/merchant/staff',
    tag: 'Merchant workspace',
    summary: 'Adds a staff account for a phone that has no account yet',
    description:
      'The merchant\'s owner account. The answer carries a generated first password, shown only here and to be replaced at the first login. Staff sign in at /merchant/login or with an SMS code.',
    body: addStaffBody,
    ok: { status: 201, schema: addedStaffAnswer, description: 'The staff account and its `loginInfo: {phone, password}`.' },
    refusals: {
      ...guards({ account: "a merchant's owner", write: true }),
      409: {
        description: `The phone already has an account (\`This phone already has an account\`, code \`${STAFF_PHONE_TAKEN_CODE}\`), or the merchant already has ${MERCHANT_STAFF_LIMIT} staff accounts.`,
        codes: [STAFF_PHONE_TAKEN_CODE],
      },
    },
  }),
  removeStaff: endpoint({
    method: 'DELETE',
    path: '/api/merchant/staff/:id',
    tag: 'Merchant workspace',
    summary: 'Removes a staff account: it becomes a customer\'s again and its sessions end',
    description: 'The merchant\'s owner account. A first password never replaced goes too; the phone still logs in by SMS code.',
    params: idParams,
    ok: { status: 200, schema: messageAnswer, description: '`{message: \'Staff account removed\'}`.' },
    refusals: { ...guards({ account: "a merchant's owner", write: true }), 404: 'No staff account of the merchant\'s has this id (the owner and another merchant\'s staff are answered the same).' },
  }),  getStore: endpoint({
    method: 'GET',
    path: '/api/merchant/store',
    tag: 'Merchant workspace',
    summary: 'What the merchant\'s store page shows: its description and photos',
    description: 'The merchant\'s owner account; the merchant is the session\'s.',
    ok: { status: 200, schema: merchantStore, description: '`{merchantId, name, description, photoUrls}`.' },
    refusals: { ...guards({ account: "a merchant's owner" }), 404: 'The session\'s merchant no longer exists.' },
  }),
  updateStore: endpoint({
    method: 'PUT',
    path: '/api/merchant/store',
    tag: 'Merchant workspace',
    summary: 'Saves the store page\'s description and photos',
    description: `The merchant's owner account. \`description\` is plain text, trimmed, at most ${MERCHANT_DESCRIPTION_MAX_LENGTH} characters; \`photoUrls\` (the cover first, at most ${MERCHANT_PHOTOS_MAX}) name photos uploaded for the merchant (POST /api/photos) or addresses it already shows. The public merchant answer and the store page show them at once.`,
    body: merchantStoreBody,
    ok: { status: 200, schema: merchantStore, description: 'The store page as saved.' },
    refusals: {
      ...guards({ account: "a merchant's owner", write: true }),
      400: `A field is not valid (\`description: must be at most ${MERCHANT_DESCRIPTION_MAX_LENGTH} characters\`, \`photoUrls: must hold at most ${MERCHANT_PHOTOS_MAX} photos\`), or a photo is another merchant's or a typed address (\`Use photos uploaded for this merchant; other picture addresses are not allowed\`).`,
      404: 'The session\'s merchant no longer exists.',
    },
  }),
};
