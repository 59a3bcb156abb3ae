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

/** What a verified webhook means for an order, whatever the provider calls it. */
export type PaymentEventKind = 'paid' | 'failed' | 'expired' | 'ignored';

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
  /** Verifies a webhook's signature on its raw body and says what it means; throws InvalidWebhookSignature. */
  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent;
}
