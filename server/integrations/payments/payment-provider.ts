/** The port every payment provider implements: Stripe in production, the built-in test provider elsewhere. */

export interface CatalogItem {
  dealId: string;
  title: string;
  priceCents: number;
  /** Ids from an earlier sync, to update rather than duplicate. */
  productId: string | null;
  priceId: string | null;
}

export interface CatalogIds {
  productId: string;
  priceId: string;
}

export interface CheckoutLine {
  title: string;
  unitPriceCents: number;
  quantity: number;
}

export interface CheckoutRequest {
  orderId: string;
  lines: CheckoutLine[];
  /** May contain the literal {CHECKOUT_SESSION_ID}, replaced by the provider. */
  successUrl: string;
  cancelUrl: string;
  /** When the hosted page stops accepting payment. */
  expiresAt: Date;
}

export interface CreatedCheckout {
  sessionId: string;
  url: string;
}

/** What a verified webhook means for an order (or, for `refund`, for our refunds), whatever the provider calls it. */
export type PaymentEventKind = 'paid' | 'failed' | 'expired' | 'refund' | 'ignored';

/** Where a refund stands at the provider. */
export type RefundState = 'pending' | 'succeeded' | 'failed';

/** A refund the provider reports on (events of kind `refund`). */
export interface RefundUpdate {
  /** The provider's id of the refund. */
  ref: string;
  status: RefundState;
  /** The voucher the refund was asked for, as we handed it to the provider; null when it does not say. */
  voucherId: string | null;
  /** Or the member of a failed group it was asked for (ADR 029). */
  groupMemberId: string | null;
  /** Why it failed, when it did. */
  failure: string | null;
}

/** One unit of a payment to give back. */
export interface RefundRequest {
  /** The checkout session the payment was made in. */
  sessionId: string;
  /** The provider's reference of the payment, when we know it; otherwise it is found from the session. */
  paymentRef: string | null;
  amountCents: number;
  /** The same key for every attempt of one refund, so a retry after an error never gives the money back twice. */
  idempotencyKey: string;
  /** Our voucher, handed to the provider so its reports can name it; null for a failed group's member. */
  voucherId: string | null;
  /** The member of a failed group refunded (ADR 029), handed over likewise; null for a voucher. */
  groupMemberId: string | null;
}

export interface RefundResult {
  /** The provider's id of the refund. */
  ref: string;
  status: RefundState;
}

export interface PaymentEvent {
  /** The provider's event id: a delivery of the same id twice is the same event. */
  id: string;
  kind: PaymentEventKind;
  type: string;
  sessionId: string | null;
  /** Our order id, as we handed it to the provider. */
  orderId: string | null;
  /** The provider's reference of the payment, for refunds. */
  paymentRef: string | null;
  /** For `refund` events: the refunds the event reports on. */
  refunds?: RefundUpdate[];
}

export interface SessionState {
  paid: boolean;
  expired: boolean;
  paymentRef: string | null;
}

export class InvalidWebhookSignature extends Error {}

export interface PaymentProvider {
  readonly name: 'stripe' | 'test';
  /** Creates or updates the product and its current price at the provider. */
  syncCatalogItem(item: CatalogItem): Promise<CatalogIds>;
  /** Opens a hosted checkout page for an order; called once per order, safe to retry. */
  createCheckout(request: CheckoutRequest): Promise<CreatedCheckout>;
  /** Asks the provider about a session (the success page's poll uses it to catch up with late webhooks). */
  getSessionState(sessionId: string): Promise<SessionState>;
  /** Gives the whole payment back. */
  refund(sessionId: string, paymentRef: string | null): Promise<void>;
  /** Gives part of a payment back (one voucher's unit); throws when the provider refuses or cannot be reached. */
  refundPayment(request: RefundRequest): Promise<RefundResult>;
  /** Verifies a webhook's signature on its raw body and says what it means; throws InvalidWebhookSignature. */
  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent;
}
