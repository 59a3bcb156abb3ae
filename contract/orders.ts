/**
 * Refunds, order histories, customer service and the money ledger (docs/product/api.md#refunds-and-orders; ADR 027).
 */
import { z } from 'zod';
import { idParams, pageQuery } from './common';
import {
  LEDGER_CURSOR_MAX_LENGTH,
  LEDGER_PAGE_LIMIT,
  LEDGER_PAGE_MAX_LIMIT,
  NEXT_CURSOR_HEADER,
  ORDER_LIST_LIMIT,
  ORDER_LIST_MAX_LIMIT,
  ORDER_SEARCH_MAX_LENGTH,
  REFUND_REASON_MAX_LENGTH,
} from './constants';
import { reason } from './reasons';
import { refundSummary, voucher, voucherStatus } from './checkout';
import { orderGroup } from './groups';
import { endpoint } from './endpoint';
import { guards } from './refusals';

/** POST /api/vouchers/{id}/refund and POST /api/admin/vouchers/{id}/refund answer this. */
export const refundAnswer = z.object({ voucher, refund: refundSummary });
export type RefundAnswer = z.infer<typeof refundAnswer>;

/** POST /api/admin/vouchers/{id}/refund: why customer service gives the money back (required for a redeemed voucher). */
export const adminRefundBody = z.object({
  reason: z
    .string()
    .trim()
    .max(REFUND_REASON_MAX_LENGTH, { message: reason('validation.atMostCharacters', { max: REFUND_REASON_MAX_LENGTH }) })
    .optional()
    .default(''),
});

/** POST /api/merchant/redemptions/{voucherId}/undo answers this. */
export const undoRedemptionAnswer = z.object({
  voucherId: z.string(),
  voucherCode: z.string(),
  status: voucherStatus,
  undoneAt: z.string(),
});
export type UndoRedemptionAnswer = z.infer<typeof undoRedemptionAnswer>;

/** One voucher of an order as its history shows it. */
export const orderVoucher = z.object({
  id: z.string(),
  dealId: z.string(),
  dealTitle: z.string(),
  voucherCode: z.string(),
  status: voucherStatus,
  priceCents: z.number().int(),
  validUntil: z.string(),
  redeemedAt: z.string().nullable(),
  refund: refundSummary.nullable(),
});
export type OrderVoucher = z.infer<typeof orderVoucher>;

/**
 * An order as its customer sees it: `refunded` once every unit's money went back, `partially_refunded`
 * while some did (ADR 032); the stored status says only whether it was paid.
 */
export const orderStatus = z.enum(['pending', 'paid', 'expired', 'cancelled', 'refunded', 'partially_refunded']);

/** GET /api/user/orders: one of the customer's orders, with its lines, vouchers and refunds. */
export const customerOrder = z.object({
  id: z.string(),
  status: orderStatus,
  totalCents: z.number().int(),
  /** Sum of the order's succeeded refunds. */
  refundedCents: z.number().int(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /**
   * While the order awaits payment (`pending`), until when its checkout page takes payment: Pay
   * (`POST /api/user/orders/{id}/pay`) sends the customer back to it until then. Null otherwise.
   */
  payUntil: z.string().nullable(),
  items: z.array(
    z.object({
      dealId: z.string(),
      title: z.string(),
      quantity: z.number().int(),
      unitPriceCents: z.number().int(),
      imageUrl: z.string(),
    }),
  ),
  vouchers: z.array(orderVoucher),
  refunds: z.array(refundSummary.extend({ voucherId: z.string().nullable() })),
  /** The group this order pays a place in (ADR 029), or null for an ordinary order. */
  group: orderGroup.nullable(),
});
export type CustomerOrder = z.infer<typeof customerOrder>;
/** Newest first; the next page's cursor comes in the NEXT_CURSOR_HEADER answer header. */
export const customerOrderList = z.array(customerOrder);

export const orderListQuery = pageQuery(ORDER_LIST_MAX_LIMIT, ORDER_LIST_LIMIT);

/** GET /api/admin/orders?q=: an order id (or its first 8 characters), a phone number or a voucher code. */
export const adminOrderQuery = z.object({
  q: z
    .string()
    .trim()
    .min(1, { message: reason('validation.orderSearch') })
    .max(ORDER_SEARCH_MAX_LENGTH, { message: reason('validation.atMostCharacters', { max: ORDER_SEARCH_MAX_LENGTH }) }),
});

/** One entry of an order's story, oldest first. */
export const orderEvent = z.object({
  at: z.string(),
  kind: z.enum(['placed', 'paid', 'group_formed', 'group_failed', 'voucher_issued', 'redeemed', 'redemption_undone', 'refund_requested', 'refunded', 'refund_failed', 'expired']),
  /** What happened, in a sentence. */
  text: z.string(),
  voucherCode: z.string().nullable(),
});

/** An order as customer service sees it: who, how it was paid, and everything that happened since (no `payUntil`: only its customer pays it). */
export const adminOrder = customerOrder.omit({ payUntil: true }).extend({
  customerPhone: z.string().nullable(),
  customerEmail: z.string().nullable(),
  provider: z.enum(['stripe', 'test']),
  providerSessionId: z.string().nullable(),
  paymentRef: z.string().nullable(),
  vouchers: z.array(
    orderVoucher.extend({
      merchantName: z.string(),
      redemptions: z.array(z.object({ at: z.string(), success: z.boolean(), reason: z.string().nullable(), undoneAt: z.string().nullable() })),
    }),
  ),
  refunds: z.array(refundSummary.extend({ voucherId: z.string().nullable(), note: z.string().nullable(), providerRef: z.string().nullable(), failure: z.string().nullable() })),
  story: z.array(orderEvent),
});
export type AdminOrder = z.infer<typeof adminOrder>;
export const adminOrderList = z.array(adminOrder);

/** One row of the append-only money ledger. Payments are positive, refunds and payouts negative. */
export const ledgerEntry = z.object({
  seq: z.number().int(),
  /** `reversal`: a refund that had succeeded failed at the provider later, and its amount came back (positive). */
  kind: z.enum(['payment', 'refund', 'payout', 'reversal']),
  amountCents: z.number().int(),
  orderId: z.string().nullable(),
  refundId: z.string().nullable(),
  merchantId: z.string().nullable(),
  provider: z.string(),
  providerRef: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntry>;

export const ledgerTotals = z.object({
  paymentsCents: z.number().int(),
  /** Negative, like the rows. */
  refundsCents: z.number().int(),
  /** Negative, like the rows. */
  payoutsCents: z.number().int(),
  /** Refunds that failed after they had succeeded: positive, like the rows. */
  reversalsCents: z.number().int(),
  /** payments + refunds + payouts + reversals. */
  balanceCents: z.number().int(),
  entries: z.number().int(),
});
export type LedgerTotals = z.infer<typeof ledgerTotals>;

/** GET /api/admin/ledger: newest first, with the totals of the whole ledger. */
export const ledgerPage = z.object({
  entries: z.array(ledgerEntry),
  totals: ledgerTotals,
  nextCursor: z.string().nullable(),
});
export type LedgerPage = z.infer<typeof ledgerPage>;

export const ledgerQuery = pageQuery(LEDGER_PAGE_MAX_LIMIT, LEDGER_PAGE_LIMIT, LEDGER_CURSOR_MAX_LENGTH);

/** Customer service's order search and the money ledger, for superadmins (docs/product/api.md#refunds-and-orders). */
export const adminOrderEndpoints = {
  search: endpoint({
    method: 'GET',
    path: '/api/admin/orders',
    tag: 'Admin: orders',
    summary: 'Orders found by order id or number, customer phone or voucher code, as customer service sees them',
    description: 'Superadmins. Up to 20 orders, each with who bought it, how it was paid, its vouchers\' redemptions, its refunds and its story.',
    query: adminOrderQuery,
    ok: { status: 200, schema: adminOrderList, description: 'The orders found.' },
    refusals: guards({ account: 'a superadmin' }),
  }),
  ledger: endpoint({
    method: 'GET',
    path: '/api/admin/ledger',
    tag: 'Admin: money',
    summary: 'A page of the money ledger, newest first, with the totals of the whole ledger',
    description: 'Superadmins. 50 entries a page by default; `nextCursor` asks for the next page.',
    query: ledgerQuery,
    ok: { status: 200, schema: ledgerPage, description: 'The page\'s entries, the totals and the next page\'s cursor (null on the last).' },
    refusals: {
      ...guards({ account: 'a superadmin' }),
      400: 'The cursor is not one the server made (`cursor: is invalid`).',
    },
  }),
};

/** POST /api/user/orders/{id}/pay answers this: the order's own checkout page, to send the browser to. */
export const payOrderAnswer = z.object({ url: z.string() });
export type PayOrderAnswer = z.infer<typeof payOrderAnswer>;

/** The answer of a refund, by the voucher's owner or by customer service. */
const refunded = { status: 200, schema: refundAnswer, description: '`{voucher, refund}`: the voucher as it now stands and its refund.' } as const;

/** The customer's order history, and refunding one voucher by its owner or by customer service (docs/product/api.md#refunds-and-orders). */
export const orderEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/user/orders',
    tag: 'Orders',
    summary: 'A page of the caller\'s orders, newest first, with their vouchers and refunds',
    description: `Signed in. \`limit\` 1 to 100, ${ORDER_LIST_LIMIT} by default; the next page's cursor comes in the \`${NEXT_CURSOR_HEADER}\` header.`,
    query: orderListQuery,
    ok: { status: 200, schema: customerOrderList, description: 'The page\'s orders.' },
    refusals: {
      ...guards(),
      400: 'The cursor is not one the server made.',
    },
  }),
  pay: endpoint({
    method: 'POST',
    path: '/api/user/orders/:id/pay',
    tag: 'Orders',
    summary: 'The checkout page of one of the caller\'s orders awaiting payment, to pay it there',
    description:
      'Signed in; only the order\'s owner. The same payment session the checkout opened (the built-in provider\'s page, or Stripe\'s), while the order is pending and its page still takes payment (`payUntil`); never a second session. An order whose hold has lapsed is expired on the way.',
    params: idParams,
    ok: { status: 200, schema: payOrderAnswer, description: '`{url}`: the payment page to send the browser to.' },
    refusals: {
      ...guards({ write: true }),
      404: 'The caller has no order with this id (somebody else\'s answers the same).',
      409: 'The order is paid already, was cancelled, or its checkout has expired.',
      502: 'The payment provider could not be asked about the payment page.',
    },
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/api/user/orders/:id/cancel',
    tag: 'Orders',
    summary: 'Cancels one of the caller\'s orders awaiting payment, putting its units back on sale at once',
    description:
      'Signed in; only the order\'s owner. The order is marked `cancelled` and its hold released (units back in stock, a group place freed) first, then the provider is told to close the payment page (Stripe\'s session is expired). A payment that still arrives is handled as one after a lapsed hold: the units are taken again if they are still there, otherwise it is refunded. Cancelling again, or an order no longer awaiting payment that was never paid, answers the order as it stands.',
    params: idParams,
    ok: { status: 200, schema: customerOrder, description: 'The order as it now stands.' },
    refusals: {
      ...guards({ write: true }),
      404: 'The caller has no order with this id (somebody else\'s answers the same).',
      409: 'The order is paid.',
    },
  }),
  refund: endpoint({
    method: 'POST',
    path: '/api/vouchers/:id/refund',
    tag: 'Refunds',
    summary: 'Gives back one of the caller\'s vouchers for the price paid',
    description:
      'Signed in; only the voucher\'s owner, for a deal sold with refunds. The refund is `succeeded`, or `pending` while the provider settles it (no answer within 8 s, or an unknown outcome).',
    params: idParams,
    ok: refunded,
    refusals: {
      ...guards({ write: true }),
      404: 'The caller has no voucher with this id (somebody else\'s answers the same).',
      409: 'The deal does not offer refunds, the order was paid through another provider, or the voucher is redeemed, refunded or expired.',
      502: 'The payment provider refused the refund for certain; the voucher stays active.',
    },
  }),
  adminRefund: endpoint({
    method: 'POST',
    path: '/api/admin/vouchers/:id/refund',
    tag: 'Admin: orders',
    summary: 'Gives back any voucher for the price paid, as customer service',
    description:
      'Superadmins. As the customer\'s refund, for any deal; a redeemed voucher too, as a goodwill gesture, for which `reason` is required. The body may be left out for an active voucher.',
    params: idParams,
    // The reason is optional for an active voucher, so the body may be left out altogether.
    body: adminRefundBody.nullish(),
    ok: refunded,
    refusals: {
      ...guards({ account: 'a superadmin', write: true }),
      400: 'A redeemed voucher without a reason.',
      404: 'No voucher has this id.',
      409: 'The order was paid through another provider, or the voucher is refunded or expired already.',
      502: 'The payment provider refused the refund for certain; the voucher stays as it was.',
    },
  }),
};
