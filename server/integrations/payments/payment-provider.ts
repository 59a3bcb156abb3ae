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
  /** Our refund (the attempt) it was asked for, as we handed it to the provider; null when it does not say. */
  refundId: string | null;
  /** The voucher the refund was asked for, as we handed it to the provider; null when it does not say. */
  voucherId: string | null;
  /** Or the member of a failed group it was asked for (ADR 029). */
  groupMemberId: string | null;
  /** Why it failed, when it did. */
  failure: string | null;
}

/** Money to give back from one payment: a voucher's unit, a failed group member's place, or a whole payment. */
export interface RefundRequest {
  /** Our refund: one attempt, named to the provider so its records and reports lead back to it. */
  refundId: string;
  orderId: string;
  /** Why (refund reason), for the provider's records. */
  reason: string;
  /** The checkout session the payment was made in. */
  sessionId: string;
  /** The provider's reference of the payment, when we know it; otherwise it is found from the session. */
  paymentRef: string | null;
  amountCents: number;
  /** One key per attempt: a retry of an unknown outcome is answered with the refund made the first time. */
  idempotencyKey: string;
  /** Our voucher, handed to the provider so its reports can name it; null otherwise. */
  voucherId: string | null;
  /** The member of a failed group refunded (ADR 029), handed over likewise; null otherwise. */
  groupMemberId: string | null;
}

export interface RefundResult {
  /** The provider's id of the refund. */
  ref: string;
  status: RefundState;
  /** Why it failed, when the provider made it and it failed at once. */
  failure?: string | null;
}

/**
 * The provider refused for certain (Stripe's 400, 402, 404: a payment already refunded, a dispute, an
 * amount too large...): nothing was made, and the same request would be refused again. Any other error
 * from a provider call leaves its outcome unknown.
 */
export class ProviderRefusal extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'ProviderRefusal';
  }
}

/** One movement of money in the provider's own books, for reconciliation. Amounts are positive. */
export interface ProviderRecord {
  kind: 'payment' | 'refund';
  /** The provider's id: a payment (Stripe's payment intent) or a refund. */
  ref: string;
  /** What actually moved: a payment's amount received; a refund's amount, 0 when it failed. */
  amountCents: number;
  /** Our order, when the provider's record names it. */
  orderId: string | null;
  createdAt: Date;
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
  /**
   * The hosted page of a session opened earlier, to send the customer back to while it still takes
   * payment; null once it does not (paid, expired or closed). The same session, never a new one: an
   * order is paid through one session only.
   */
  resumeCheckout(sessionId: string): Promise<string | null>;
  /**
   * Closes a session's hosted page so that it takes no payment from now on, after the order was
   * cancelled. Throws when the provider could not (the session was paid or closed already, or the
   * provider was unreachable): a payment that still arrives is handled as one after a lapsed hold.
   */
  expireCheckout(sessionId: string): Promise<void>;
  /**
   * Gives money back from a payment. Throws ProviderRefusal when the provider refused for certain; any
   * other error means the outcome is unknown (the refund may have been made) and the same request, with
   * the same idempotency key, is asked again later.
   */
  refundPayment(request: RefundRequest): Promise<RefundResult>;
  /** The refund the provider made for this attempt, if it made one (asked before a retry, whose key may have expired). */
  findRefund(request: RefundRequest): Promise<RefundResult | null>;
  /** The provider's payments and refunds made in [from, to), every page of them. */
  listRecords(from: Date, to: Date): Promise<ProviderRecord[]>;
  /** Verifies a webhook's signature on its raw body and says what it means; throws InvalidWebhookSignature. */
  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent;
}
