/** Redeeming vouchers and the redemption log (docs/product/api.md#redemption, docs/product/api.md#redemption-record; ADR 015). */
import { z } from 'zod';
import { VOUCHER_PIN_LENGTH } from './constants';

export const redeemBody = z.object({
  code: z
    .string({ message: 'Please enter the voucher code' })
    .trim()
    .min(1, { message: 'Please enter the voucher code' })
    .max(32, { message: 'Voucher code is too long' })
    .transform((c) => c.toUpperCase()),
  pin: z
    .string({ message: 'Please enter the PIN' })
    .trim()
    .regex(new RegExp(`^\\d{1,${VOUCHER_PIN_LENGTH}}$`), { message: 'PIN must be digits only' }),
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

export const redemptionListQuery = z.object({
  limit: z.coerce.number().int().min(1, { message: 'must be at least 1' }).max(200, { message: 'must be at most 200' }).default(50),
  cursor: z.string().max(200).optional(),
});
