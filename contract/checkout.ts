/** Checkout, payment status, vouchers and reviews (docs/product/api.md#checkout-and-payment; ADRs 012-014). */
import { z } from 'zod';
import { refundReason } from './money';
import { deal } from './deals';
import { orderGroup } from './groups';
import { MAX_CHECKOUT_LINES, MAX_UNITS_PER_LINE } from './constants';

export { MAX_CHECKOUT_LINES, MAX_CHECKOUT_TOTAL_CENTS, MAX_UNITS_PER_LINE } from './constants';

const dealId = z.uuid({ message: 'must be a deal id' });

/** `{dealId}`, `{dealIds: [...]}` (a repeated id is one more unit) or `{items: [{dealId, quantity}]}`. */
export const checkoutBody = z
  .object({
    dealId: dealId.optional(),
    dealIds: z.array(dealId).min(1, { message: 'must not be empty' }).max(MAX_CHECKOUT_LINES * MAX_UNITS_PER_LINE).optional(),
    items: z
      .array(
        z.object({
          dealId,
          quantity: z
            .number({ message: 'must be a number' })
            .int({ message: 'must be a whole number' })
            .min(1, { message: 'must be at least 1' })
            .max(MAX_UNITS_PER_LINE, { message: `must be at most ${MAX_UNITS_PER_LINE}` }),
        }),
      )
      .min(1, { message: 'must not be empty' })
      .max(MAX_CHECKOUT_LINES, { message: `must have at most ${MAX_CHECKOUT_LINES} lines` })
      .optional(),
  })
  .refine((b) => [b.dealId, b.dealIds, b.items].filter((v) => v !== undefined).length === 1, {
    message: 'Send exactly one of dealId, dealIds or items',
  });
export type CheckoutBody = z.infer<typeof checkoutBody>;

export const checkoutAnswer = z.object({ url: z.string() });

/** A voucher's life (ADR 027): active until redeemed, refunded or expired; an undone redemption makes it active again. */
export const voucherStatus = z.enum(['active', 'redeemed', 'refunded', 'expired']);
export type VoucherStatus = z.infer<typeof voucherStatus>;

/** Money given back for one voucher. `pending` while the provider is still at it. */
export const refundSummary = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  reason: refundReason,
  createdAt: z.string(),
});
export type RefundSummary = z.infer<typeof refundSummary>;

export const voucher = z.object({
  id: z.string(),
  orderId: z.string(),
  dealId: z.string(),
  voucherCode: z.string(),
  voucherPin: z.string(),
  /**
   * Where the voucher's QR image is: `/api/vouchers/{id}/qr.svg` (voucherQrPath), an SVG encoding
   * {PUBLIC_ORIGIN}/merchant/redeem?code=CODE&pin=PIN, readable only by the voucher's owner (session
   * cookie or bearer) and cacheable for good, since a voucher's code and PIN never change. Answers
   * carry the address, never the image: rendering one per voucher per request made long lists slow.
   * The address is relative on purpose: the page that shows the image asks the server it was
   * loaded from, whatever host name, port or proxy the shopper reached it through, so the session
   * cookie goes along and the image is same-origin for the Content-Security-Policy and
   * Cross-Origin-Resource-Policy (PUBLIC_ORIGIN is only a guess in development). Anything that
   * takes the address out of the page, such as the voucher download, resolves it against the
   * page's origin first.
   */
  qrCodeUrl: z.string(),
  status: voucherStatus,
  /** True exactly when `status` is `redeemed`. */
  redeemed: z.boolean(),
  redeemedAt: z.string().nullable(),
  redeemedBy: z.string().nullable(),
  validUntil: z.string(),
  expired: z.boolean(),
  createdAt: z.string(),
  dealTitle: z.string(),
  priceCents: z.number().int(),
  originalPriceCents: z.number().int().nullable(),
  dealDescription: z.string(),
  dealImage: z.string(),
  redemptionInstructions: z.string(),
  termsConditions: z.string(),
  merchantId: z.string(),
  merchantName: z.string(),
  /** Where the voucher is used ('' when the merchant has not given one). */
  merchantAddress: z.string(),
  merchantPhone: z.string(),
  /** The merchant's opening hours as the merchant answer has them: a JSON string of morning, afternoon, evening; null when not set. */
  merchantHours: z.string().nullable(),
  /** The merchant's position in degrees (WGS 84), both or neither: where the printable voucher's map points. */
  merchantLatitude: z.number().nullable(),
  merchantLongitude: z.number().nullable(),
  /** Whether the owner has already reviewed the deal. */
  reviewed: z.boolean(),
  refundAnytime: z.boolean(),
  autoRefundOnExpiry: z.boolean(),
  /** The voucher's refund, pending or done (null when none stands). */
  refund: refundSummary.nullable(),
});
export type Voucher = z.infer<typeof voucher>;

/** The address of a voucher's QR image (see `qrCodeUrl`). */
export const voucherQrPath = (voucherId: string) => `/api/vouchers/${encodeURIComponent(voucherId)}/qr.svg`;

/**
 * GET /api/user/vouchers: one page of the customer's vouchers, newest first, as an array; the cursor
 * of the next page comes in the NEXT_CURSOR_HEADER answer header (absent on the last page).
 */
export const voucherList = z.array(voucher);
export const VOUCHER_LIST_DEFAULT_LIMIT = 50;
export const VOUCHER_LIST_MAX_LIMIT = 100;
export const voucherListQuery = z.object({
  limit: z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(1, { message: 'must be at least 1' })
    .max(VOUCHER_LIST_MAX_LIMIT, { message: `must be at most ${VOUCHER_LIST_MAX_LIMIT}` })
    .default(VOUCHER_LIST_DEFAULT_LIMIT),
  cursor: z.string().max(200, { message: 'is invalid' }).optional(),
});

export const orderSummary = z.object({
  id: z.string(),
  status: z.enum(['pending', 'paid', 'expired', 'cancelled', 'refunded']),
  totalCents: z.number().int(),
  createdAt: z.string(),
  expiresAt: z.string(),
  items: z.array(
    z.object({
      dealId: z.string(),
      title: z.string(),
      quantity: z.number().int(),
      unitPriceCents: z.number().int(),
      imageUrl: z.string(),
    }),
  ),
});
export type OrderSummary = z.infer<typeof orderSummary>;

/** GET /api/payment-status/{sessionId}. `failed` covers expired, cancelled and refunded orders. */
export const paymentStatusAnswer = z.object({
  status: z.enum(['pending', 'paid', 'failed']),
  vouchers: voucherList,
  deal: deal.nullable(),
  order: orderSummary,
  /** The group the order pays a place in (ADR 029): until it forms, a paid order has no vouchers yet. */
  group: orderGroup.nullable(),
});
export type PaymentStatusAnswer = z.infer<typeof paymentStatusAnswer>;

/** The built-in provider's hosted checkout page reads this. */
export const testCheckoutSession = z.object({
  id: z.string(),
  status: z.enum(['open', 'complete', 'expired']),
  order: orderSummary,
  /** The provider's record of money given back on this payment, newest first. */
  refunds: z.array(refundSummary),
  successUrl: z.string(),
  cancelUrl: z.string(),
});
export type TestCheckoutSession = z.infer<typeof testCheckoutSession>;

export const TEST_CARDS = { success: '4242424242424242', declined: '4000000000000002' } as const;

export const testPayBody = z.object({
  cardNumber: z
    .string({ message: 'Please enter the card number' })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine((v) => /^\d{12,19}$/.test(v), { message: 'Please enter a valid card number' }),
  expiry: z
    .string({ message: 'Please enter the expiry date' })
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, { message: 'Expiry must look like MM/YY' }),
  cvc: z.string({ message: 'Please enter the CVV' }).trim().regex(/^\d{3,4}$/, { message: 'CVV must be 3 or 4 digits' }),
  cardholderName: z.string({ message: 'Please enter the cardholder name' }).trim().min(1, { message: 'Please enter the cardholder name' }).max(100),
});
export const testPayAnswer = z.object({ status: z.literal('paid'), successUrl: z.string() });

export const reviewBody = z.object({
  rating: z.number({ message: 'must be a number' }).int({ message: 'must be a whole number' }).min(1, { message: 'must be 1 to 5' }).max(5, { message: 'must be 1 to 5' }),
  comment: z.string({ message: 'is required' }).trim().min(1, { message: 'is required' }).max(1000, { message: 'must be at most 1000 characters' }),
});
