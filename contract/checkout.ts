/** Checkout, payment status, vouchers and reviews (docs/product/api.md#checkout-and-payment; ADRs 012-014). */
import { z } from 'zod';
import { idParams, messageAnswer, pageQuery } from './common';
import { endpoint, pathOf } from './endpoint';
import { guards } from './refusals';
import { refundReason } from './money';
import { deal } from './deals';
import { orderGroup } from './groups';
import {
  CARDHOLDER_NAME_MAX_LENGTH,
  MAX_CHECKOUT_LINES,
  MAX_UNITS_PER_LINE,
  NEXT_CURSOR_HEADER,
  RATING_MAX,
  RATING_MIN,
  REVIEW_COMMENT_MAX_LENGTH,
} from './constants';
import { reason } from './reasons';

export { MAX_CHECKOUT_LINES, MAX_CHECKOUT_TOTAL_CENTS, MAX_UNITS_PER_LINE } from './constants';

const dealId = z.uuid({ message: reason('validation.dealId') });

/** `{dealId}`, `{dealIds: [...]}` (a repeated id is one more unit) or `{items: [{dealId, quantity}]}`. */
export const checkoutBody = z
  .object({
    dealId: dealId.optional(),
    dealIds: z.array(dealId).min(1, { message: reason('validation.notEmpty') }).max(MAX_CHECKOUT_LINES * MAX_UNITS_PER_LINE).optional(),
    items: z
      .array(
        z.object({
          dealId,
          quantity: z
            .number({ message: reason('validation.number') })
            .int({ message: reason('validation.wholeNumber') })
            .min(1, { message: reason('validation.atLeast', { min: 1 }) })
            .max(MAX_UNITS_PER_LINE, { message: reason('validation.atMost', { max: MAX_UNITS_PER_LINE }) }),
        }),
      )
      .min(1, { message: reason('validation.notEmpty') })
      .max(MAX_CHECKOUT_LINES, { message: reason('validation.linesMax', { max: MAX_CHECKOUT_LINES }) })
      .optional(),
  })
  .refine((b) => [b.dealId, b.dealIds, b.items].filter((v) => v !== undefined).length === 1, {
    message: reason('validation.oneCheckoutForm'),
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
  /**
   * The 6-digit PIN, only while the voucher can be redeemed (active and within its validity); null for a
   * redeemed, refunded (or refund pending) or expired one. A redemption undone makes it active again, PIN and all.
   */
  voucherPin: z.string().nullable(),
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
   * page's origin first. Null for a refunded (or refund pending) or expired voucher, whose image is gone
   * (410); a redeemed voucher keeps it, folded away on the screens, since a used code opens nothing.
   */
  qrCodeUrl: z.string().nullable(),
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
export const voucherQrPath = (voucherId: string) => pathOf(voucherEndpoints.qr, { id: voucherId });

/**
 * GET /api/user/vouchers: one page of the customer's vouchers, newest first, as an array; the cursor
 * of the next page comes in the NEXT_CURSOR_HEADER answer header (absent on the last page).
 */
export const voucherList = z.array(voucher);
export const VOUCHER_LIST_DEFAULT_LIMIT = 50;
export const VOUCHER_LIST_MAX_LIMIT = 100;
export const voucherListQuery = pageQuery(VOUCHER_LIST_MAX_LIMIT, VOUCHER_LIST_DEFAULT_LIMIT);

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
    .string({ message: reason('validation.cardNumber') })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine((v) => /^\d{12,19}$/.test(v), { message: reason('validation.cardNumberInvalid') }),
  expiry: z
    .string({ message: reason('validation.expiry') })
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, { message: reason('validation.expiryPattern') }),
  cvc: z
    .string({ message: reason('validation.cvv') })
    .trim()
    .regex(/^\d{3,4}$/, { message: reason('validation.cvvDigits') }),
  cardholderName: z
    .string({ message: reason('validation.cardholder') })
    .trim()
    .min(1, { message: reason('validation.cardholder') })
    .max(CARDHOLDER_NAME_MAX_LENGTH),
});
export const testPayAnswer = z.object({ status: z.literal('paid'), successUrl: z.string() });

export const reviewBody = z.object({
  rating: z
    .number({ message: reason('validation.number') })
    .int({ message: reason('validation.wholeNumber') })
    .min(RATING_MIN, { message: reason('validation.oneToFive') })
    .max(RATING_MAX, { message: reason('validation.oneToFive') }),
  comment: z
    .string({ message: reason('validation.required') })
    .trim()
    .min(1, { message: reason('validation.required') })
    .max(REVIEW_COMMENT_MAX_LENGTH, { message: reason('validation.atMostCharacters', { max: REVIEW_COMMENT_MAX_LENGTH }) }),
});

/** GET /api/payment-status/{sessionId}: the provider's session id the checkout answered in its payment page's address. */
export const paymentSessionParams = z.object({ sessionId: z.string().min(1).max(300) });
/** The built-in provider's checkout session, by its id. */
export const checkoutSessionParams = z.object({ id: z.string().min(1).max(300) });

/** A payment provider's webhook answers this: the event was taken, and what it did (`duplicate` for one seen before). */
export const webhookAnswer = z.object({ received: z.literal(true), result: z.string() });

/** The refusals a webhook gives: only for what it cannot read. */
const webhookRefusals = {
  400: 'The body is not JSON, or its signature does not match the exact bytes received (`Webhook signature verification failed: ...`).',
} as const;

/** Buying, the payment that follows, and the payment providers' side of it (docs/product/api.md#checkout-and-payment). */
export const checkoutEndpoints = {
  checkout: endpoint({
    method: 'POST',
    path: '/api/checkout',
    tag: 'Checkout',
    summary: 'Starts a payment for one deal or a cart, answering the payment page',
    description:
      'Customers. One of `{dealId}` (one unit), `{dealIds: [...]}` (a repeated id is one more unit) or `{items: [{dealId, quantity}]}`. The order and its holds are written before the answer; a free order is fulfilled at once. At most 20 different deals and 100 units of one deal per checkout, and a total of at most $999,999.99; 30 attempts a minute per customer, refused ones included.',
    body: checkoutBody,
    ok: { status: 200, schema: checkoutAnswer, description: '`{url}`: the payment page to send the browser to.' },
    refusals: {
      400: 'More than 20 different deals or 100 units of one deal once repeated ids are merged, or a total over $999,999.99.',
      ...guards({ account: 'a customer', write: true }),
      404: 'A deal of the checkout does not exist.',
      409: 'A deal is no longer available, switched off, not on sale yet, ended, sold out or short of units, over the customer\'s allowance, or in too high demand right now.',
      429: 'Over the customer\'s 30 checkout attempts a minute.',
      502: 'The payment provider failed to open the payment page.',
    },
  }),
  paymentStatus: endpoint({
    method: 'GET',
    path: '/api/payment-status/:sessionId',
    tag: 'Checkout',
    summary: 'Where the payment of one of the caller\'s checkouts stands, with its vouchers once paid',
    description:
      'Signed in; only the checkout\'s own customer. While the order is pending this also asks the provider, and fulfils the order (or lets it expire) if the provider\'s event has not arrived yet. `status` is `failed` for an expired, cancelled or refunded order; a group member\'s vouchers come once the group has formed.',
    params: paymentSessionParams,
    ok: { status: 200, schema: paymentStatusAnswer, description: '`{status, vouchers, deal, order, group}`.' },
    refusals: { ...guards(), 404: 'No payment of the caller has this session id (somebody else\'s answers the same).' },
  }),
  testSession: endpoint({
    method: 'GET',
    path: '/api/test-provider/sessions/:id',
    tag: 'Built-in payment provider',
    summary: 'The built-in provider\'s checkout session, for its payment page',
    description:
      'Only while the built-in provider is in use. Signed in; only the checkout\'s own customer. A lapsed pending order is expired on the way.',
    params: checkoutSessionParams,
    ok: { status: 200, schema: testCheckoutSession, description: 'The session: `open`, `complete` or `expired`, with its order and refunds.' },
    refusals: { ...guards(), 404: 'No payment of the caller has this session id.' },
  }),
  testPay: endpoint({
    method: 'POST',
    path: '/api/test-provider/sessions/:id/pay',
    tag: 'Built-in payment provider',
    summary: 'Pays a checkout session of the built-in provider with a test card',
    description:
      'Only while the built-in provider is in use. Signed in; only the checkout\'s own customer. Card 4242 4242 4242 4242 pays, and the order is fulfilled by the same path as a webhook\'s event; paying an order already paid answers `paid` again. 30 attempts a minute per customer.',
    params: checkoutSessionParams,
    body: testPayBody,
    ok: { status: 200, schema: testPayAnswer, description: '`{status: \'paid\', successUrl}`.' },
    refusals: {
      ...guards({ write: true }),
      402: 'The card was declined (4000 0000 0000 0002), has expired, or is not one of the two test cards.',
      404: 'No payment of the caller has this session id.',
      409: 'The checkout has expired, or the payment came too late: the deal was withdrawn, sold out or its group closed meanwhile, and the payment was refunded.',
      429: 'Over the customer\'s 30 payment attempts a minute.',
      502: 'The payment could not be confirmed.',
    },
  }),
  testCancel: endpoint({
    method: 'POST',
    path: '/api/test-provider/sessions/:id/cancel',
    tag: 'Built-in payment provider',
    summary: 'Cancels a checkout session of the built-in provider, putting its units back on sale',
    description: 'Only while the built-in provider is in use. Signed in; only the checkout\'s own customer.',
    params: checkoutSessionParams,
    ok: { status: 200, schema: messageAnswer, description: '`{message: \'Checkout cancelled\'}`.' },
    refusals: { ...guards({ write: true }), 404: 'No payment of the caller has this session id.' },
  }),
  testWebhook: endpoint({
    method: 'POST',
    path: '/api/webhooks/test-provider',
    tag: 'Webhooks',
    summary: 'Takes a signed event of the built-in payment provider',
    description:
      'Only while the built-in provider is in use. The body is the provider\'s JSON event, its signature (the provider\'s own header) checked on the exact bytes received. A payment completed fulfils the order; failed or expired releases its holds; a repeated event is answered `duplicate` and changes nothing. Not counted against the write budget.',
    ok: { status: 200, schema: webhookAnswer, description: '`{received: true, result}`.' },
    refusals: webhookRefusals,
  }),
};

/**
 * Stripe's webhook, registered only when the payments go through Stripe: kept out of the reference's
 * aggregate (contract/endpoints.ts), whose every endpoint the development app, on the built-in
 * provider, registers; a Stripe deployment documents it as it registers it.
 */
export const stripeWebhookEndpoints = {
  stripeWebhook: endpoint({
    method: 'POST',
    path: '/api/webhooks/stripe',
    tag: 'Webhooks',
    summary: 'Takes a signed event of Stripe',
    description:
      'Only with Stripe. The body is Stripe\'s JSON event, its `stripe-signature` checked on the exact bytes received. A payment completed or succeeded later fulfils the order; failed or expired releases its holds; a repeated event is answered `duplicate` and changes nothing. Not counted against the write budget.',
    ok: { status: 200, schema: webhookAnswer, description: '`{received: true, result}`.' },
    refusals: webhookRefusals,
  }),
};

/** A customer's vouchers, each voucher's QR image, and reviews by the deal's buyers. */
export const voucherEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/user/vouchers',
    tag: 'Vouchers',
    summary: 'A page of the caller\'s vouchers, newest first',
    description: `Signed in. \`limit\` 1 to ${VOUCHER_LIST_MAX_LIMIT}, ${VOUCHER_LIST_DEFAULT_LIMIT} by default; the next page's cursor comes in the \`${NEXT_CURSOR_HEADER}\` header.`,
    query: voucherListQuery,
    ok: { status: 200, schema: voucherList, description: 'The page\'s vouchers.' },
    refusals: {
      ...guards(),
      400: 'The cursor is not one the server made.',
    },
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/user/vouchers/:id',
    tag: 'Vouchers',
    summary: 'One of the caller\'s vouchers, for its printable page',
    description: 'Signed in; only the voucher\'s owner.',
    params: idParams,
    ok: { status: 200, schema: voucher, description: 'The voucher, as the list presents it.' },
    refusals: { ...guards(), 404: 'The caller has no voucher with this id (somebody else\'s answers the same).' },
  }),
  qr: endpoint({
    method: 'GET',
    path: '/api/vouchers/:id/qr.svg',
    tag: 'Vouchers',
    summary: 'A voucher\'s QR image',
    description:
      'Signed in (the session cookie of an `<img src>`, or the bearer header); only the voucher\'s owner. The image encodes the redeem link with the code and PIN, and is cached by the browser for a year: they never change. Only for a voucher that can be redeemed, or was (redeemed); a refunded or expired voucher has no image any more.',
    params: idParams,
    ok: { status: 200, schema: z.string(), contentType: 'image/svg+xml', description: 'An SVG picture.' },
    refusals: {
      ...guards(),
      404: 'The caller has no voucher with this id.',
      410: 'The voucher is refunded (or its refund pending) or expired: it can no longer be used, and has no QR image.',
    },
  }),
  review: endpoint({
    method: 'POST',
    path: '/api/deals/:id/reviews',
    tag: 'Reviews',
    summary: 'Reviews a deal the caller has used',
    description: 'Signed in, holding a redeemed voucher of the deal; one review per deal and customer.',
    params: idParams,
    body: reviewBody,
    ok: { status: 201, schema: messageAnswer, description: '`{message: \'Thank you for your review\'}`.' },
    refusals: {
      ...guards({ write: true, also403: ['the caller holds no redeemed voucher of the deal'] }),
      409: 'The caller has already reviewed this deal.',
    },
  }),
};
