/**
 * Refunds, order histories, customer service and the money ledger (docs/product/api.md#refunds-and-orders; ADR 027).
 */
import { z } from 'zod';
import { LEDGER_PAGE_LIMIT, ORDER_LIST_LIMIT } from './constants';
import { refundSummary, voucher, voucherStatus } from './checkout';
import { orderGroup } from './groups';

/** POST /api/vouchers/{id}/refund and POST /api/admin/vouchers/{id}/refund answer this. */
export const refundAnswer = z.object({ voucher, refund: refundSummary });
export type RefundAnswer = z.infer<typeof refundAnswer>;

/** POST /api/admin/vouchers/{id}/refund: why customer service gives the money back (required for a redeemed voucher). */
export const adminRefundBody = z.object({
  reason: z.string().trim().max(500, { message: 'must be at most 500 characters' }).optional().default(''),
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

export const orderListQuery = z.object({
  limit: z.coerce.number().int().min(1, { message: 'must be at least 1' }).max(100, { message: 'must be at most 100' }).default(ORDER_LIST_LIMIT),
  cursor: z.string().max(200, { message: 'is invalid' }).optional(),
});

/** GET /api/admin/orders?q=: an order id (or its first 8 characters), a phone number or a voucher code. */
export const adminOrderQuery = z.object({
  q: z.string().trim().min(1, { message: 'Enter an order number, a phone number or a voucher code' }).max(100, { message: 'must be at most 100 characters' }),
});

/** One entry of an order's story, oldest first. */
export const orderEvent = z.object({
  at: z.string(),
  kind: z.enum(['placed', 'paid', 'group_formed', 'group_failed', 'voucher_issued', 'redeemed', 'redemption_undone', 'refund_requested', 'refunded', 'refund_failed', 'expired']),
  /** What happened, in a sentence. */
  text: z.string(),
  voucherCode: z.string().nullable(),
});

/** An order as customer service sees it: who, how it was paid, and everything that happened since. */
export const adminOrder = customerOrder.extend({
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

export const ledgerQuery = z.object({
  limit: z.coerce.number().int().min(1, { message: 'must be at least 1' }).max(200, { message: 'must be at most 200' }).default(LEDGER_PAGE_LIMIT),
  cursor: z.string().max(40, { message: 'is invalid' }).optional(),
});
