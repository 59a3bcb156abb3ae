/** Checkout, payment status, vouchers and reviews (SPEC.md §3, §7; DECISIONS.md D3-D5). */
import { z } from 'zod';
import { deal } from './deals';

export const MAX_CHECKOUT_LINES = 20;
export const MAX_UNITS_PER_LINE = 100;

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

export const voucher = z.object({
  id: z.string(),
  orderId: z.string(),
  dealId: z.string(),
  voucherCode: z.string(),
  voucherPin: z.string(),
  /** A data: URL of the QR image encoding {origin}/merchant/redeem?code=CODE&pin=PIN. */
  qrCodeUrl: z.string(),
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
  /** Whether the owner has already reviewed the deal. */
  reviewed: z.boolean(),
});
export type Voucher = z.infer<typeof voucher>;
export const voucherList = z.array(voucher);

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
});
export type PaymentStatusAnswer = z.infer<typeof paymentStatusAnswer>;

/** The built-in provider's hosted checkout page reads this. */
export const testCheckoutSession = z.object({
  id: z.string(),
  status: z.enum(['open', 'complete', 'expired']),
  order: orderSummary,
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
