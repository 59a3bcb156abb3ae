/**
 * The built-in provider used without Stripe keys (ADR 013). Its hosted page is the web
 * app's /checkout screen, whose pay call fulfils the order directly. Its webhook route takes
 * events signed like Stripe's (`sign`), and it records its latest calls so tests can read them.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type {
  CatalogIds,
  CatalogItem,
  CheckoutRequest,
  CreatedCheckout,
  PaymentEvent,
  PaymentProvider,
  RefundRequest,
  RefundResult,
  SessionState,
} from './payment-provider';
import { InvalidWebhookSignature } from './payment-provider';

export const TEST_SIGNATURE_HEADER = 'x-test-provider-signature';
const TOLERANCE_SECONDS = 300;

export interface TestWebhookPayload {
  id: string;
  type: 'checkout.session.completed' | 'checkout.session.expired';
  sessionId: string;
  orderId: string;
  paymentRef: string | null;
}

/**
 * How many of each kind of call the provider remembers. A demo server runs on this provider for as long as it is up,
 * so its records keep only the latest calls rather than growing with every checkout.
 */
export const TEST_PROVIDER_RECORDS = 1000;

/** Appends to a record, dropping its oldest entry beyond TEST_PROVIDER_RECORDS. */
function record<T>(list: T[], entry: T): void {
  list.push(entry);
  if (list.length > TEST_PROVIDER_RECORDS) list.shift();
}

export class TestPaymentProvider implements PaymentProvider {
  readonly name = 'test' as const;
  /** The latest catalogue syncs (up to TEST_PROVIDER_RECORDS), in order. */
  readonly synced: CatalogItem[] = [];
  /** The latest checkouts opened, in order. */
  readonly checkouts: CheckoutRequest[] = [];
  /** The latest refunds, in order. */
  readonly refunds: { sessionId: string; paymentRef: string | null }[] = [];
  /** The latest refunds of single units (one per idempotency key), in order. */
  readonly unitRefunds: (RefundRequest & RefundResult)[] = [];
  /** The unit refund of each idempotency key, so a retry is answered with the first one (the latest TEST_PROVIDER_RECORDS keys). */
  private readonly unitRefundsByKey = new Map<string, RefundResult>();
  /** Refusals still to give, as the next unit refunds' errors (see failNextRefunds). */
  private readonly refusals: string[] = [];

  constructor(
    private readonly webhookSecret: string,
    private readonly publicOrigin: string,
  ) {}

  async syncCatalogItem(item: CatalogItem): Promise<CatalogIds> {
    record(this.synced, item);
    return { productId: `test_prod_${item.dealId}`, priceId: `test_price_${item.dealId}_${item.priceCents}` };
  }

  async createCheckout(request: CheckoutRequest): Promise<CreatedCheckout> {
    record(this.checkouts, request);
    const sessionId = `cs_test_${randomBytes(18).toString('base64url')}`;
    return { sessionId, url: `${this.publicOrigin}/checkout?session_id=${encodeURIComponent(sessionId)}` };
  }

  /** The test provider's payments are settled synchronously by its pay endpoint, so the database already knows. */
  async getSessionState(): Promise<SessionState> {
    return { paid: false, expired: false, paymentRef: null };
  }

  async refund(sessionId: string, paymentRef: string | null): Promise<void> {
    record(this.refunds, { sessionId, paymentRef });
  }

  /**
   * Gives one unit back, once per idempotency key: a retry with the same key is answered with the
   * refund made the first time. Always succeeds, unless a test asked it to fail (failNextRefunds).
   */
  async refundPayment(request: RefundRequest): Promise<RefundResult> {
    const refusal = this.refusals.shift();
    if (refusal !== undefined) throw new Error(refusal);
    const earlier = this.unitRefundsByKey.get(request.idempotencyKey);
    if (earlier) return earlier;
    const result: RefundResult = { ref: `re_test_${randomBytes(12).toString('base64url')}`, status: 'succeeded' };
    this.unitRefundsByKey.set(request.idempotencyKey, result);
    if (this.unitRefundsByKey.size > TEST_PROVIDER_RECORDS) this.unitRefundsByKey.delete(this.unitRefundsByKey.keys().next().value!);
    record(this.unitRefunds, { ...request, ...result });
    return result;
  }

  /** For tests: the next `count` unit refunds fail with `message`, as a provider's error would. */
  failNextRefunds(count = 1, message = 'The test provider refused the refund'): void {
    for (let i = 0; i < count; i++) this.refusals.push(message);
  }

  /** Signs a payload the way Stripe does: HMAC-SHA256 over `${timestamp}.${body}`. */
  sign(body: string, timestamp = Math.floor(Date.now() / 1000)): string {
    const v1 = createHmac('sha256', this.webhookSecret).update(`${timestamp}.${body}`).digest('hex');
    return `t=${timestamp},v1=${v1}`;
  }

  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent {
    const parts = Object.fromEntries((signatureHeader ?? '').split(',').map((p) => p.split('=') as [string, string]));
    const timestamp = Number(parts.t);
    if (!parts.v1 || !Number.isFinite(timestamp)) throw new InvalidWebhookSignature('Missing signature');
    if (Math.abs(Date.now() / 1000 - timestamp) > TOLERANCE_SECONDS) throw new InvalidWebhookSignature('Signature too old');
    const expected = createHmac('sha256', this.webhookSecret).update(`${timestamp}.${rawBody.toString('utf8')}`).digest();
    const given = Buffer.from(parts.v1, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new InvalidWebhookSignature('Bad signature');
    const payload = JSON.parse(rawBody.toString('utf8')) as TestWebhookPayload;
    return {
      id: payload.id,
      type: payload.type,
      kind: payload.type === 'checkout.session.completed' ? 'paid' : 'expired',
      sessionId: payload.sessionId,
      orderId: payload.orderId,
      paymentRef: payload.paymentRef,
    };
  }
}
