/**
 * Shortcuts for purchase tests: customers with sessions, buyable deals, checkout and payment
 * through the API (in-process or over real HTTP), signed webhook events, a locally served Stripe
 * API, and the stock totals the races are judged by.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { expect } from 'vitest';
import { checkoutAnswer, paymentStatusAnswer, type CheckoutBody, type PaymentStatusAnswer } from '../../contract/checkout';
import { groupCheckoutAnswer } from '../../contract/groups';
import type { Db } from '../db/client';
import { UNITS_TAKEN_OF_DEALS } from '../db/stock-reads';
import { buildCustomer, buildDeal, buildMerchant } from '../db/factories';
import { deals, orders, userDealUnits } from '../db/schema';
import { TEST_SIGNATURE_HEADER, TestPaymentProvider, type TestWebhookPayload } from '../integrations/payments/test-provider';
import { call, expectStatus, loginAs, type CallResult, type TestSession } from './auth-helpers';

type NewDeal = Partial<typeof deals.$inferInsert>;
type NewMerchant = Parameters<typeof buildMerchant>[1];

export interface Shopper extends TestSession {
  user: Awaited<ReturnType<typeof buildCustomer>>;
}

/** A customer account with a live session. */
export async function customer(t: { db: Db }): Promise<Shopper> {
  const user = await buildCustomer(t.db);
  return { user, ...(await loginAs(t, user)) };
}

/** A published, active deal of an active merchant: buyable now unless `overrides` say otherwise. */
export async function buyableDeal(db: Db, overrides: NewDeal = {}, merchant: NewMerchant = {}) {
  const shop = await buildMerchant(db, merchant);
  const deal = await buildDeal(db, { merchantId: shop.id, ...overrides });
  return { merchant: shop, deal };
}

/**
 * A group of two formed through the API: the starter (`ada`) starts it and pays, the joiner (`bob`) joins and
 * pays, so both vouchers are issued at the group price. Answers both shoppers and the starter's payment session.
 */
export async function formedGroupOfTwo(t: { app: FastifyInstance; db: Db }, dealId: string) {
  const [ada, bob] = [await customer(t), await customer(t)];
  const started = await call(t.app, 'POST', '/api/groups', { sessionId: ada.sessionId, body: { dealId } });
  expectStatus(started, 200);
  const { group, url } = groupCheckoutAnswer.parse(started.body);
  const joined = await call(t.app, 'POST', `/api/groups/${group.id}/join`, { sessionId: bob.sessionId });
  expectStatus(joined, 200);
  const adaSession = sessionIdOf(url);
  expectStatus(await pay(t.app, ada, adaSession), 200);
  expectStatus(await pay(t.app, bob, sessionIdOf(groupCheckoutAnswer.parse(joined.body).url)), 200);
  return { ada, bob, groupId: group.id, adaSession };
}

/** The session id a checkout answer's url carries (the test provider's /checkout?session_id=...). */
export function sessionIdOf(url: string): string {
  const id = new URL(url).searchParams.get('session_id');
  if (!id) throw new Error(`no session_id in ${url}`);
  return id;
}

export function postCheckout(app: FastifyInstance, who: { sessionId: string } | null, body: unknown): Promise<CallResult> {
  return call(app, 'POST', '/api/checkout', { body, sessionId: who?.sessionId ?? null });
}

/** Checks out and returns the provider session id; fails the test unless the checkout is accepted. */
export async function checkoutOk(app: FastifyInstance, who: { sessionId: string }, body: CheckoutBody): Promise<string> {
  const res = await postCheckout(app, who, body);
  expectStatus(res, 200);
  return sessionIdOf(checkoutAnswer.parse(res.body).url);
}

/** An expiry date `years` ahead, as MM/YY. */
export function futureExpiry(years = 3): string {
  const d = new Date();
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String((d.getUTCFullYear() + years) % 100).padStart(2, '0')}`;
}

export const cards = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
} as const;

export function cardForm(overrides: Partial<{ cardNumber: string; expiry: string; cvc: string; cardholderName: string }> = {}) {
  return { cardNumber: cards.success, expiry: futureExpiry(), cvc: '123', cardholderName: 'Ada Lovelace', ...overrides };
}

/** The built-in provider's Confirm Payment. */
export function pay(app: FastifyInstance, who: { sessionId: string }, providerSessionId: string, card = cardForm()): Promise<CallResult> {
  return call(app, 'POST', `/api/test-provider/sessions/${encodeURIComponent(providerSessionId)}/pay`, { body: card, sessionId: who.sessionId });
}

/** Checkout and pay with the good test card; returns the provider session id. */
export async function buy(app: FastifyInstance, who: { sessionId: string }, body: CheckoutBody): Promise<string> {
  const sid = await checkoutOk(app, who, body);
  expectStatus(await pay(app, who, sid), 200);
  return sid;
}

export async function paymentStatusOf(app: FastifyInstance, who: { sessionId: string }, providerSessionId: string): Promise<PaymentStatusAnswer> {
  const res = await call(app, 'GET', `/api/payment-status/${encodeURIComponent(providerSessionId)}`, { sessionId: who.sessionId });
  expectStatus(res, 200);
  return paymentStatusAnswer.parse(res.body);
}

export async function orderOf(db: Db, providerSessionId: string) {
  const [order] = await db.select().from(orders).where(eq(orders.providerSessionId, providerSessionId));
  if (!order) throw new Error(`no order for session ${providerSessionId}`);
  return order;
}

/** Moves an order's hold deadline into the past, as if its checkout page had been left open too long. */
export async function lapse(db: Db, providerSessionId: string): Promise<void> {
  const past = new Date(Date.now() - 60_000);
  await db.update(orders).set({ expiresAt: past }).where(eq(orders.providerSessionId, providerSessionId));
}

export interface StockTotals {
  inventory: number;
  unitsTaken: number;
  /** Units of open holds. */
  held: number;
  vouchers: number;
}

/** What the database says about one deal's stock, from every table that records it. */
export async function stockOf(db: Db, dealId: string): Promise<StockTotals> {
  const [row] = await db
    .select({
      inventory: deals.inventory,
      unitsTaken: UNITS_TAKEN_OF_DEALS,
      held: sql<number>`(select coalesce(sum(h.quantity), 0)::int from holds h where h.deal_id = "deals"."id" and h.status = 'held')`,
      vouchers: sql<number>`(select count(*)::int from vouchers v where v.deal_id = "deals"."id")`,
    })
    .from(deals)
    .where(eq(deals.id, dealId));
  if (!row) throw new Error(`no deal ${dealId}`);
  return { inventory: row.inventory, unitsTaken: Number(row.unitsTaken), held: Number(row.held), vouchers: Number(row.vouchers) };
}

/** A user's counted units (issued plus held) of a deal, 0 when none. */
export async function userUnitsOf(db: Db, userId: string, dealId: string): Promise<number> {
  const [row] = await db
    .select({ units: userDealUnits.units })
    .from(userDealUnits)
    .where(and(eq(userDealUnits.userId, userId), eq(userDealUnits.dealId, dealId)));
  return row?.units ?? 0;
}

/** A provider built with the app's own secret, so the events it signs pass the app's check. */
export function testProviderFor(config: { TEST_PROVIDER_SECRET: string; publicOrigin: string }): TestPaymentProvider {
  return new TestPaymentProvider(config.TEST_PROVIDER_SECRET, config.publicOrigin);
}

/** A `checkout.session.completed` event of the built-in provider, signed, ready to POST. */
export function signedPaidEvent(
  provider: TestPaymentProvider,
  order: { id: string; providerSessionId: string | null },
  eventId = `evt_test_${randomBytes(8).toString('hex')}`,
) {
  const payload: TestWebhookPayload = {
    id: eventId,
    type: 'checkout.session.completed',
    sessionId: order.providerSessionId ?? '',
    orderId: order.id,
    paymentRef: `pi_test_${randomBytes(8).toString('hex')}`,
  };
  const body = JSON.stringify(payload);
  return { body, headers: { 'content-type': 'application/json', [TEST_SIGNATURE_HEADER]: provider.sign(body) } };
}

export function postTestWebhook(app: FastifyInstance, event: { body: string; headers: Record<string, string> }) {
  return app.inject({ method: 'POST', url: '/api/webhooks/test-provider', headers: event.headers, payload: event.body });
}

/** Starts the app on a free local port; the answer is its base URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  return app.listen({ port: 0, host: '127.0.0.1' });
}

/** One call over real HTTP, answered as status and parsed JSON (or text). */
export async function http(
  base: string,
  method: string,
  path: string,
  options: { sessionId?: string; body?: string | object; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.sessionId) headers.authorization = `Bearer ${options.sessionId}`;
  let payload: string | undefined;
  if (options.body !== undefined) {
    payload = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(`${base}${path}`, { method, headers, body: payload });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON; the text is kept
  }
  return { status: res.status, body };
}

/** Counts each status in a list of answers, e.g. {200: 10, 409: 30}. */
export function statusCounts(answers: { status: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1;
  return counts;
}

// ---------------------------------------------------------------------------------------------
// A local stand-in for the few Stripe endpoints the provider uses, served over real HTTP so the
// stripe package's own client, encoding, timeouts and list pagination are exercised. It keeps
// Stripe's side of the books as far as the tests need it: the sessions, the payment intent of each
// paid session, the refunds (one per idempotency key, never more than what is left of a payment),
// and lists of both, newest first and page by page. Trouble can be arranged for the next refund
// requests, and a refund that succeeded can fail later, as Stripe reports when a bank returns one.

export type StripeSessionObject = {
  id: string;
  object: 'checkout.session';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  url: string | null;
  expires_at: number;
  success_url: string;
  cancel_url: string;
  amount_total: number;
  currency: 'usd';
  livemode: false;
  mode: 'payment';
};

export type StripePaymentIntentObject = {
  id: string;
  object: 'payment_intent';
  amount: number;
  /** What came in: the amount once paid, nothing while a delayed method (a bank debit) is processing. */
  amount_received: number;
  status: 'succeeded' | 'processing';
  /** Seconds since the epoch, as every Stripe object says when it was made. */
  created: number;
  metadata: Record<string, string>;
  currency: 'usd';
  livemode: false;
};

export type StripeRefundObject = {
  id: string;
  object: 'refund';
  amount: number | null;
  payment_intent: string | null;
  /** Every `metadata[...]` key the request sent (refundId, orderId, reason, voucherId, groupMemberId). */
  metadata: Record<string, string>;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled';
  failure_reason?: string;
  currency: 'usd';
  created: number;
};

export interface StripeRequestRecord {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** The form body as flat bracketed keys, e.g. `line_items[0][price_data][unit_amount]`. */
  form: Record<string, string>;
  /** The query string's parameters (a list's filters and cursor), e.g. `created[gte]`, `starting_after`. */
  query: Record<string, string>;
  /** When the request arrived, in ms since the epoch. */
  receivedAt: number;
}

/**
 * What one of the next refund requests meets:
 * - `5xx`: Stripe answers 500 and makes nothing (and keeps nothing under the key, so the same key
 *   asked again is a new request: a failure before Stripe began the work);
 * - `timeout`: the refund is made and kept under its key, and the answer is held back `lateAnswerMs`,
 *   longer than the client waits, so the client never learns that it was made;
 * - `402`: a card_error refusal; nothing is made or kept under the key.
 */
export type RefundTrouble = '5xx' | 'timeout' | '402';

type Answer = [status: number, body: unknown, delayMs?: number];

const stripeError = (status: number, type: string, message: string, extra: Record<string, string> = {}): Answer => [
  status,
  { error: { type, message, ...extra } },
];

/** Seconds since the epoch, as Stripe's `created` fields count. */
const nowSeconds = () => Math.floor(Date.now() / 1000);

export class LocalStripe {
  readonly requests: StripeRequestRecord[] = [];
  readonly sessions = new Map<string, StripeSessionObject>();
  private readonly byIdempotencyKey = new Map<string, string>();
  private server: Server | null = null;
  private sequence = 0;
  base = '';
  /** When set, creating a Checkout Session fails with this Stripe error (400s are not retried by the client). */
  failCreate: { status: number; message: string } | null = null;
  /** The payment intent of each paid session, by id (`markPaid` makes it). */
  readonly paymentIntents = new Map<string, StripePaymentIntentObject>();
  /** Refunds made, by id: one per idempotency key (a retry with the same key is answered with the first). */
  readonly refunds = new Map<string, StripeRefundObject>();
  private readonly refundByKey = new Map<string, string>();
  /** The form each key was first used with: Stripe refuses the same key with other parameters. */
  private readonly formByKey = new Map<string, string>();
  /** Refund requests still to refuse with this Stripe error (a refused request is not kept under its key). */
  readonly refundFailures: { status: number; message: string; type?: string }[] = [];
  /** The status new refunds are made with: `pending` to have a webhook settle them later. */
  refundStatus: 'succeeded' | 'pending' = 'succeeded';
  /** Trouble arranged for the next refund requests, the first for the next one (`troubleRefunds`). */
  private readonly refundTroubles: RefundTrouble[] = [];
  /** How long a `timeout` answer is held back: longer than the client under test waits. */
  lateAnswerMs = 1_000;
  /** The most items a list answers per page, whatever `limit` asks (Stripe's own most is 100); lower it to read lists over several pages. */
  maxPageSize = 100;
  private readonly lateAnswers = new Set<NodeJS.Timeout>();

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const url = new URL(req.url ?? '/', 'http://local');
        const form = Object.fromEntries(new URLSearchParams(raw));
        const query = Object.fromEntries(url.searchParams);
        this.requests.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, form, query, receivedAt: Date.now() });
        const [status, answer, delayMs = 0] = this.answer(req.method ?? '', url.pathname, req.headers, form, query);
        const send = () => {
          // A client that gave up has closed its connection: the answer goes nowhere.
          if (res.writableEnded || req.socket.destroyed) return;
          res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++this.sequence}` });
          res.end(JSON.stringify(answer));
        };
        if (delayMs <= 0) return send();
        const timer = setTimeout(() => {
          this.lateAnswers.delete(timer);
          send();
        }, delayMs);
        this.lateAnswers.add(timer);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.base = `http://127.0.0.1:${port}`;
    return this.base;
  }

  async stop(): Promise<void> {
    for (const timer of this.lateAnswers) clearTimeout(timer);
    this.lateAnswers.clear();
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Forgets every object, request and arranged trouble, for a test that starts from empty books; the page size and the late answer's delay stay. */
  reset(): void {
    this.requests.length = 0;
    this.sessions.clear();
    this.byIdempotencyKey.clear();
    this.paymentIntents.clear();
    this.refunds.clear();
    this.refundByKey.clear();
    this.formByKey.clear();
    this.refundFailures.length = 0;
    this.refundTroubles.length = 0;
    this.failCreate = null;
    this.refundStatus = 'succeeded';
  }

  /** The next `calls` refund requests meet `trouble` (after any arranged before). */
  troubleRefunds(trouble: RefundTrouble, calls = 1): void {
    for (let i = 0; i < calls; i++) this.refundTroubles.push(trouble);
  }

  /** Trouble arranged and not met yet. */
  get troubleLeft(): readonly RefundTrouble[] {
    return this.refundTroubles;
  }

  private answer(method: string, path: string, headers: IncomingMessage['headers'], form: Record<string, string>, query: Record<string, string>): Answer {
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      if (this.failCreate) return stripeError(this.failCreate.status, 'invalid_request_error', this.failCreate.message);
      const key = headers['idempotency-key'];
      const earlier = typeof key === 'string' ? this.byIdempotencyKey.get(key) : undefined;
      if (earlier) return [200, this.sessions.get(earlier)];
      const id = `cs_test_local_${++this.sequence}_${randomBytes(4).toString('hex')}`;
      let amount = 0;
      for (let i = 0; form[`line_items[${i}][quantity]`] !== undefined; i++) {
        amount += Number(form[`line_items[${i}][quantity]`]) * Number(form[`line_items[${i}][price_data][unit_amount]`]);
      }
      const session: StripeSessionObject = {
        id,
        object: 'checkout.session',
        status: 'open',
        payment_status: 'unpaid',
        client_reference_id: form.client_reference_id ?? null,
        metadata: form['metadata[orderId]'] ? { orderId: form['metadata[orderId]'] } : {},
        payment_intent: null,
        url: `https://checkout.stripe.test/c/pay/${id}`,
        expires_at: Number(form.expires_at),
        success_url: (form.success_url ?? '').replace('{CHECKOUT_SESSION_ID}', id),
        cancel_url: form.cancel_url ?? '',
        amount_total: amount,
        currency: 'usd',
        livemode: false,
        mode: 'payment',
      };
      this.sessions.set(id, session);
      if (typeof key === 'string') this.byIdempotencyKey.set(key, id);
      return [200, session];
    }
    const expirePath = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (method === 'POST' && expirePath) {
      const session = this.sessions.get(decodeURIComponent(expirePath[1]!));
      if (!session) return stripeError(404, 'invalid_request_error', 'No such checkout.session', { code: 'resource_missing' });
      if (session.status !== 'open') {
        return stripeError(400, 'invalid_request_error', `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`);
      }
      return [200, this.markExpired(session.id)];
    }
    const sessionPath = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && sessionPath) {
      const session = this.sessions.get(decodeURIComponent(sessionPath[1]!));
      if (!session) return stripeError(404, 'invalid_request_error', 'No such checkout.session', { code: 'resource_missing' });
      return [200, session];
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const trouble = this.refundTroubles.shift();
      if (trouble === '5xx') return stripeError(500, 'api_error', 'An unknown error occurred (the local stand-in was told to fail)');
      if (trouble === '402') return stripeError(402, 'card_error', 'The refund was declined by the card issuer', { code: 'card_declined' });
      const [status, body] = this.createRefund(headers, form);
      return [status, body, trouble === 'timeout' ? this.lateAnswerMs : 0];
    }
    if (method === 'GET' && path === '/v1/payment_intents') return this.list(path, [...this.paymentIntents.values()], query);
    if (method === 'GET' && path === '/v1/refunds') {
      const intent = query.payment_intent;
      return this.list(path, [...this.refunds.values()].filter((r) => intent === undefined || r.payment_intent === intent), query);
    }
    return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path})`);
  }

  /** A refund as Stripe makes one: answered from the key when it was used before, never more than what is left of the payment. */
  private createRefund(headers: IncomingMessage['headers'], form: Record<string, string>): Answer {
    const key = headers['idempotency-key'];
    const sent = JSON.stringify(Object.entries(form).sort(([a], [b]) => a.localeCompare(b)));
    if (typeof key === 'string' && this.formByKey.has(key) && this.formByKey.get(key) !== sent) {
      return stripeError(400, 'idempotency_error', `Keys for idempotent requests can only be used with the same parameters they were first used with (${key})`);
    }
    const earlier = typeof key === 'string' ? this.refundByKey.get(key) : undefined;
    if (earlier) return [200, this.refunds.get(earlier)];
    const failure = this.refundFailures.shift();
    if (failure) return stripeError(failure.status, failure.type ?? 'invalid_request_error', failure.message);
    const intent = form.payment_intent ? this.paymentIntents.get(form.payment_intent) : undefined;
    if (!intent) return stripeError(400, 'invalid_request_error', `No such payment_intent: '${form.payment_intent}'`, { code: 'resource_missing', param: 'payment_intent' });
    const left = this.refundableCents(intent.id);
    if (left <= 0) return stripeError(400, 'invalid_request_error', `Charge for ${intent.id} has already been refunded.`, { code: 'charge_already_refunded' });
    const amount = form.amount === undefined ? left : Number(form.amount);
    if (amount > left) {
      return stripeError(400, 'invalid_request_error', `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`, {
        code: 'amount_too_large',
        param: 'amount',
      });
    }
    const metadata: Record<string, string> = {};
    for (const [name, value] of Object.entries(form)) {
      const field = /^metadata\[(.+)\]$/.exec(name);
      if (field) metadata[field[1]!] = value;
    }
    const refund: StripeRefundObject = {
      id: `re_local_${++this.sequence}_${randomBytes(4).toString('hex')}`,
      object: 'refund',
      amount,
      payment_intent: intent.id,
      metadata,
      status: this.refundStatus,
      currency: 'usd',
      created: nowSeconds(),
    };
    this.refunds.set(refund.id, refund);
    if (typeof key === 'string') {
      this.refundByKey.set(key, refund.id);
      this.formByKey.set(key, sent);
    }
    return [200, refund];
  }

  /** What is left to refund of a payment: what came in, less the refunds that stand (a failed or canceled one gave nothing back). */
  refundableCents(paymentIntent: string): number {
    const intent = this.paymentIntents.get(paymentIntent);
    if (!intent) return 0;
    const out = [...this.refunds.values()]
      .filter((r) => r.payment_intent === paymentIntent && (r.status === 'succeeded' || r.status === 'pending'))
      .reduce((sum, r) => sum + (r.amount ?? 0), 0);
    return intent.amount_received - out;
  }

  /**
   * One page of a list as Stripe answers it: newest first (the later made first within one second),
   * filtered by `created[gte|gt|lt|lte]` (or `created` exactly), at most `limit` (10 unless given,
   * 1 to 100) and `maxPageSize` items, after `starting_after` or before `ending_before`, and `has_more`
   * when items are left beyond the page.
   */
  private list<T extends { id: string; created: number }>(path: string, all: T[], query: Record<string, string>): Answer {
    const limit = query.limit === undefined ? 10 : Number(query.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
      return stripeError(400, 'invalid_request_error', 'This value must be between 1 and 100.', { param: 'limit' });
    }
    const bound = (name: string) => (query[name] === undefined ? undefined : Number(query[name]));
    const [exactly, gte, gt, lt, lte] = ['created', 'created[gte]', 'created[gt]', 'created[lt]', 'created[lte]'].map(bound);
    const items = all
      .filter(
        (o) =>
          (exactly === undefined || o.created === exactly) &&
          (gte === undefined || o.created >= gte) &&
          (gt === undefined || o.created > gt) &&
          (lt === undefined || o.created < lt) &&
          (lte === undefined || o.created <= lte),
      )
      .reverse()
      .sort((a, b) => b.created - a.created);
    const size = Math.min(limit, this.maxPageSize);
    const cursor = query.starting_after ?? query.ending_before;
    const at = cursor === undefined ? -1 : items.findIndex((o) => o.id === cursor);
    if (cursor !== undefined && at < 0) return stripeError(400, 'invalid_request_error', `No such object: '${cursor}'`, { code: 'resource_missing' });
    let data: T[];
    let hasMore: boolean;
    if (query.ending_before !== undefined) {
      data = items.slice(Math.max(0, at - size), at);
      hasMore = at - size > 0;
    } else {
      const start = at + 1;
      data = items.slice(start, start + size);
      hasMore = start + size < items.length;
    }
    return [200, { object: 'list', url: path, has_more: hasMore, data }];
  }

  /** The hosted page lapsed without payment (or was expired by a call); Stripe gives an expired session no page. */
  markExpired(id: string): StripeSessionObject {
    const session = this.sessions.get(id);
    if (!session) throw new Error(`no Stripe session ${id}`);
    session.status = 'expired';
    session.url = null;
    return session;
  }

  /**
   * The customer pays on the hosted page (Stripe's side of it): the session's payment intent is made,
   * naming the order as the checkout asked, and it has received the amount once the session is paid
   * (a delayed method leaves it processing, with nothing received, until it is marked paid).
   */
  markPaid(id: string, paymentStatus: 'paid' | 'unpaid' = 'paid'): StripeSessionObject {
    const session = this.sessions.get(id);
    if (!session) throw new Error(`no Stripe session ${id}`);
    session.status = 'complete';
    session.payment_status = paymentStatus;
    session.payment_intent ??= `pi_local_${randomBytes(6).toString('hex')}`;
    const orderId = session.metadata.orderId ?? session.client_reference_id;
    const intent: StripePaymentIntentObject = this.paymentIntents.get(session.payment_intent) ?? {
      id: session.payment_intent,
      object: 'payment_intent',
      amount: session.amount_total,
      amount_received: 0,
      status: 'processing',
      created: nowSeconds(),
      metadata: orderId ? { orderId } : {},
      currency: 'usd',
      livemode: false,
    };
    if (paymentStatus === 'paid') {
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
    }
    this.paymentIntents.set(intent.id, intent);
    return session;
  }

  /**
   * A refund that succeeded fails later (the customer's card was closed, say): Stripe turns it `failed`
   * with a `failure_reason`, the money is back in the payment, and a `refund.updated` event tells. Answers
   * the refund as that event carries it.
   */
  failLater(refundId: string, failureReason = 'expired_or_canceled_card'): StripeRefundObject {
    const refund = this.refunds.get(refundId);
    if (!refund) throw new Error(`no Stripe refund ${refundId}`);
    if (refund.status !== 'succeeded') throw new Error(`Stripe refund ${refundId} is ${refund.status}, not succeeded`);
    refund.status = 'failed';
    refund.failure_reason = failureReason;
    return { ...refund, metadata: { ...refund.metadata } };
  }

  /** The refunds made for one attempt of ours, found by the id it names in their metadata. */
  refundsForAttempt(refundId: string): StripeRefundObject[] {
    return [...this.refunds.values()].filter((r) => r.metadata.refundId === refundId);
  }

  /** Stripe's totals: what its payment intents received, and what its succeeded refunds gave back. */
  books(): { receivedCents: number; refundedCents: number } {
    const receivedCents = [...this.paymentIntents.values()].reduce((sum, p) => sum + p.amount_received, 0);
    const refundedCents = [...this.refunds.values()].filter((r) => r.status === 'succeeded').reduce((sum, r) => sum + (r.amount ?? 0), 0);
    return { receivedCents, refundedCents };
  }

  /** The form of the last POST to a path. */
  lastPost(path: string): StripeRequestRecord {
    const found = [...this.requests].reverse().find((r) => r.method === 'POST' && r.path === path);
    if (!found) throw new Error(`no POST to ${path}`);
    return found;
  }
}

/** A Stripe event around an object (a Checkout Session, a refund), as its webhook sends it. */
export function stripeEvent(type: string, object: object, id = `evt_local_${randomBytes(8).toString('hex')}`) {
  return {
    id,
    object: 'event',
    api_version: '2025-01-27.acacia',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

/** The event's body and headers, signed the way Stripe signs them. */
export function signedStripeEvent(event: object, secret: string) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return { body: payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } };
}

/** Fails with the answers when any is not the expected status. */
export function expectAll(answers: { status: number; body: unknown }[], status: number): void {
  const wrong = answers.filter((a) => a.status !== status);
  expect(wrong, JSON.stringify(wrong.slice(0, 3))).toEqual([]);
}
