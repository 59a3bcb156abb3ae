/** Redeeming vouchers and the redemption log (docs/product/api.md#redemption, docs/product/api.md#redemption-record; ADR 015). */
import { z } from 'zod';
import { errorBody, pageQuery } from './common';
import {
  NEXT_CURSOR_HEADER,
  REDEMPTION_CODE_MAX_LENGTH,
  REDEMPTION_LOG_DEFAULT_LIMIT,
  REDEMPTION_LOG_MAX_LIMIT,
  REDEMPTION_UNDO_MINUTES,
  VOUCHER_PIN_LENGTH,
} from './constants';
import { endpoint } from './endpoint';
import { reason } from './reasons';
import { guards } from './refusals';
import { undoRedemptionAnswer } from './orders';
import { redemptionPreview } from './workspace';

export const redeemBody = z.object({
  code: z
    .string({ message: reason('validation.voucherCode') })
    .trim()
    .min(1, { message: reason('validation.voucherCode') })
    .max(REDEMPTION_CODE_MAX_LENGTH, { message: reason('validation.voucherCodeTooLong') })
    .transform((c) => c.toUpperCase()),
  pin: z
    .string({ message: reason('validation.pin') })
    .trim()
    .regex(new RegExp(`^\\d{1,${VOUCHER_PIN_LENGTH}}$`), { message: reason('validation.pinDigits') }),
  /** Optional and only checked: the merchant always comes from the session (ADR 010). */
  merchantId: z.string().nullable().optional(),
});

/** {ok, reason} as docs/product/api.md#redemption describes; refusals also carry `message` with an HTTP error status. */
export const redeemAnswer = z.object({
  ok: z.boolean(),
  reason: z.string().nullable(),
  message: z.string().optional(),
  voucher: z
    .object({
      /** The redeemed voucher's id, for an Undo offered right after (POST /api/merchant/redemptions/{voucherId}/undo). */
      voucherId: z.string(),
      voucherCode: z.string(),
      dealTitle: z.string(),
      priceCents: z.number().int(),
      redeemedAt: z.string(),
    })
    .optional(),
});
export type RedeemAnswer = z.infer<typeof redeemAnswer>;

/** One attempt, as the admin log shows it (snake_case, as docs/product/api.md#redemption-record lists it). */
export const redemptionRecord = z.object({
  id: z.string(),
  voucher_code: z.string(),
  /** Never sent: PINs stay with their owners. Kept so the record has its documented shape (docs/product/api.md#redemption-record). */
  voucher_pin: z.null(),
  deal_title: z.string().nullable(),
  user_email: z.string().nullable(),
  merchant_name: z.string().nullable(),
  price_cents: z.number().int().nullable(),
  success: z.boolean(),
  reason: z.string().nullable(),
  created_at: z.string(),
  /** When the merchant took this success back (within REDEMPTION_UNDO_MINUTES), else null. Always sent; optional in the type only. */
  undone_at: z.string().nullable().optional(),
  /**
   * The voucher's id, which its undo names (POST /api/merchant/redemptions/{voucherId}/undo); null when the code
   * named no voucher of the log's merchant. Always sent; optional in the type only.
   */
  voucher_id: z.string().nullable().optional(),
});
export type RedemptionRecord = z.infer<typeof redemptionRecord>;
export const redemptionRecordList = z.array(redemptionRecord);

export const redemptionSummary = z.object({
  total: z.number().int(),
  /** Successes that stand (not undone). */
  successes: z.number().int(),
  failures: z.number().int(),
  /** Successes the merchant took back; counted in `total` only. */
  undone: z.number().int(),
  /** Sum of price_cents over the successes that stand. */
  redeemedValueCents: z.number().int(),
});
export type RedemptionSummary = z.infer<typeof redemptionSummary>;

export const redemptionListQuery = pageQuery(REDEMPTION_LOG_MAX_LIMIT, REDEMPTION_LOG_DEFAULT_LIMIT);

/**
 * A refused redemption or check: `{ok: false, reason, message}` (reason and message alike, in the request's
 * language); a refusal of the guards or of validation is the common `{message, code?}`.
 */
export const redeemRefusal = z.union([redeemAnswer, errorBody]);

/** A refusal of the redeem call or of the check before it, by its reason (docs/product/api.md#redemption). */
const refusedAttempt = (description: string) => ({ description, schema: redeemRefusal });

/** The refusals POST /api/redeem and its check before redeeming share, past their guards (docs/product/api.md#redemption). */
const attemptRefusals = {
  400: refusedAttempt('A wrong PIN: `Incorrect PIN (N attempts left)`, or at the fifth `... This voucher is locked for 15 minutes.`'),
  404: refusedAttempt('No voucher has this code (`Voucher not found`).'),
  409: refusedAttempt('The voucher is already redeemed (`Voucher already redeemed on Mon d, yyyy`) or was refunded.'),
  410: refusedAttempt('The voucher has expired (`Voucher expired on Mon d, yyyy`).'),
  429: refusedAttempt('The voucher is locked after too many wrong PINs, or the merchant is over its budget of failed attempts.'),
} as const;

/** The 403s of POST /api/redeem and its check before redeeming besides the guards': the merchant is always the session's. */
const merchantMismatch = ['the body\'s `merchantId` is not the session\'s', 'the voucher belongs to another merchant'];

/** Redeeming at the counter, taking a redemption back, and the redemption log (docs/product/api.md#redemption). */
export const redemptionEndpoints = {
  redeem: endpoint({
    method: 'POST',
    path: '/api/redeem',
    tag: 'Redemption',
    summary: 'Redeems a voucher by its code and PIN',
    description:
      'Signed in; the merchant always comes from the session, a `merchantId` in the body is only compared with it. Owners and staff alike. A refusal is `{ok: false, reason, message}`. Every attempt, refused or not, is written to the redemption log; wrong PINs lock the voucher after the fifth.',
    body: redeemBody,
    ok: { status: 200, schema: redeemAnswer, description: '`{ok: true, reason: null, voucher}`: the redeemed voucher, with its id for an undo.' },
    refusals: {
      ...attemptRefusals,
      ...guards({ account: 'a merchant', write: true, also403: merchantMismatch, schema: redeemRefusal }),
    },
  }),
  preview: endpoint({
    method: 'POST',
    path: '/api/merchant/redemptions/preview',
    tag: 'Merchant workspace',
    summary: 'Checks a voucher\'s code and PIN before redeeming it, using nothing',
    description:
      'Merchants, owners and staff alike. Answers what the counter confirms with the customer; the voucher stays unused. The refusals are exactly those of POST /api/redeem (same statuses and reasons), a wrong PIN counts toward the same lock-out and failure budget, and refusals are written to the log; a right PIN is not.',
    body: redeemBody,
    ok: { status: 200, schema: redemptionPreview, description: 'The voucher, its deal, the price paid, the buyer\'s masked phone and the end of validity.' },
    refusals: {
      ...attemptRefusals,
      ...guards({ account: 'a merchant', write: true, also403: merchantMismatch, schema: redeemRefusal }),
    },
  }),
  merchantLog: endpoint({
    method: 'GET',
    path: '/api/merchant/redemptions',
    tag: 'Redemption',
    summary: 'A page of the merchant\'s own redemption attempts, newest first',
    description: `Merchants, owners and staff alike. Each record carries its \`voucher_id\`, for the undo. The next page's cursor comes in the \`${NEXT_CURSOR_HEADER}\` header.`,
    query: redemptionListQuery,
    ok: { status: 200, schema: redemptionRecordList, description: 'The page\'s redemption records.' },
    refusals: {
      ...guards({ account: 'a merchant' }),
      400: 'The cursor is not one the server made (`cursor: is invalid`).',
    },
  }),
  undo: endpoint({
    method: 'POST',
    path: '/api/merchant/redemptions/:voucherId/undo',
    tag: 'Redemption',
    summary: 'Takes back a redemption made by mistake',
    description: `Signed in, a merchant's owner or staff, within ${REDEMPTION_UNDO_MINUTES} minutes of the redemption: the voucher is \`active\` again and may be redeemed again, and the success in the log gets its \`undone_at\`. Of two undos, or an undo and a refund, of one voucher at once, one changes it and the other is refused.`,
    params: z.object({ voucherId: z.uuid({ message: reason('validation.uuid') }) }),
    ok: { status: 200, schema: undoRedemptionAnswer, description: 'The voucher, `active` again, and when it was undone.' },
    refusals: {
      ...guards({ account: 'a merchant', write: true }),
      404: 'No voucher of the merchant\'s has this id (another merchant\'s is answered the same).',
      409: `The voucher is not redeemed, or it was redeemed more than ${REDEMPTION_UNDO_MINUTES} minutes ago.`,
    },
  }),
  adminLog: endpoint({
    method: 'GET',
    path: '/api/admin/redemptions',
    tag: 'Admin: redemptions',
    summary: 'A page of every merchant\'s redemption attempts, newest first',
    description: `Superadmins. The next page's cursor comes in the \`${NEXT_CURSOR_HEADER}\` header.`,
    query: redemptionListQuery,
    ok: { status: 200, schema: redemptionRecordList, description: 'The page\'s redemption records.' },
    refusals: { ...guards({ account: 'a superadmin' }), 400: 'The cursor is not one the server made (`cursor: is invalid`).' },
  }),
  adminSummary: endpoint({
    method: 'GET',
    path: '/api/admin/redemptions/summary',
    tag: 'Admin: redemptions',
    summary: 'Counts of the whole redemption log and the value redeemed',
    description: 'Superadmins. `successes` and the value (the sum of their prices) count the successes that stand, `undone` those a merchant took back.',
    ok: { status: 200, schema: redemptionSummary, description: '`{total, successes, failures, undone, redeemedValueCents}`.' },
    refusals: guards({ account: 'a superadmin' }),
  }),
};
