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
// stripe package's own client, encoding and retries are exercised.

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

export type StripeRefundObject = {
  id: string;
  object: 'refund';
  amount: number | null;
  payment_intent: string | null;
  metadata: Record<string, string>;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled';
  failure_reason?: string;
  currency: 'usd';
};

export interface StripeRequestRecord {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** The form body as flat bracketed keys, e.g. `line_items[0][price_data][unit_amount]`. */
  form: Record<string, string>;
  /** When the request arrived, in ms since the epoch. */
  receivedAt: number;
}

export class LocalStripe {
  readonly requests: StripeRequestRecord[] = [];
  readonly sessions = new Map<string, StripeSessionObject>();
  private readonly byIdempotencyKey = new Map<string, string>();
  private server: Server | null = null;
  private sequence = 0;
  base = '';
  /** When set, creating a Checkout Session fails with this Stripe error (400s are not retried by the client). */
  failCreate: { status: number; message: string } | null = null;
  /** Refunds made, by id: one per idempotency key (a retry with the same key is answered with the first). */
  readonly refunds = new Map<string, StripeRefundObject>();
  private readonly refundByKey = new Map<string, string>();
  /** Refund requests still to refuse with this Stripe error (a refused request is not kept under its key). */
  readonly refundFailures: { status: number; message: string }[] = [];
  /** The status new refunds are made with: `pending` to have a webhook settle them later. */
  refundStatus: 'succeeded' | 'pending' = 'succeeded';

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const url = new URL(req.url ?? '/', 'http://local');
        const form = Object.fromEntries(new URLSearchParams(raw));
        this.requests.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, form, receivedAt: Date.now() });
        const [status, answer] = this.answer(req.method ?? '', url.pathname, req.headers, form);
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++this.sequence}` });
        res.end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.base = `http://127.0.0.1:${port}`;
    return this.base;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private answer(method: string, path: string, headers: IncomingMessage['headers'], form: Record<string, string>): [number, unknown] {
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      if (this.failCreate) return [this.failCreate.status, { error: { type: 'invalid_request_error', message: this.failCreate.message } }];
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
    const sessionPath = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && sessionPath) {
      const session = this.sessions.get(decodeURIComponent(sessionPath[1]!));
      if (!session) return [404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } }];
      return [200, session];
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const key = headers['idempotency-key'];
      const earlier = typeof key === 'string' ? this.refundByKey.get(key) : undefined;
      if (earlier) return [200, this.refunds.get(earlier)];
      const failure = this.refundFailures.shift();
      if (failure) return [failure.status, { error: { type: 'invalid_request_error', message: failure.message } }];
      const refund: StripeRefundObject = {
        id: `re_local_${++this.sequence}_${randomBytes(4).toString('hex')}`,
        object: 'refund',
        amount: form.amount === undefined ? null : Number(form.amount),
        payment_intent: form.payment_intent ?? null,
        metadata: form['metadata[voucherId]']
          ? { voucherId: form['metadata[voucherId]'] }
          : form['metadata[groupMemberId]']
            ? { groupMemberId: form['metadata[groupMemberId]'] }
            : {},
        status: this.refundStatus,
        currency: 'usd',
      };
      this.refunds.set(refund.id, refund);
      if (typeof key === 'string') this.refundByKey.set(key, refund.id);
      return [200, refund];
    }
    return [404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } }];
  }

  /** The hosted page lapsed without payment. */
  markExpired(id: string): StripeSessionObject {
    const session = this.sessions.get(id);
    if (!session) throw new Error(`no Stripe session ${id}`);
    session.status = 'expired';
    return session;
  }

  /** The customer pays on the hosted page (Stripe's side of it). */
  markPaid(id: string, paymentStatus: 'paid' | 'unpaid' = 'paid'): StripeSessionObject {
    const session = this.sessions.get(id);
    if (!session) throw new Error(`no Stripe session ${id}`);
    session.status = 'complete';
    session.payment_status = paymentStatus;
    session.payment_intent ??= `pi_local_${randomBytes(6).toString('hex')}`;
    return session;
  }

  /** The form of the last POST to a path. */
  lastPost(path: string): StripeRequestRecord {
    const found = [...this.requests].reverse().find((r) => r.method === 'POST' && r.path === path);
    if (!found) throw new Error(`no POST to ${path}`);
    return found;
  }
}

/** A Stripe event around a Checkout Session, as its webhook sends it. */
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
