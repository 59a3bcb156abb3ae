/**
 * The merchant's workspace and settlement (docs/product/api.md#the-merchant-s-workspace; ADR 028): the
 * home's figures, the check before a redemption, deals proposed by merchants, staff, weekly
 * statements and payouts. The merchant is always the session's.
 */
import { z } from 'zod';
import { phone } from './auth';
import { adminDeal, checkedDeal, dealFields } from './admin';
import { dealStatus } from './deals';

/** One day of the home's charts (UTC days, oldest first, MERCHANT_CHART_DAYS of them, today last). */
export const merchantDay = z.object({
  /** yyyy-MM-dd (UTC). */
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

/** GET /api/merchant/overview (owner only). "Today" is the UTC day. */
export const merchantOverview = z.object({
  merchantName: z.string(),
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
  name: z.string().trim().max(80, { message: 'must be at most 80 characters' }).optional().default(''),
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

/** A week's statement: Monday 00:00 UTC to the next Monday. */
export const statement = z.object({
  id: z.string(),
  merchantId: z.string(),
  merchantName: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
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
  merchantId: z.uuid({ message: 'must be a UUID' }).optional(),
  unpaid: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

/** POST /api/admin/statements/{id}/payout: the bank transfer's reference. */
export const payoutBody = z.object({
  reference: z
    .string({ message: 'Please enter the payout reference' })
    .trim()
    .min(1, { message: 'Please enter the payout reference' })
    .max(120, { message: 'must be at most 120 characters' }),
});
export type PayoutBody = z.infer<typeof payoutBody>;
