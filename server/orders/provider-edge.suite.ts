/**
 * Money at the payment provider's edge (docs/decisions/032-money-at-the-providers-edge.md), through
 * the stripe client against the local Stripe stand-in, judged by the stand-in's own books.
 *
 * Every way money goes back (a voucher's refund by its owner, by a superadmin and by the expiry
 * sweep; the whole payment of a late payment whose units are gone and of a deal withdrawn before it
 * was paid; a failed group's member) meets everything Stripe can do to a refund: answer 500, make the
 * refund and answer too late for the client, refuse it (402), make it and fail it later, or never hear
 * of it because the server stopped between the claim and the call. Retries (the sweep, the retry job,
 * a superadmin) and refund webhooks are driven until things settle, and then:
 * - the ledger's payment rows sum to what Stripe received, its refund and reversal rows to what
 *   Stripe's succeeded refunds gave back, to the cent;
 * - no voucher is refunded at Stripe and still usable, and none is usable while its refund is pending;
 * - Stripe made at most one refund for any attempt, and at most one that stands for any voucher,
 *   member or payment;
 * - a refusal fails the operation, puts the subject back as it was, and the next attempt has a key of
 *   its own;
 * - refusals, reversals and operations pending for over a day are on "Needs attention", where retry
 *   and resolve work and are kept in the item's history;
 * - a reconciliation over the test's period finds the two sides matched, and lists each difference
 *   made on purpose.
 * Several servers run the retries at once (on PostgreSQL each with a pool of its own), as they do in
 * production, and a retry is still made once.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { checkoutAnswer } from '../../contract/checkout';
import { groupCheckoutAnswer } from '../../contract/groups';
import { attentionActionAnswer, attentionList, latestReconciliation, type AttentionItem, type ReconciliationRun } from '../../contract/money';
import { refundAnswer } from '../../contract/orders';
import type { Database, Db } from '../db/client';
import { buildMerchantAccount, buildUser } from '../db/factories';
import { attentionActions, dealGroups, deals, groupMembers, ledgerEntries, orders, redemptions, refunds, vouchers } from '../db/schema';
import type { RefundRequest, RefundResult } from '../integrations/payments/payment-provider';
import { ProviderRefusal } from '../integrations/payments/payment-provider';
import { createStripeClient, StripePaymentProvider } from '../integrations/payments/stripe-provider';
import type { SmsSender } from '../integrations/sms/sms-sender';
import { buildApp, testConfig } from '../test/app';
import { call, expectStatus, loginAs, type CallResult, type TestSession } from '../test/auth-helpers';
import { createSharedTestDatabase, resetDatabase } from '../test/database';
import { buyableDeal, customer, lapse, LocalStripe, signedStripeEvent, stockOf, stripeEvent, userUnitsOf, type Shopper, type StockTotals, type StripeRefundObject } from '../test/purchase-helpers';
import { runExpirySweep } from './expiry';
import { retryPendingRefunds } from './refunds';
import { releaseExpiredOrders } from './stock';

const SECRET = 'whsec_provider_edge';
const API_KEY = 'sk_test_provider_edge';
/**
 * The client gives up on Stripe this soon and does not retry by itself, so an answer held back (for LATE_ANSWER_MS)
 * is a lost one. Long enough for the stand-in's prompt answers on a machine busy with other suites (300 ms was not).
 */
const CLIENT = { timeoutMs: 1_500, maxNetworkRetries: 0 };
const LATE_ANSWER_MS = 2_500;
/** Servers on the one database running the retry job at once: on PostgreSQL each with its own pool. */
const SERVERS = 2;
const DAY_MS = 86_400_000;

/**
 * Stripe as the app sees it, able to lose a refund call the way a server that stops right after the
 * claim loses it: the claim is made, and Stripe never hears of the call.
 */
class StoppingStripeProvider extends StripePaymentProvider {
  /** Refund calls still to lose. */
  stopsBeforeCall = 0;

  override async refundPayment(request: RefundRequest): Promise<RefundResult> {
    if (this.stopsBeforeCall > 0) {
      this.stopsBeforeCall--;
      throw new Error('the server stopped between the claim and the call to Stripe');
    }
    return super.refundPayment(request);
  }
}

const stripe = new LocalStripe();
stripe.lateAnswerMs = LATE_ANSWER_MS;
const quietSms: SmsSender = { name: 'quiet', send: async () => undefined };
let shared: Awaited<ReturnType<typeof createSharedTestDatabase>> | undefined;
const databases: Database[] = [];
const servers: { db: Db; payments: StoppingStripeProvider; logger: FastifyInstance['log'] }[] = [];
let app: FastifyInstance;
let admin: TestSession & { phone: string };
let testStartedAt: Date;
/** The event of the last payment that came too late to be fulfilled, to deliver again. */
let latePayment: object | null = null;

const db = () => databases[0]!.db;

type Refund = typeof refunds.$inferSelect;

/** What money goes back for, as the operation names it. */
interface Subject {
  orderId: string;
  voucherId: string | null;
  groupMemberId: string | null;
  amountCents: number;
  dealId: string;
  merchantId: string;
  owner: Shopper;
  /** The voucher's code and PIN, to try redeeming it. */
  code: string | null;
  pin: string | null;
}

/** What the caller who asked for the money back was told, by what the provider did. */
type FirstAnswer = 'pending' | 'succeeded' | 'refused';

interface MoneyPath {
  name: string;
  /** The unit goes back to the offer with the money (a voucher's, a member's); a whole payment's units were never taken. */
  unitBack: boolean;
  /** The subject's state while its refund is pending (taken: a voucher or member `refunded`, an order not yet). */
  taken: string;
  /** The state a refusal puts it back to, as it was before the claim. */
  restored: string;
  /** The state once a refund that succeeded was reversed at Stripe. */
  reversed: string;
  /** Everything up to the moment the money is asked back. */
  prepare(): Promise<Subject>;
  /** Asks for the money back as this path does, and checks what the caller is told. */
  ask(s: Subject, first: FirstAnswer): Promise<void>;
}

export function providerEdgeSuite(): void {
  beforeAll(async () => {
    const apiBase = await stripe.start();
    // Every list is read one item a page, so the client's pagination is what finds a refund and reconciles.
    stripe.maxPageSize = 1;
    shared = await createSharedTestDatabase(SERVERS);
    databases.push(...shared.handles);
    for (let i = 0; i < SERVERS; i++) {
      const payments = new StoppingStripeProvider({ secretKey: API_KEY, webhookSecret: SECRET, apiBase, ...CLIENT });
      const database = databases[i % databases.length]!;
      if (i === 0) {
        app = await buildApp({
          config: testConfig({ STRIPE_SECRET_KEY: API_KEY, STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_BASE: apiBase }),
          database,
          payments,
          sms: quietSms,
          // TEST_LOG_LEVEL=error shows what the server logs.
          logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }) as FastifyBaseLogger,
        });
        await app.ready();
      }
      servers.push({ db: database.db, payments, logger: app.log });
    }
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await shared?.close();
    await stripe.stop();
  }, 60_000);

  beforeEach(async () => {
    await resetDatabase(databases[0]!);
    stripe.reset();
    for (const s of servers) s.payments.stopsBeforeCall = 0;
    const user = await buildUser(db(), { role: 'superadmin' });
    admin = { ...(await loginAs({ db: db() }, user)), phone: user.phone };
    testStartedAt = new Date();
    latePayment = null;
  });

  // -------------------------------------------------------------------------------------------
  // Buying, paying at Stripe, and Stripe's webhooks.

  function webhook(event: object) {
    const signed = signedStripeEvent(event, SECRET);
    return app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers: signed.headers, payload: signed.body });
  }

  /** The answer to a refund event about `refund`, as Stripe sends it. */
  async function refundEvent(type: 'refund.created' | 'refund.updated', refund: StripeRefundObject): Promise<{ status: number; result: unknown }> {
    const res = await webhook(stripeEvent(type, refund));
    return { status: res.statusCode, result: (res.json() as { result?: unknown }).result };
  }

  const sessionOf = (url: string) => {
    const session = [...stripe.sessions.values()].find((s) => s.url === url);
    if (!session) throw new Error(`${url} is not a session the stand-in opened`);
    return session;
  };

  async function checkout(me: Shopper, dealId: string, quantity = 1) {
    const res = await call(app, 'POST', '/api/checkout', { sessionId: me.sessionId, body: { items: [{ dealId, quantity }] } });
    expectStatus(res, 200);
    return sessionOf(checkoutAnswer.parse(res.body).url);
  }

  /** The customer pays on Stripe's page and Stripe tells the app; answers what the app answered. */
  async function payAtStripe(sessionId: string) {
    const res = await webhook(stripeEvent('checkout.session.completed', stripe.markPaid(sessionId)));
    return { status: res.statusCode, body: res.json() as unknown };
  }

  async function orderOfSession(sessionId: string) {
    const [order] = await db().select().from(orders).where(eq(orders.providerSessionId, sessionId));
    return order!;
  }

  /** A customer who paid at Stripe for `quantity` units of a fresh deal, with the first voucher as the subject. */
  async function paidVoucher(overrides: Parameters<typeof buyableDeal>[1] = {}, quantity = 2): Promise<Subject> {
    const { deal, merchant } = await buyableDeal(db(), { priceCents: 1500, inventory: 10, maxPerUser: 5, ...overrides });
    const owner = await customer({ db: db() });
    const session = await checkout(owner, deal.id, quantity);
    expect(await payAtStripe(session.id)).toEqual({ status: 200, body: { received: true, result: 'fulfilled' } });
    const order = await orderOfSession(session.id);
    const [v] = await db().select().from(vouchers).where(eq(vouchers.orderId, order.id)).orderBy(vouchers.unitIndex);
    return {
      orderId: order.id,
      voucherId: v!.id,
      groupMemberId: null,
      amountCents: deal.priceCents,
      dealId: deal.id,
      merchantId: merchant.id,
      owner,
      code: v!.code,
      pin: v!.pin,
    };
  }

  /** A checkout at Stripe not paid yet: the subject is its whole payment. */
  async function openCheckout(overrides: Parameters<typeof buyableDeal>[1] = {}) {
    const { deal, merchant } = await buyableDeal(db(), { priceCents: 2500, inventory: 10, maxPerUser: 5, ...overrides });
    const owner = await customer({ db: db() });
    const session = await checkout(owner, deal.id, 1);
    const order = await orderOfSession(session.id);
    const subject: Subject = {
      orderId: order.id,
      voucherId: null,
      groupMemberId: null,
      amountCents: order.totalCents,
      dealId: deal.id,
      merchantId: merchant.id,
      owner,
      code: null,
      pin: null,
    };
    return { subject, session, deal };
  }

  /**
   * Stripe tells of the late payment; the app takes it in and gives it back whole. Whatever Stripe does
   * with the refund, the event is handled (an unknown outcome is retried, a refusal listed for a person),
   * so it is answered 200 and Stripe need not deliver it again. Checked softly, so the rest of the case
   * still runs when it is not.
   */
  async function payLate(s: Subject, result: 'refunded' | 'withdrawn') {
    const [order] = await db().select().from(orders).where(eq(orders.id, s.orderId));
    latePayment = stripeEvent('checkout.session.completed', stripe.markPaid(order!.providerSessionId!));
    const res = await webhook(latePayment);
    expect.soft({ status: res.statusCode, body: res.json() as unknown }, 'the webhook of a payment that is given back').toEqual({ status: 200, body: { received: true, result } });
  }

  const sweepOn = (i: number) => runExpirySweep(servers[i]!);

  // -------------------------------------------------------------------------------------------
  // The six paths money goes back by.

  const voucherStates = { taken: 'refunded', restored: 'active', reversed: 'active' };

  async function expectRefundAnswer(res: CallResult, first: FirstAnswer) {
    if (first === 'refused') {
      expectStatus(res, 502);
      return;
    }
    expectStatus(res, 200);
    expect(refundAnswer.parse(res.body).refund.status).toBe(first);
  }

  const paths: MoneyPath[] = [
    {
      name: 'the owner refunds a voucher',
      unitBack: true,
      ...voucherStates,
      prepare: () => paidVoucher(),
      ask: async (s, first) => expectRefundAnswer(await call(app, 'POST', `/api/vouchers/${s.voucherId}/refund`, { sessionId: s.owner.sessionId }), first),
    },
    {
      name: 'a superadmin refunds a voucher',
      unitBack: true,
      ...voucherStates,
      prepare: () => paidVoucher(),
      ask: async (s, first) => expectRefundAnswer(await call(app, 'POST', `/api/admin/vouchers/${s.voucherId}/refund`, { sessionId: admin.sessionId, body: {} }), first),
    },
    {
      name: 'the expiry sweep refunds a voucher past its date',
      unitBack: true,
      ...voucherStates,
      prepare: async () => {
        const s = await paidVoucher({ autoRefundOnExpiry: true });
        await db().update(vouchers).set({ validUntil: new Date(Date.now() - 60_000) }).where(eq(vouchers.id, s.voucherId!));
        return s;
      },
      ask: async (_s, first) => {
        const swept = await sweepOn(0);
        expect({ refunded: swept.refunded, refundsFailed: swept.refundsFailed }).toEqual(first === 'refused' ? { refunded: 0, refundsFailed: 1 } : { refunded: 1, refundsFailed: 0 });
      },
    },
    {
      name: 'a late payment finds its units gone',
      unitBack: false,
      taken: 'expired',
      restored: 'expired',
      reversed: 'cancelled',
      prepare: async () => {
        const { subject, session, deal } = await openCheckout({ inventory: 1, maxPerUser: 1 });
        // The hold lapses, and another customer buys the last unit meanwhile.
        await lapse(db(), session.id);
        expect(await releaseExpiredOrders(db())).toBe(1);
        const rival = await customer({ db: db() });
        expect((await payAtStripe((await checkout(rival, deal.id)).id)).body).toEqual({ received: true, result: 'fulfilled' });
        return subject;
      },
      ask: (s) => payLate(s, 'refunded'),
    },
    {
      name: 'a deal is withdrawn before its checkout is paid',
      unitBack: false,
      taken: 'cancelled',
      restored: 'cancelled',
      reversed: 'cancelled',
      prepare: async () => {
        const { subject, deal } = await openCheckout();
        await db().update(deals).set({ status: 'archived', active: false }).where(eq(deals.id, deal.id));
        return subject;
      },
      ask: (s) => payLate(s, 'withdrawn'),
    },
    {
      name: "a failed group's member is refunded",
      unitBack: true,
      taken: 'refunded',
      restored: 'owed',
      reversed: 'owed',
      prepare: async () => {
        const { deal, merchant } = await buyableDeal(db(), { priceCents: 3000, groupSize: 2, groupPriceCents: 2000, groupWindowHours: 24, inventory: 10, maxPerUser: 2 });
        const owner = await customer({ db: db() });
        const res = await call(app, 'POST', '/api/groups', { sessionId: owner.sessionId, body: { dealId: deal.id } });
        expectStatus(res, 200);
        const answer = groupCheckoutAnswer.parse(res.body);
        const session = sessionOf(answer.url);
        expect((await payAtStripe(session.id)).body).toEqual({ received: true, result: 'waiting' });
        const order = await orderOfSession(session.id);
        const [member] = await db().select().from(groupMembers).where(eq(groupMembers.orderId, order.id));
        // Nobody else joins before the group's window runs out.
        await db().update(dealGroups).set({ deadline: new Date(Date.now() - 1000) }).where(eq(dealGroups.id, answer.group.id));
        return {
          orderId: order.id,
          voucherId: null,
          groupMemberId: member!.id,
          amountCents: 2000,
          dealId: deal.id,
          merchantId: merchant.id,
          owner,
          code: null,
          pin: null,
        };
      },
      ask: async (_s, first) => {
        const swept = await sweepOn(0);
        expect({ failed: swept.groupsFailed, refunded: swept.groupRefunds, refused: swept.groupRefundsFailed }).toEqual({
          failed: 1,
          refunded: first === 'refused' ? 0 : 1,
          refused: first === 'refused' ? 1 : 0,
        });
      },
    },
  ];

  // -------------------------------------------------------------------------------------------
  // Reading both sides.

  /** The operations (attempts) for one subject, oldest first. */
  async function opsOf(s: Subject): Promise<Refund[]> {
    const subject = s.voucherId
      ? eq(refunds.voucherId, s.voucherId)
      : s.groupMemberId
        ? eq(refunds.groupMemberId, s.groupMemberId)
        : and(eq(refunds.orderId, s.orderId), isNull(refunds.voucherId), isNull(refunds.groupMemberId));
    return db().select().from(refunds).where(subject).orderBy(asc(refunds.createdAt));
  }

  async function opById(id: string): Promise<Refund> {
    const [row] = await db().select().from(refunds).where(eq(refunds.id, id));
    return row!;
  }

  async function stateOf(s: Subject): Promise<string> {
    if (s.voucherId) return (await db().select({ status: vouchers.status }).from(vouchers).where(eq(vouchers.id, s.voucherId)))[0]!.status;
    if (s.groupMemberId) return (await db().select({ status: groupMembers.status }).from(groupMembers).where(eq(groupMembers.id, s.groupMemberId)))[0]!.status;
    return (await db().select({ status: orders.status }).from(orders).where(eq(orders.id, s.orderId)))[0]!.status;
  }

  /** Calls to Stripe asking for a refund with this key. */
  const refundPostsWithKey = (key: string) => stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds' && r.headers['idempotency-key'] === key);
  const refundPosts = () => stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');

  /** A voucher taken by a pending refund cannot be redeemed: the merchant's cashier is refused. */
  async function expectNotRedeemable(s: Subject) {
    if (!s.voucherId) return;
    const cashier = await loginAs({ db: db() }, await buildMerchantAccount(db(), s.merchantId));
    const res = await call(app, 'POST', '/api/redeem', { sessionId: cashier.sessionId, body: { code: s.code, pin: s.pin } });
    expect(res.status, JSON.stringify(res.body)).not.toBe(200);
    expect(await stateOf(s)).toBe('refunded');
    expect(await db().select().from(redemptions).where(and(eq(redemptions.voucherId, s.voucherId), eq(redemptions.success, true)))).toEqual([]);
  }

  async function attention(): Promise<AttentionItem[]> {
    const res = await call(app, 'GET', '/api/admin/attention', { sessionId: admin.sessionId });
    expectStatus(res, 200);
    return attentionList.parse(res.body).items;
  }

  async function retryItem(id: string) {
    const res = await call(app, 'POST', `/api/admin/attention/${id}/retry`, { sessionId: admin.sessionId });
    expectStatus(res, 200);
    return attentionActionAnswer.parse(res.body).item;
  }

  async function resolveItem(id: string, note: string) {
    const res = await call(app, 'POST', `/api/admin/attention/${id}/resolve`, { sessionId: admin.sessionId, body: { note } });
    expectStatus(res, 200);
    return attentionActionAnswer.parse(res.body).item;
  }

  /** Time passes: every pending operation's next try is due. */
  async function makeRetriesDue() {
    await db().update(refunds).set({ nextTryAt: new Date(Date.now() - 1000) }).where(eq(refunds.status, 'pending'));
  }

  /** Every server's retry job at once. */
  async function retryEverywhere() {
    return (await Promise.all(servers.map((s) => retryPendingRefunds(s, 50)))).reduce((a, b) => a + b, 0);
  }

  /** Every server's sweep at once. */
  async function sweepEverywhere() {
    return Promise.all(servers.map((_, i) => sweepOn(i)));
  }

  /** A reconciliation a superadmin runs over the test's period. */
  async function reconcile(): Promise<ReconciliationRun> {
    const res = await call(app, 'POST', '/api/admin/reconciliation', {
      sessionId: admin.sessionId,
      body: { from: new Date(testStartedAt.getTime() - 60_000).toISOString(), to: new Date(Date.now() + 60_000).toISOString() },
    });
    expectStatus(res, 200);
    return latestReconciliation.parse(res.body).run!;
  }

  /**
   * The ledger against Stripe's books, to the cent: its payment rows sum to what Stripe's payment
   * intents received, its refund and reversal rows to what Stripe's succeeded refunds gave back; each
   * refund row names a refund Stripe made, and one that failed at Stripe since is reversed.
   */
  async function expectLedgerMatchesStripe() {
    const rows = await db()
      .select({ kind: ledgerEntries.kind, cents: sql<string>`sum(${ledgerEntries.amountCents})` })
      .from(ledgerEntries)
      .groupBy(ledgerEntries.kind);
    const sum = (kind: string) => Number(rows.find((r) => r.kind === kind)?.cents ?? 0);
    const books = stripe.books();
    expect({ received: sum('payment'), refunded: -(sum('refund') + sum('reversal')) + 0 }).toEqual({ received: books.receivedCents, refunded: books.refundedCents });
    const entries = await db().select().from(ledgerEntries);
    for (const entry of entries.filter((e) => e.kind === 'refund')) {
      const atStripe = stripe.refunds.get(entry.providerRef ?? '');
      expect(atStripe, `the ledger's refund ${entry.providerRef}`).toBeDefined();
      expect(atStripe!.amount).toBe(-entry.amountCents);
      const reversal = entries.find((e) => e.kind === 'reversal' && e.refundId === entry.refundId);
      expect(reversal !== undefined, `a reversal of ${entry.providerRef}, which is ${atStripe!.status} at Stripe`).toBe(atStripe!.status === 'failed');
    }
  }

  /**
   * No subject is both given back at Stripe and still usable: a voucher refunded at Stripe reads
   * `refunded`, as does a member; a whole payment given back leaves its order `refunded`, without
   * vouchers. And a voucher whose refund is pending reads `refunded`, so it cannot be used meanwhile.
   */
  async function expectNothingUsableAndRefunded() {
    for (const refund of [...stripe.refunds.values()].filter((r) => r.status === 'succeeded')) {
      const { voucherId, groupMemberId, orderId } = refund.metadata;
      if (voucherId) {
        expect((await db().select({ status: vouchers.status }).from(vouchers).where(eq(vouchers.id, voucherId)))[0]!.status).toBe('refunded');
      } else if (groupMemberId) {
        expect((await db().select({ status: groupMembers.status }).from(groupMembers).where(eq(groupMembers.id, groupMemberId)))[0]!.status).toBe('refunded');
      } else {
        expect((await db().select({ status: orders.status }).from(orders).where(eq(orders.id, orderId!)))[0]!.status).toBe('refunded');
        expect(await db().select().from(vouchers).where(eq(vouchers.orderId, orderId!))).toEqual([]);
      }
    }
    const pending = await db().select({ voucherStatus: vouchers.status }).from(refunds).innerJoin(vouchers, eq(vouchers.id, refunds.voucherId)).where(eq(refunds.status, 'pending'));
    for (const p of pending) expect(p.voucherStatus).toBe('refunded');
  }

  /** Stripe made at most one refund for any attempt of ours, and at most one that stands for any voucher, member or whole payment. */
  async function expectNothingRefundedTwice() {
    const made = [...stripe.refunds.values()];
    const count = (keys: string[]) => keys.reduce<Record<string, number>>((acc, k) => ({ ...acc, [k]: (acc[k] ?? 0) + 1 }), {});
    const perAttempt = count(made.map((r) => r.metadata.refundId ?? `(none) ${r.id}`));
    expect(Object.values(perAttempt).filter((n) => n > 1), JSON.stringify(perAttempt)).toEqual([]);
    const perSubject = count(made.filter((r) => r.status === 'succeeded').map((r) => r.metadata.voucherId ?? r.metadata.groupMemberId ?? `order ${r.metadata.orderId}`));
    expect(Object.values(perSubject).filter((n) => n > 1), JSON.stringify(perSubject)).toEqual([]);
    // And every refund Stripe made is an operation of ours that knows it.
    for (const r of made) expect((await opById(r.metadata.refundId!)).providerRef, `Stripe's ${r.id}`).toBe(r.id);
  }

  async function expectBooksAgree() {
    expect(await db().select().from(refunds).where(eq(refunds.status, 'pending'))).toEqual([]);
    await expectLedgerMatchesStripe();
    await expectNothingUsableAndRefunded();
    await expectNothingRefundedTwice();
    const run = await reconcile();
    expect(run).toMatchObject({ status: 'matched', differences: [] });
    expect(run.ledgerPaymentsCents).toBe(run.providerPaymentsCents);
    expect(run.ledgerRefundsCents).toBe(run.providerRefundsCents);
    expect(run.providerPaymentsCents).toBe(stripe.books().receivedCents);
  }

  // -------------------------------------------------------------------------------------------
  // What Stripe does, and how each is driven to settle.

  interface Ctx {
    path: MoneyPath;
    s: Subject;
    /** The first operation, as it stands after the caller was answered. */
    op: Refund;
    /** The deal's stock and the customer's counted units before the money was asked back. */
    before: { stock: StockTotals; units: number };
  }

  interface Behaviour {
    name: string;
    arrange(): void;
    first: FirstAnswer;
    /** The money is given back in the end (a reversal resolved by a person keeps it with us). */
    givenBack: boolean;
    /** Checks the state the first answer left, then drives retries and webhooks until it settles. */
    settle(ctx: Ctx): Promise<void>;
  }

  /** While pending: the subject taken (a voucher unusable), Stripe's part as the behaviour left it. */
  async function expectPending(ctx: Ctx, tries: number) {
    expect(ctx.op).toMatchObject({ status: 'pending', tries, idempotencyKey: `refund-${ctx.op.id}`, amountCents: ctx.s.amountCents });
    expect(ctx.op.nextTryAt).not.toBeNull();
    expect(await stateOf(ctx.s)).toBe(ctx.path.taken);
    await expectNotRedeemable(ctx.s);
    // Nothing moves in the ledger or the stock until Stripe's answer is known.
    expect(await db().select().from(ledgerEntries).where(eq(ledgerEntries.refundId, ctx.op.id))).toEqual([]);
    if (ctx.path.unitBack) expect(await stockOf(db(), ctx.s.dealId)).toEqual(ctx.before.stock);
  }

  /** The one refund Stripe made for the operation, as the stand-in keeps it. */
  function madeFor(op: Refund): StripeRefundObject {
    const made = stripe.refundsForAttempt(op.id);
    expect(made).toHaveLength(1);
    return made[0]!;
  }

  const behaviours: Behaviour[] = [
    {
      name: 'Stripe answers 500: pending, listed as stuck after a day, and the retry asks again with the same key',
      arrange: () => stripe.troubleRefunds('5xx'),
      first: 'pending',
      givenBack: true,
      settle: async (ctx) => {
        await expectPending(ctx, 1);
        expect(ctx.op.failure).toMatch(/unknown error/i);
        expect(stripe.refundsForAttempt(ctx.op.id)).toEqual([]);
        // Not due yet: the sweeps leave it alone.
        await sweepEverywhere();
        expect(refundPostsWithKey(ctx.op.idempotencyKey)).toHaveLength(1);
        expect(await attention()).toEqual([]);

        // A day later with no answer it needs a person, who retries it.
        await db().update(refunds).set({ createdAt: new Date(Date.now() - DAY_MS - 60_000) }).where(eq(refunds.id, ctx.op.id));
        expect(await attention()).toEqual([expect.objectContaining({ id: ctx.op.id, cause: 'stuck', status: 'pending', tries: 1, canRetry: true, idempotencyKey: ctx.op.idempotencyKey })]);
        const retried = await retryItem(ctx.op.id);
        expect(retried).toMatchObject({ id: ctx.op.id, status: 'succeeded', tries: 2, history: [{ action: 'retried', byPhone: admin.phone, note: null }] });
        expect(refundPostsWithKey(ctx.op.idempotencyKey)).toHaveLength(2);
        const made = madeFor(ctx.op);
        expect((await opById(ctx.op.id)).providerRef).toBe(made.id);
        expect(await attention()).toEqual([]);
        // Stripe's own report of the refund comes after, and changes nothing.
        expect(await refundEvent('refund.created', made)).toEqual({ status: 200, result: 'unchanged' });
      },
    },
    {
      name: 'Stripe makes the refund and answers too late: pending, and the retry finds it by its id without asking again',
      arrange: () => stripe.troubleRefunds('timeout'),
      first: 'pending',
      givenBack: true,
      settle: async (ctx) => {
        await expectPending(ctx, 1);
        expect(ctx.op.failure).toMatch(/timeout/i);
        const made = madeFor(ctx.op);
        expect(made.status).toBe('succeeded');

        await makeRetriesDue();
        expect(await retryEverywhere()).toBe(1);
        expect((await opById(ctx.op.id))).toMatchObject({ status: 'succeeded', providerRef: made.id, tries: 2 });
        // It was found in Stripe's list of the payment's refunds, not asked for a second time.
        expect(refundPostsWithKey(ctx.op.idempotencyKey)).toHaveLength(1);
        expect(stripe.requests.some((r) => r.method === 'GET' && r.path === '/v1/refunds' && r.query.payment_intent === made.payment_intent)).toBe(true);
        expect(await refundEvent('refund.created', made)).toEqual({ status: 200, result: 'unchanged' });
      },
    },
    {
      name: 'Stripe makes the refund and answers too late: pending, and its webhook settles it first',
      arrange: () => stripe.troubleRefunds('timeout'),
      first: 'pending',
      givenBack: true,
      settle: async (ctx) => {
        await expectPending(ctx, 1);
        const made = madeFor(ctx.op);
        expect(await refundEvent('refund.created', made)).toEqual({ status: 200, result: 'succeeded' });
        expect(await opById(ctx.op.id)).toMatchObject({ status: 'succeeded', providerRef: made.id, nextTryAt: null });
        // The retry job finds nothing left to ask about.
        await makeRetriesDue();
        await sweepEverywhere();
        expect(refundPostsWithKey(ctx.op.idempotencyKey)).toHaveLength(1);
        expect((await opById(ctx.op.id)).tries).toBe(1);
      },
    },
    {
      name: 'Stripe refuses (402): failed, the subject back as it was, listed, and the retry is a new attempt with a new key',
      arrange: () => stripe.troubleRefunds('402'),
      first: 'refused',
      givenBack: true,
      settle: async (ctx) => {
        expect(ctx.op).toMatchObject({ status: 'failed', tries: 1, nextTryAt: null, reversedAt: null });
        expect(ctx.op.failure).toMatch(/declined/);
        expect(stripe.refunds.size).toBe(0);
        expect(await stateOf(ctx.s)).toBe(ctx.path.restored);
        if (ctx.path.unitBack) {
          expect(await stockOf(db(), ctx.s.dealId)).toEqual(ctx.before.stock);
          expect(await userUnitsOf(db(), ctx.s.owner.user.id, ctx.s.dealId)).toBe(ctx.before.units);
        }
        // Nothing is asked again without a person, however often the sweep runs or Stripe delivers the payment again.
        await makeRetriesDue();
        await sweepEverywhere();
        if (!ctx.s.voucherId && !ctx.s.groupMemberId) {
          const again = await webhook(latePayment!);
          expect(again.statusCode).toBe(200);
          expect((again.json() as { result: string }).result).toMatch(/^(refunded|duplicate)$/);
          expect(await opsOf(ctx.s)).toHaveLength(1);
        }
        expect(refundPosts()).toHaveLength(1);

        expect(await attention()).toEqual([expect.objectContaining({ id: ctx.op.id, cause: 'failed', status: 'failed', canRetry: true })]);
        const next = await retryItem(ctx.op.id);
        expect(next).toMatchObject({ status: 'succeeded', reason: ctx.op.reason, amountCents: ctx.op.amountCents });
        expect(next.id).not.toBe(ctx.op.id);
        expect(next.idempotencyKey).not.toBe(ctx.op.idempotencyKey);
        expect(refundPosts().map((r) => r.headers['idempotency-key'])).toEqual([ctx.op.idempotencyKey, next.idempotencyKey]);
        expect(madeFor(await opById(next.id)).status).toBe('succeeded');
        // The refused attempt is handled by the new one, and its history says who retried it.
        expect(await attention()).toEqual([]);
        expect(await db().select({ action: attentionActions.action, actorId: attentionActions.actorId }).from(attentionActions).where(eq(attentionActions.refundId, ctx.op.id))).toEqual([
          { action: 'retried', actorId: expect.any(String) },
        ]);
        expect((await opById(ctx.op.id)).resolvedAt).not.toBeNull();
      },
    },
    {
      name: 'Stripe makes the refund and it fails later: reversed by the webhook, listed, and resolved by a person',
      arrange: () => undefined,
      first: 'succeeded',
      givenBack: false,
      settle: async (ctx) => {
        expect(ctx.op.status).toBe('succeeded');
        const made = madeFor(ctx.op);
        expect(ctx.op.providerRef).toBe(made.id);
        expect(await stateOf(ctx.s)).toBe('refunded');

        const failed = stripe.failLater(made.id);
        const event = stripeEvent('refund.updated', failed);
        const first = await webhook(event);
        expect(first.json()).toEqual({ received: true, result: 'reversed' });
        expect((await webhook(event)).json()).toEqual({ received: true, result: 'duplicate' });
        expect(await refundEvent('refund.updated', failed)).toEqual({ status: 200, result: 'unchanged' });

        expect(await opById(ctx.op.id)).toMatchObject({ status: 'failed', failure: 'Stripe: expired_or_canceled_card', reversedAt: expect.any(Date) });
        expect(await db().select({ kind: ledgerEntries.kind, cents: ledgerEntries.amountCents, ref: ledgerEntries.providerRef }).from(ledgerEntries).where(eq(ledgerEntries.refundId, ctx.op.id)).orderBy(ledgerEntries.seq)).toEqual([
          { kind: 'refund', cents: -ctx.s.amountCents, ref: made.id },
          { kind: 'reversal', cents: ctx.s.amountCents, ref: made.id },
        ]);
        expect(await stateOf(ctx.s)).toBe(ctx.path.reversed);

        const [item] = await attention();
        expect(item).toMatchObject({ id: ctx.op.id, cause: 'reversed', status: 'failed', providerRef: made.id, reversedAt: expect.any(String) });
        const note = 'The customer agreed to keep the voucher';
        const resolved = await resolveItem(ctx.op.id, note);
        expect(resolved.history).toEqual([{ at: expect.any(String), action: 'resolved', byPhone: admin.phone, note }]);
        expect(await attention()).toEqual([]);
        // The money stays with us: nothing asks Stripe again.
        await makeRetriesDue();
        await sweepEverywhere();
        expect(refundPosts()).toHaveLength(1);
      },
    },
    {
      name: 'the server stops between the claim and the call: pending, untried, and the sweep asks',
      arrange: () => {
        servers[0]!.payments.stopsBeforeCall = 1;
      },
      first: 'pending',
      givenBack: true,
      settle: async (ctx) => {
        // The row as the claim wrote it, before any call was counted: what a crash right after the claim leaves.
        await db().update(refunds).set({ tries: 0, failure: null }).where(eq(refunds.id, ctx.op.id));
        ctx.op = await opById(ctx.op.id);
        await expectPending(ctx, 0);
        expect(refundPosts()).toEqual([]);

        await makeRetriesDue();
        await sweepEverywhere();
        const after = await opById(ctx.op.id);
        const made = madeFor(after);
        expect(after).toMatchObject({ status: 'succeeded', tries: 1, providerRef: made.id });
        expect(refundPostsWithKey(ctx.op.idempotencyKey)).toHaveLength(1);
        expect(await refundEvent('refund.created', made)).toEqual({ status: 200, result: 'unchanged' });
      },
    },
  ];

  /** The subject as it ends: given back once at Stripe with its unit back in the offer, or (after a resolved reversal) as it was. */
  async function expectSettled(ctx: Ctx, givenBack: boolean) {
    const ops = await opsOf(ctx.s);
    const standing = ops.filter((o) => o.status === 'succeeded');
    const madeForSubject = [...stripe.refunds.values()].filter((r) => ops.some((o) => o.id === r.metadata.refundId));
    if (givenBack) {
      expect(standing).toHaveLength(1);
      const made = stripe.refunds.get(standing[0]!.providerRef!)!;
      expect(made).toMatchObject({ status: 'succeeded', amount: ctx.s.amountCents });
      expect(made.metadata).toEqual({
        refundId: standing[0]!.id,
        orderId: ctx.s.orderId,
        reason: ctx.op.reason,
        ...(ctx.s.voucherId ? { voucherId: ctx.s.voucherId } : {}),
        ...(ctx.s.groupMemberId ? { groupMemberId: ctx.s.groupMemberId } : {}),
      });
      expect(madeForSubject.filter((r) => r.status === 'succeeded')).toHaveLength(1);
      expect(await stateOf(ctx.s)).toBe('refunded');
    } else {
      expect(standing).toEqual([]);
      expect(madeForSubject.filter((r) => r.status === 'succeeded')).toEqual([]);
      expect(await stateOf(ctx.s)).toBe(ctx.path.reversed);
    }
    if (ctx.path.unitBack) {
      const back = givenBack ? 1 : 0;
      expect(await stockOf(db(), ctx.s.dealId)).toEqual({ ...ctx.before.stock, unitsTaken: ctx.before.stock.unitsTaken - back });
      expect(await userUnitsOf(db(), ctx.s.owner.user.id, ctx.s.dealId)).toBe(ctx.before.units - back);
    }
  }

  describe.each(paths.map((p) => [p.name, p] as const))('%s', (_, path) => {
    it.each(behaviours.map((b) => [b.name, b] as const))('%s', async (_name, behaviour) => {
      const s = await path.prepare();
      const before = { stock: await stockOf(db(), s.dealId), units: await userUnitsOf(db(), s.owner.user.id, s.dealId) };
      behaviour.arrange();
      await path.ask(s, behaviour.first);
      expect(stripe.troubleLeft).toEqual([]);
      const ops = await opsOf(s);
      expect(ops).toHaveLength(1);
      const ctx: Ctx = { path, s, op: ops[0]!, before };
      await behaviour.settle(ctx);
      await expectSettled(ctx, behaviour.givenBack);
      await expectBooksAgree();
    });
  });

  // -------------------------------------------------------------------------------------------

  describe('a refused goodwill refund', () => {
    it('puts a redeemed voucher back redeemed, with its redemption as it was', async () => {
      const s = await paidVoucher();
      const cashier = await loginAs({ db: db() }, await buildMerchantAccount(db(), s.merchantId));
      expectStatus(await call(app, 'POST', '/api/redeem', { sessionId: cashier.sessionId, body: { code: s.code, pin: s.pin } }), 200);
      const [redeemed] = await db().select().from(vouchers).where(eq(vouchers.id, s.voucherId!));

      stripe.troubleRefunds('402');
      const refused = await call(app, 'POST', `/api/admin/vouchers/${s.voucherId}/refund`, { sessionId: admin.sessionId, body: { reason: 'Closed on the day of the visit' } });
      expectStatus(refused, 502);
      const [after] = await db().select().from(vouchers).where(eq(vouchers.id, s.voucherId!));
      expect({ status: after!.status, redeemed: after!.redeemed, by: after!.redeemedBy }).toEqual({ status: 'redeemed', redeemed: true, by: redeemed!.redeemedBy });
      // Its time comes back from the redemption log, which may differ from the voucher's own by a millisecond or so.
      expect(Math.abs(after!.redeemedAt!.getTime() - redeemed!.redeemedAt!.getTime())).toBeLessThan(1000);
      const [op] = await opsOf(s);
      expect(op).toMatchObject({ status: 'failed', reason: 'goodwill', voucherStatusBefore: 'redeemed' });
      expect(await attention()).toEqual([expect.objectContaining({ id: op!.id, cause: 'failed' })]);

      // The retry takes it from redeemed again, with a key of its own.
      const next = await retryItem(op!.id);
      expect(next).toMatchObject({ status: 'succeeded', reason: 'goodwill' });
      expect(next.idempotencyKey).not.toBe(op!.idempotencyKey);
      expect(await stateOf(s)).toBe('refunded');
      await expectBooksAgree();
    });
  });

  describe("Stripe's lists, read page by page through the stripe client", () => {
    it('finds every payment and refund of a period, and the refund of an attempt on a later page', async () => {
      const payments = servers[0]!.payments;
      const bought: Subject[] = [];
      for (let i = 0; i < 4; i++) bought.push(await paidVoucher({ priceCents: 1000 + i * 100 }, 3));
      // One payment made two days ago is outside the period asked about.
      const old = [...stripe.paymentIntents.values()][0]!;
      old.created -= 2 * 86_400;

      // Refunds made from Stripe's dashboard come first in the payment's list, ahead of ours.
      const dashboard = createStripeClient({ secretKey: API_KEY, webhookSecret: SECRET, apiBase: stripe.base, ...CLIENT });
      const target = bought[3]!;
      const [order] = await db().select().from(orders).where(eq(orders.id, target.orderId));
      expectStatus(await call(app, 'POST', `/api/vouchers/${target.voucherId}/refund`, { sessionId: target.owner.sessionId }), 200);
      const [ours] = await opsOf(target);
      for (const cents of [100, 200]) await dashboard.refunds.create({ payment_intent: order!.paymentRef!, amount: cents });

      stripe.requests.length = 0;
      const request = { refundId: ours!.id, orderId: target.orderId, reason: 'customer', sessionId: order!.providerSessionId!, paymentRef: order!.paymentRef, amountCents: ours!.amountCents, idempotencyKey: ours!.idempotencyKey, voucherId: target.voucherId, groupMemberId: null };
      expect(await payments.findRefund(request)).toEqual({ ref: ours!.providerRef, status: 'succeeded', failure: null });
      const pages = stripe.requests.filter((r) => r.path === '/v1/refunds');
      expect(pages.map((r) => r.query.starting_after ?? null)).toEqual([null, expect.stringMatching(/^re_/), expect.stringMatching(/^re_/)]);

      const records = await payments.listRecords(new Date(Date.now() - 3_600_000), new Date(Date.now() + 60_000));
      expect(records.filter((r) => r.kind === 'payment').map((r) => r.ref).sort()).toEqual(
        [...stripe.paymentIntents.values()].filter((p) => p !== old).map((p) => p.id).sort(),
      );
      expect(records.filter((r) => r.kind === 'refund')).toHaveLength(3);
      expect(stripe.requests.filter((r) => r.path === '/v1/payment_intents')).toHaveLength(3);

      // What is left of a payment bounds a refund: asking for more is refused, so a second refund of the same money would show.
      const left = stripe.refundableCents(order!.paymentRef!);
      expect(left).toBe(order!.totalCents - ours!.amountCents - 300);
      await expect(payments.refundPayment({ ...request, refundId: 'another', idempotencyKey: 'refund-another', amountCents: left + 1 })).rejects.toBeInstanceOf(ProviderRefusal);
      await expect(dashboard.refunds.create({ payment_intent: order!.paymentRef!, amount: left + 1 })).rejects.toMatchObject({ statusCode: 400, code: 'amount_too_large' });
    });
  });

  describe('reconciliation', () => {
    it('matches when the two sides agree, and lists each difference made on purpose', async () => {
      const s = await paidVoucher();
      expectStatus(await call(app, 'POST', `/api/vouchers/${s.voucherId}/refund`, { sessionId: s.owner.sessionId }), 200);
      const [op] = await opsOf(s);
      expect(await reconcile()).toMatchObject({ status: 'matched', differences: [] });

      const [order] = await db().select().from(orders).where(eq(orders.id, s.orderId));
      // A refund made at Stripe without the app: no ledger row says so.
      const dashboard = createStripeClient({ secretKey: API_KEY, webhookSecret: SECRET, apiBase: stripe.base, ...CLIENT });
      const unrecorded = await dashboard.refunds.create({ payment_intent: order!.paymentRef!, amount: 300 });
      expect(await reconcile()).toMatchObject({
        status: 'differences',
        differences: [{ kind: 'missing_in_ledger', what: 'refund', providerRef: unrecorded.id, orderId: null, ledgerCents: null, providerCents: -300 }],
      });

      // Stripe's record of our refund says another amount; and then it has none at all.
      stripe.refunds.get(unrecorded.id)!.status = 'canceled';
      const ours = stripe.refunds.get(op!.providerRef!)!;
      ours.amount = s.amountCents - 1;
      expect((await reconcile()).differences).toEqual([
        { kind: 'amount_differs', what: 'refund', providerRef: ours.id, orderId: s.orderId, ledgerCents: -s.amountCents, providerCents: -(s.amountCents - 1) },
      ]);
      stripe.refunds.delete(ours.id);
      expect((await reconcile()).differences).toEqual([
        { kind: 'missing_at_provider', what: 'refund', providerRef: ours.id, orderId: s.orderId, ledgerCents: -s.amountCents, providerCents: null },
      ]);
    });
  });
}
