/**
 * The built-in provider used without Stripe keys (ADR 013). Its hosted page is the web
 * app's /checkout screen, whose pay call fulfils the order directly. Its webhook route takes
 * events signed like Stripe's (`sign`). It keeps its books, the payments it took and the refunds it
 * made, in the database (`test_provider_records`), so they outlive a restart and are the same for every
 * server, and reconciliation reads them as it reads Stripe's (ADR 032). It records its latest calls so
 * tests can read them, and can be told to misbehave as a real provider does: refuse, be unreachable,
 * lose its answer after doing the work, or hold refunds until released.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { testProviderRecords } from '../../db/schema';
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
  RefundUpdate,
  SessionState,
} from './payment-provider';
import { InvalidWebhookSignature, ProviderRefusal } from './payment-provider';

export const TEST_SIGNATURE_HEADER = 'x-test-provider-signature';
const TOLERANCE_SECONDS = 300;

export type TestWebhookPayload =
  | {
      id: string;
      type: 'checkout.session.completed' | 'checkout.session.expired';
      sessionId: string;
      orderId: string;
      paymentRef: string | null;
    }
  | { id: string; type: 'refund.updated'; refund: RefundUpdate };

/** How the next refund calls misbehave: refused for certain, the provider unreachable (nothing made), or the answer lost after the refund was made. */
export type TestRefundTrouble = 'refuse' | 'unavailable' | 'lost';

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

const troubleMessages: Record<TestRefundTrouble, string> = {
  refuse: 'The test provider refused the refund',
  unavailable: 'The test provider is unavailable (503)',
  lost: 'The connection to the test provider was lost before it answered',
};

export class TestPaymentProvider implements PaymentProvider {
  readonly name = 'test' as const;
  /** The latest catalogue syncs (up to TEST_PROVIDER_RECORDS), in order. */
  readonly synced: CatalogItem[] = [];
  /** The latest checkouts opened, in order. */
  readonly checkouts: CheckoutRequest[] = [];
  /** The latest sessions closed after their order was cancelled (expireCheckout), in order. */
  readonly expiredSessions: string[] = [];
  /** The latest refunds made (one per idempotency key), in order. */
  readonly unitRefunds: (RefundRequest & RefundResult)[] = [];
  /** Trouble still to give, to the next refund calls in order (see troubleNextRefunds); for one voucher's only, when it names one. */
  private readonly troubles: { kind: TestRefundTrouble; message: string; voucherId: string | null }[] = [];
  /** Refund calls wait while held (see holdRefunds): all of them (key `*`), or one voucher's. */
  private readonly holds = new Map<string, { released: Promise<void>; release: () => void }>();

  /**
   * `db`: where the provider keeps its books. A provider made without it (by a test, before the app)
   * gets the app's database when the app is built with it (keepBooksIn); until then it only signs events.
   */
  constructor(
    private readonly webhookSecret: string,
    private readonly publicOrigin: string,
    private db: Db | null = null,
  ) {}

  /** Keeps the books in `db`, unless they are kept somewhere already. */
  keepBooksIn(db: Db): void {
    this.db ??= db;
  }

  async syncCatalogItem(item: CatalogItem): Promise<CatalogIds> {
    record(this.synced, item);
    return { productId: `test_prod_${item.dealId}`, priceId: `test_price_${item.dealId}_${item.priceCents}` };
  }

  async createCheckout(request: CheckoutRequest): Promise<CreatedCheckout> {
    record(this.checkouts, request);
    const sessionId = `cs_test_${randomBytes(18).toString('base64url')}`;
    return { sessionId, url: this.pageOf(sessionId) };
  }

  private pageOf(sessionId: string): string {
    return `${this.publicOrigin}/checkout?session_id=${encodeURIComponent(sessionId)}`;
  }

  /**
   * Its hosted page is the web app's /checkout screen for the session. The page and its pay call read the
   * order, which is this provider's record of the session: they take payment only while it is pending.
   */
  async resumeCheckout(sessionId: string): Promise<string | null> {
    return this.pageOf(sessionId);
  }

  /**
   * The provider's cancel: its pay call already refuses an order that is no longer pending, so there is
   * nothing more to close; the session is recorded so tests can read that it was asked.
   */
  async expireCheckout(sessionId: string): Promise<void> {
    record(this.expiredSessions, sessionId);
  }

  /** The test provider's payments are settled synchronously by its pay endpoint, so the database already knows. */
  async getSessionState(): Promise<SessionState> {
    return { paid: false, expired: false, paymentRef: null };
  }

  /** Takes a card payment on the hosted page: written in the provider's books, answered with its id. */
  async capturePayment(payment: { sessionId: string; orderId: string; amountCents: number }): Promise<string> {
    const ref = `pi_test_${randomBytes(12).toString('base64url')}`;
    await this.books()
      .insert(testProviderRecords)
      .values({ ref, kind: 'payment', amountCents: payment.amountCents, sessionId: payment.sessionId, metadata: { orderId: payment.orderId } });
    return ref;
  }

  /**
   * Gives money back, once per idempotency key: a retry with the same key is answered with the refund
   * made the first time. Refuses more than the payment has left, as Stripe does. Misbehaves when told
   * to (troubleNextRefunds, failNextRefunds, holdRefunds).
   */
  async refundPayment(request: RefundRequest): Promise<RefundResult> {
    const hold = this.holds.get('*') ?? (request.voucherId ? this.holds.get(request.voucherId) : undefined);
    if (hold) await hold.released;
    const at = this.troubles.findIndex((t) => t.voucherId === null || t.voucherId === request.voucherId);
    const trouble = at >= 0 ? this.troubles.splice(at, 1)[0] : undefined;
    if (trouble?.kind === 'refuse') throw new ProviderRefusal(trouble.message, 402);
    if (trouble?.kind === 'unavailable') throw new Error(trouble.message);
    const books = this.books();
    const earlier = await this.findRefund(request);
    if (earlier) {
      if (trouble?.kind === 'lost') throw new Error(trouble.message);
      return earlier;
    }
    if (request.paymentRef) {
      const [payment] = await books
        .select({
          amountCents: testProviderRecords.amountCents,
          refunded: sql<number>`(select coalesce(sum(r."amount_cents"), 0)::int from "test_provider_records" r where r."payment_ref" = ${request.paymentRef} and r."kind" = 'refund' and r."status" = 'succeeded')`,
        })
        .from(testProviderRecords)
        .where(and(eq(testProviderRecords.ref, request.paymentRef), eq(testProviderRecords.kind, 'payment')));
      if (payment && payment.refunded + request.amountCents > payment.amountCents) {
        throw new ProviderRefusal(`Refund amount ($${(request.amountCents / 100).toFixed(2)}) is greater than the payment's unrefunded amount`, 400);
      }
    }
    const ref = `re_test_${randomBytes(12).toString('base64url')}`;
    const [made] = await books
      .insert(testProviderRecords)
      .values({
        ref,
        kind: 'refund',
        amountCents: request.amountCents,
        sessionId: request.sessionId,
        paymentRef: request.paymentRef,
        idempotencyKey: request.idempotencyKey,
        metadata: { refundId: request.refundId, orderId: request.orderId, reason: request.reason },
      })
      .onConflictDoNothing()
      .returning({ ref: testProviderRecords.ref });
    const result: RefundResult = made ? { ref: made.ref, status: 'succeeded', failure: null } : (await this.findRefund(request))!;
    if (made) record(this.unitRefunds, { ...request, ...result });
    if (trouble?.kind === 'lost') throw new Error(trouble.message);
    return result;
  }

  async findRefund(request: RefundRequest): Promise<RefundResult | null> {
    const [found] = await this.books()
      .select({ ref: testProviderRecords.ref, status: testProviderRecords.status })
      .from(testProviderRecords)
      .where(and(eq(testProviderRecords.idempotencyKey, request.idempotencyKey), eq(testProviderRecords.kind, 'refund')));
    return found ? { ref: found.ref, status: found.status, failure: found.status === 'failed' ? 'The test provider failed the refund' : null } : null;
  }

  async listRecords(from: Date, to: Date): Promise<ProviderRecord[]> {
    const rows = await this.books()
      .select()
      .from(testProviderRecords)
      .where(and(gte(testProviderRecords.createdAt, from), lt(testProviderRecords.createdAt, to)));
    return rows.map((r) => ({
      kind: r.kind,
      ref: r.ref,
      amountCents: r.status === 'succeeded' ? r.amountCents : 0,
      orderId: r.metadata.orderId ?? null,
      createdAt: r.createdAt,
    }));
  }

  /**
   * A refund that had succeeded fails at the provider later (a closed card account, say), as Stripe
   * reports with `refund.updated`: its record turns failed, and the report to send is answered (null
   * when there is no such succeeded refund).
   */
  async failRefundLater(ref: string, failure = 'expired_or_canceled_card'): Promise<RefundUpdate | null> {
    const [failed] = await this.books()
      .update(testProviderRecords)
      .set({ status: 'failed' })
      .where(and(eq(testProviderRecords.ref, ref), eq(testProviderRecords.kind, 'refund'), eq(testProviderRecords.status, 'succeeded')))
      .returning();
    if (!failed) return null;
    return { ref, status: 'failed', refundId: failed.metadata.refundId ?? null, voucherId: null, groupMemberId: null, failure: `The test provider: ${failure}` };
  }

  /** For tests: the next `count` refund calls are refused for certain with `message`, as a provider's 402 would be. */
  failNextRefunds(count = 1, message = 'The test provider refused the refund'): void {
    this.troubleNextRefunds('refuse', count, message);
  }

  /** The next `count` refund calls (of one voucher, when `voucherId` is given) meet `kind` of trouble (see TestRefundTrouble). */
  troubleNextRefunds(kind: TestRefundTrouble, count = 1, message = troubleMessages[kind], voucherId: string | null = null): void {
    for (let i = 0; i < count; i++) this.troubles.push({ kind, message, voucherId });
  }

  /** Refund calls (of one voucher, when given) from now on wait, unanswered, until releaseRefunds: a provider that hangs. */
  holdRefunds(voucherId: string | null = null): void {
    const key = voucherId ?? '*';
    if (this.holds.has(key)) return;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    this.holds.set(key, { released, release });
  }

  /** Lets the held refund calls (of one voucher, or all) go on, and later ones through at once. */
  releaseRefunds(voucherId: string | null = null): void {
    for (const [key, hold] of this.holds) {
      if (voucherId !== null && key !== voucherId) continue;
      this.holds.delete(key);
      hold.release();
    }
  }

  /** Drops any trouble or hold still set. */
  behave(): void {
    this.troubles.length = 0;
    this.releaseRefunds();
  }

  private books(): Db {
    if (!this.db) throw new Error('This test provider keeps no books: give it a database');
    return this.db;
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
    if (payload.type === 'refund.updated') {
      return { id: payload.id, type: payload.type, kind: 'refund', sessionId: null, orderId: null, paymentRef: null, refunds: [payload.refund] };
    }
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
