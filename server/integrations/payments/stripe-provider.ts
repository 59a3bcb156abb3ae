/** Stripe behind the payment port; the only file that imports the stripe package. */
import Stripe from 'stripe';
import type {
  CatalogIds,
  CatalogItem,
  CheckoutRequest,
  CreatedCheckout,
  PaymentEvent,
  PaymentProvider,
  ProviderRecord,
  RefundRequest,
  RefundResult,
  RefundState,
  RefundUpdate,
  SessionState,
} from './payment-provider';
import { InvalidWebhookSignature, ProviderRefusal } from './payment-provider';

/** The Stripe API version this server is written against (the stripe package's own); webhooks are read as it describes them. */
export const STRIPE_API_VERSION = Stripe.API_VERSION;

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Overrides for tests that serve Stripe's API locally, e.g. http://127.0.0.1:12111 */
  apiBase?: string;
  /** How long one request may take (20 s unless set; tests of timeouts shorten it). */
  timeoutMs?: number;
  /** Retries the stripe client makes itself, with the same idempotency key (2 unless set). */
  maxNetworkRetries?: number;
}

export function createStripeClient(settings: StripeSettings): Stripe {
  const options: Stripe.StripeConfig = { maxNetworkRetries: settings.maxNetworkRetries ?? 2, timeout: settings.timeoutMs ?? 20_000, appInfo: { name: 'dealmarket' } };
  if (settings.apiBase) {
    const url = new URL(settings.apiBase);
    options.host = url.hostname;
    options.port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
    options.protocol = url.protocol === 'https:' ? 'https' : 'http';
  }
  return new Stripe(settings.secretKey, options);
}

export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(
    private readonly settings: StripeSettings,
    client?: Stripe,
  ) {
    this.stripe = client ?? createStripeClient(settings);
  }

  /** One Checkout Session per order; the idempotency key makes a retried call return the same session. */
  async createCheckout(request: CheckoutRequest): Promise<CreatedCheckout> {
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        client_reference_id: request.orderId,
        metadata: { orderId: request.orderId },
        payment_intent_data: { metadata: { orderId: request.orderId } },
        line_items: request.lines.map((line) => ({
          quantity: line.quantity,
          price_data: { currency: 'usd', unit_amount: line.unitPriceCents, product_data: { name: line.title } },
        })),
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        // Stripe refuses less than 30 minutes from its own clock; a minute's margin keeps us inside the hold.
        expires_at: Math.ceil(Math.max(request.expiresAt.getTime(), Date.now() + 31 * 60_000) / 1000),
      },
      { idempotencyKey: `checkout-${request.orderId}` },
    );
    if (!session.url) throw new Error('Stripe returned a Checkout Session without a URL');
    return { sessionId: session.id, url: session.url };
  }

  async getSessionState(sessionId: string): Promise<SessionState> {
    const session = await this.stripe.checkout.sessions.retrieve(sessionId);
    return {
      paid: session.payment_status === 'paid' || session.payment_status === 'no_payment_required',
      expired: session.status === 'expired',
      paymentRef: paymentIntentId(session.payment_intent),
    };
  }

  /** The session's own page while Stripe keeps it open (Stripe answers its `url` only then). */
  async resumeCheckout(sessionId: string): Promise<string | null> {
    const session = await this.stripe.checkout.sessions.retrieve(sessionId);
    return session.status === 'open' && session.url ? session.url : null;
  }

  /** `checkout.sessions.expire`: Stripe refuses it (400) for a session that is no longer open. */
  async expireCheckout(sessionId: string): Promise<void> {
    await this.stripe.checkout.sessions.expire(sessionId);
  }

  /**
   * Money back from a payment intent (the order's, or found from its session). Every attempt names our
   * refund, order and voucher (or group member) in the metadata, so Stripe's dashboard leads back to the
   * order; the parameters of one attempt never change, so its key can be sent again. Stripe's 400, 402
   * and 404 are refusals; anything else (a timeout, a lost connection, a 5xx, 429 or 409) leaves the
   * outcome unknown, and the caller asks again with the same key.
   */
  async refundPayment(request: RefundRequest): Promise<RefundResult> {
    const intent = await this.intentOf(request);
    try {
      const refund = await this.stripe.refunds.create(
        { payment_intent: intent, amount: request.amountCents, metadata: refundMetadata(request) },
        { idempotencyKey: request.idempotencyKey },
      );
      const status = refundState(refund.status);
      return { ref: refund.id, status, failure: status === 'failed' ? failureOf(refund) : null };
    } catch (err) {
      throw asRefusal(err);
    }
  }

  /** Looks through the payment intent's refunds for the one made for this attempt (by our id in its metadata). */
  async findRefund(request: RefundRequest): Promise<RefundResult | null> {
    const intent = await this.intentOf(request);
    for await (const refund of this.stripe.refunds.list({ payment_intent: intent, limit: 100 })) {
      if (refund.metadata?.refundId === request.refundId) {
        const status = refundState(refund.status);
        return { ref: refund.id, status, failure: status === 'failed' ? failureOf(refund) : null };
      }
    }
    return null;
  }

  /** Payment intents that received money and refunds made in [from, to), through Stripe's list API, every page. */
  async listRecords(from: Date, to: Date): Promise<ProviderRecord[]> {
    const created = { gte: Math.floor(from.getTime() / 1000), lt: Math.ceil(to.getTime() / 1000) };
    const records: ProviderRecord[] = [];
    for await (const intent of this.stripe.paymentIntents.list({ created, limit: 100 })) {
      if (intent.amount_received <= 0) continue;
      records.push({ kind: 'payment', ref: intent.id, amountCents: intent.amount_received, orderId: intent.metadata?.orderId ?? null, createdAt: new Date(intent.created * 1000) });
    }
    for await (const refund of this.stripe.refunds.list({ created, limit: 100 })) {
      const state = refundState(refund.status);
      if (state === 'pending') continue;
      records.push({
        kind: 'refund',
        ref: refund.id,
        amountCents: state === 'succeeded' ? refund.amount : 0,
        orderId: refund.metadata?.orderId ?? null,
        createdAt: new Date(refund.created * 1000),
      });
    }
    return records;
  }

  private async intentOf(request: RefundRequest): Promise<string> {
    const intent = request.paymentRef ?? (await this.getSessionState(request.sessionId).catch((err: unknown) => {
      throw asRefusal(err);
    })).paymentRef;
    if (!intent) throw new ProviderRefusal(`No payment to refund for Checkout Session ${request.sessionId}`);
    return intent;
  }

  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signatureHeader ?? '', this.settings.webhookSecret);
    } catch (err) {
      throw new InvalidWebhookSignature(err instanceof Error ? err.message : 'Bad signature');
    }
    const base = { id: event.id, type: event.type, sessionId: null, orderId: null, paymentRef: null };
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
      case 'checkout.session.async_payment_failed':
      case 'checkout.session.expired': {
        const session = event.data.object;
        const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
        const kind =
          event.type === 'checkout.session.expired'
            ? 'expired'
            : event.type === 'checkout.session.async_payment_failed'
              ? 'failed'
              : paid
                ? 'paid'
                : // A completed session with a delayed method (e.g. a bank debit) is paid later, by async_payment_succeeded.
                  'ignored';
        return {
          ...base,
          kind,
          sessionId: session.id,
          orderId: session.client_reference_id ?? session.metadata?.orderId ?? null,
          paymentRef: paymentIntentId(session.payment_intent),
        };
      }
      // Stripe tells about a refund by several events; each carries the refund (or, for
      // charge.refunded, the charge with its latest refunds), and all are reconciled the same way.
      case 'refund.created':
      case 'refund.updated':
      case 'refund.failed':
      case 'charge.refund.updated':
        return { ...base, kind: 'refund', refunds: [refundUpdate(event.data.object)] };
      case 'charge.refunded': {
        // Recent API versions send the charge without its refunds: then the refund.* events tell.
        const charge = event.data.object;
        const listed = (charge.refunds?.data ?? []).map(refundUpdate);
        if (listed.length === 0) return { ...base, kind: 'ignored' };
        return { ...base, kind: 'refund', paymentRef: paymentIntentId(charge.payment_intent), refunds: listed };
      }
      default:
        return { ...base, kind: 'ignored' };
    }
  }

  /**
   * Stripe prices cannot change amount, so a new price replaces the old one as the product's
   * default and the old one is archived. Ids Stripe does not know (another account's, or the test
   * provider's) are replaced rather than failing every later sync.
   */
  async syncCatalogItem(item: CatalogItem): Promise<CatalogIds> {
    const known = item.productId ? await this.ifExists(() => this.stripe.products.update(item.productId!, { name: item.title, active: true })) : null;
    const product =
      known ??
      (await this.stripe.products.create(
        { name: item.title, metadata: { dealId: item.dealId } },
        { idempotencyKey: `deal-product-${item.dealId}-${item.productId ?? 'first'}` },
      ));

    const current = item.priceId ? await this.ifExists(() => this.stripe.prices.retrieve(item.priceId!)) : null;
    if (current && current.active && current.unit_amount === item.priceCents && current.currency === 'usd' && current.product === product.id) {
      return { productId: product.id, priceId: current.id };
    }
    // The key names the price being replaced, so going back to an earlier amount makes a new, active price.
    const price = await this.stripe.prices.create(
      { product: product.id, unit_amount: item.priceCents, currency: 'usd', metadata: { dealId: item.dealId } },
      { idempotencyKey: `deal-price-${item.dealId}-${product.id}-${current?.id ?? 'first'}-${item.priceCents}` },
    );
    await this.stripe.products.update(product.id, { default_price: price.id });
    if (current && current.id !== price.id && current.active) {
      await this.stripe.prices.update(current.id, { active: false });
    }
    return { productId: product.id, priceId: price.id };
  }

  /** The call's answer, or null when Stripe says the object does not exist. */
  private async ifExists<T>(call: () => Promise<T>): Promise<T | null> {
    try {
      return await call();
    } catch (err) {
      if ((err as { code?: unknown }).code === 'resource_missing') return null;
      throw err;
    }
  }
}

/** Stripe's refund states in ours: `requires_action` is still pending; `canceled` gave nothing back. */
function refundState(status: string | null): RefundState {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'failed' || status === 'canceled') return 'failed';
  return 'pending';
}

function refundUpdate(refund: Stripe.Refund): RefundUpdate {
  const status = refundState(refund.status);
  return {
    ref: refund.id,
    status,
    refundId: refund.metadata?.refundId ?? null,
    voucherId: refund.metadata?.voucherId ?? null,
    groupMemberId: refund.metadata?.groupMemberId ?? null,
    failure: status === 'failed' ? failureOf(refund) : null,
  };
}

const failureOf = (refund: Stripe.Refund) => `Stripe: ${refund.failure_reason ?? refund.status ?? 'failed'}`;

/** What Stripe's records of a refund say of it: ours, its order and what it is for. */
function refundMetadata(request: RefundRequest): Record<string, string> {
  const metadata: Record<string, string> = { refundId: request.refundId, orderId: request.orderId, reason: request.reason };
  if (request.voucherId) metadata.voucherId = request.voucherId;
  if (request.groupMemberId) metadata.groupMemberId = request.groupMemberId;
  return metadata;
}

/** Stripe's certain refusals as ProviderRefusal; every other error passes as it is (outcome unknown). */
function asRefusal(err: unknown): unknown {
  const status = (err as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && (status === 400 || status === 402 || status === 404)) {
    return new ProviderRefusal(`Stripe: ${err instanceof Error ? err.message : String(err)}`, status);
  }
  return err;
}

function paymentIntentId(intent: string | Stripe.PaymentIntent | null): string | null {
  if (!intent) return null;
  return typeof intent === 'string' ? intent : intent.id;
}
