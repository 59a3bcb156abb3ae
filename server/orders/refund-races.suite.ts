/**
 * Refund races over real HTTP, spread over several app instances on one database (each with a
 * connection pool of its own on PostgreSQL), paying and refunding through the local Stripe
 * stand-in, and judged by the totals in the database and at Stripe afterwards:
 * - one voucher, many refunds at once: one refund, one ledger row, one unit back;
 * - a refund racing a redemption of the same voucher: exactly one of them wins;
 * - the owner, a superadmin and the expiry sweep of every instance at once: one refund;
 * - the ledger after it all: payments equal the fulfilled orders, refunds the succeeded refunds,
 *   and no row was changed.
 * A deliberately non-atomic refund (read the status, then write) is served by the same instances
 * under the same load, to show the race is real: it asks Stripe for the money more than once. Its
 * call to Stripe lets other requests run inside its window, so it loses on PGlite too.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { buildMerchantAccount, buildUser } from '../db/factories';
import { ledgerEntries, orders, redemptions, refunds, vouchers } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import { isUniqueViolation } from '../auth/auth.service';
import { requireUser } from '../http/session';
import { ProviderRefusal, type RefundResult } from '../integrations/payments/payment-provider';
import { StripePaymentProvider } from '../integrations/payments/stripe-provider';
import { buildApp, testConfig } from '../test/app';
import { loginAs } from '../test/auth-helpers';
import { createSharedTestDatabase, resetDatabase, testDbKind } from '../test/database';
import { dbError } from '../test/fixtures';
import {
  buyableDeal,
  customer,
  http,
  listen,
  LocalStripe,
  orderOf,
  signedStripeEvent,
  statusCounts,
  stockOf,
  stripeEvent,
  userUnitsOf,
  type Shopper,
} from '../test/purchase-helpers';
import { runExpirySweep } from './expiry';
import { REFUND_MESSAGES } from './refunds';
import { english, msg } from '../i18n';

const SECRET = 'whsec_refund_races';
const onPostgres = testDbKind() === 'postgres';
/** App instances on the one database: on PostgreSQL each has its own pool, as separate servers would. */
const INSTANCES = onPostgres ? 3 : 2;
/** Rounds each real race is run, each on fresh rows. */
const REAL_ROUNDS = 3;
/** Rounds the non-atomic variant gets to lose before the demonstration gives up. */
const ROUNDS = 5;

const stripe = new LocalStripe();
let shared: Awaited<ReturnType<typeof createSharedTestDatabase>> | undefined;
const databases: Database[] = [];
const apps: FastifyInstance[] = [];
const providers: StripePaymentProvider[] = [];
const bases: string[] = [];

const db = () => databases[0]!.db;
const baseFor = (i: number) => bases[i % bases.length]!;

/**
 * The non-atomic refund: decides on a status it read before asking Stripe, with a key of its own per
 * call (as a naive retry-safe-looking design would), then writes. The unique index on standing
 * refunds stops a second row; by then the money went out twice.
 */
function registerNaiveRefund(app: FastifyInstance, database: Database, payments: StripePaymentProvider): void {
  app.post('/api/naive/vouchers/:id/refund', async (request) => {
    const user = requireUser(request);
    const { id } = request.params as { id: string };
    const q = database.db;
    const [found] = await q
      .select({ voucher: vouchers, sessionId: orders.providerSessionId, paymentRef: orders.paymentRef })
      .from(vouchers)
      .innerJoin(orders, eq(orders.id, vouchers.orderId))
      .where(and(eq(vouchers.id, id), eq(vouchers.userId, user.id)));
    if (!found) throw notFound(msg('notFound.voucher'));
    if (found.voucher.status !== 'active') throw conflict(REFUND_MESSAGES.refunded);
    const refundId = randomUUID();
    let answer: RefundResult;
    try {
      answer = await payments.refundPayment({
        refundId,
        orderId: found.voucher.orderId,
        reason: 'customer',
        sessionId: found.sessionId ?? '',
        paymentRef: found.paymentRef,
        amountCents: 100,
        idempotencyKey: `naive-${refundId}`,
        groupMemberId: null,
        voucherId: id,
      });
    } catch (err) {
      // Once the calls before it have given back all of the payment, Stripe refuses the next.
      if (err instanceof ProviderRefusal) return { result: 'refused-by-stripe' };
      throw err;
    }
    try {
      await q.update(vouchers).set({ status: 'refunded' }).where(eq(vouchers.id, id));
      await q.insert(refunds).values({
        id: refundId,
        idempotencyKey: `naive-${refundId}`,
        voucherId: id,
        orderId: found.voucher.orderId,
        userId: user.id,
        amountCents: 100,
        status: 'succeeded',
        reason: 'customer',
        voucherStatusBefore: 'active',
        provider: 'stripe',
        providerRef: answer.ref,
      });
      return { result: 'refunded' };
    } catch (err) {
      if (isUniqueViolation(err)) return { result: 'stopped-by-unique-key' };
      throw err;
    }
  });
}

export function refundRaceSuite(): void {
  beforeAll(async () => {
    const apiBase = await stripe.start();
    shared = await createSharedTestDatabase(INSTANCES);
    databases.push(...shared.handles);
    for (let i = 0; i < INSTANCES; i++) {
      const database = databases[i % databases.length]!;
      const payments = new StripePaymentProvider({ secretKey: 'sk_test_refund_races', webhookSecret: SECRET, apiBase });
      const app = await buildApp({
        config: testConfig({ STRIPE_SECRET_KEY: 'sk_test_refund_races', STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_BASE: apiBase }),
        database,
        payments,
      });
      registerNaiveRefund(app, database, payments);
      providers.push(payments);
      apps.push(app);
      bases.push(await listen(app));
    }
  }, 120_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
    await shared?.close();
    await stripe.stop();
  }, 60_000);
  beforeEach(async () => {
    await resetDatabase(databases[0]!);
  });

  /** Fires every request at once, once the client's keep-alive pool to every instance is warm. */
  async function together<T>(requests: (() => Promise<T>)[]): Promise<T[]> {
    await Promise.all(requests.map((_, i) => http(baseFor(i), 'GET', '/api/health')));
    return Promise.all(requests.map((r) => r()));
  }

  /** A customer who paid at Stripe for `quantity` units of a fresh deal, fulfilled by the webhook; with the vouchers. */
  async function paid(quantity = 1, overrides: Parameters<typeof buyableDeal>[1] = {}, who?: Shopper) {
    const { deal, merchant } = await buyableDeal(db(), { priceCents: 1500, inventory: 20, maxPerUser: 5, ...overrides });
    const me = who ?? (await customer({ db: db() }));
    const res = await http(baseFor(0), 'POST', '/api/checkout', { sessionId: me.sessionId, body: { items: [{ dealId: deal.id, quantity }] } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const session = [...stripe.sessions.values()].find((s) => s.url === (res.body as { url: string }).url)!;
    stripe.markPaid(session.id);
    const event = signedStripeEvent(stripeEvent('checkout.session.completed', session), SECRET);
    expect((await http(baseFor(1), 'POST', '/api/webhooks/stripe', { body: event.body, headers: event.headers })).status).toBe(200);
    const order = await orderOf(db(), session.id);
    const issued = await db().select().from(vouchers).where(eq(vouchers.orderId, order.id)).orderBy(vouchers.unitIndex);
    return { deal, merchant, me, order, vouchers: issued };
  }

  const refundPostsFor = (voucherId: string) =>
    stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds' && r.form['metadata[voucherId]'] === voucherId);
  /** The refunds Stripe made for a voucher: money that went out. */
  const refundsMadeFor = (voucherId: string) => [...stripe.refunds.values()].filter((r) => r.metadata.voucherId === voucherId);

  async function standingRefunds(voucherId: string) {
    return db().select().from(refunds).where(and(eq(refunds.voucherId, voucherId), inArray(refunds.status, ['pending', 'succeeded'])));
  }

  async function ledgerRefundRows(voucherId: string) {
    return db()
      .select()
      .from(ledgerEntries)
      .innerJoin(refunds, eq(refunds.id, ledgerEntries.refundId))
      .where(eq(refunds.voucherId, voucherId));
  }

  describe('one voucher, many refunds at once', () => {
    const TAPS = 20;

    it(`refunds once when the owner asks ${TAPS} times across ${INSTANCES} instances`, async () => {
      for (let round = 1; round <= REAL_ROUNDS; round++) {
        const { deal, me, vouchers: [v] } = await paid(2);
        const before = await stockOf(db(), deal.id);
        const answers = await together(Array.from({ length: TAPS }, (_, i) => () => http(baseFor(i), 'POST', `/api/vouchers/${v!.id}/refund`, { sessionId: me.sessionId })));

        expect(statusCounts(answers)).toEqual({ 200: 1, 409: TAPS - 1 });
        for (const a of answers.filter((x) => x.status === 409)) expect(a.body).toEqual({ message: english(REFUND_MESSAGES.refunded) });
        expect(refundPostsFor(v!.id)).toHaveLength(1);
        expect(refundsMadeFor(v!.id)).toHaveLength(1);
        expect(await standingRefunds(v!.id)).toEqual([expect.objectContaining({ status: 'succeeded' })]);
        expect(await ledgerRefundRows(v!.id)).toHaveLength(1);
        expect(await stockOf(db(), deal.id)).toEqual({ ...before, unitsTaken: before.unitsTaken - 1 });
        expect(await userUnitsOf(db(), me.user.id, deal.id)).toBe(1);
      }
    });

    it('asks Stripe for the money more than once with a read-then-write refund under the same load', async () => {
      let lost: number | null = null;
      for (let round = 1; round <= ROUNDS && lost === null; round++) {
        const { me, vouchers: [v] } = await paid(1);
        const answers = await together(Array.from({ length: TAPS }, (_, i) => () => http(baseFor(i), 'POST', `/api/naive/vouchers/${v!.id}/refund`, { sessionId: me.sessionId })));
        const unexpected = answers.filter((a) => a.status !== 200 && a.status !== 409);
        expect(unexpected, JSON.stringify(unexpected.slice(0, 3))).toEqual([]);
        if (refundsMadeFor(v!.id).length > 1) lost = round;
      }
      expect(lost, `the read-then-write refund never refunded twice in ${ROUNDS} rounds`).not.toBeNull();
    });
  });

  describe('a refund racing a redemption', () => {
    const EACH = 10;

    it('lets exactly one of them win, whichever instance handles them', async () => {
      const outcomes = new Set<string>();
      for (let round = 1; round <= REAL_ROUNDS * 2; round++) {
        const { merchant, me, vouchers: [v] } = await paid(1);
        const cashier = await loginAs({ db: db() }, await buildMerchantAccount(db(), merchant.id));
        const calls = Array.from({ length: EACH }, (_, i) => [
          () => http(baseFor(i), 'POST', `/api/vouchers/${v!.id}/refund`, { sessionId: me.sessionId }),
          () => http(baseFor(i + 1), 'POST', '/api/redeem', { sessionId: cashier.sessionId, body: { code: v!.code, pin: v!.pin } }),
        ]).flat();
        const answers = await together(calls);
        const refundWins = answers.filter((a, i) => i % 2 === 0 && a.status === 200).length;
        const redeemWins = answers.filter((a, i) => i % 2 === 1 && a.status === 200).length;
        expect(refundWins + redeemWins, JSON.stringify(statusCounts(answers))).toBe(1);
        expect(answers.filter((a) => a.status !== 200 && a.status !== 409)).toEqual([]);

        const [after] = await db().select().from(vouchers).where(eq(vouchers.id, v!.id));
        const successes = await db().select().from(redemptions).where(and(eq(redemptions.voucherId, v!.id), eq(redemptions.success, true)));
        if (refundWins === 1) {
          expect(after).toMatchObject({ status: 'refunded', redeemed: false });
          expect(successes).toEqual([]);
          expect(await standingRefunds(v!.id)).toHaveLength(1);
          outcomes.add('refunded');
        } else {
          expect(after).toMatchObject({ status: 'redeemed', redeemed: true });
          expect(successes).toHaveLength(1);
          expect(await standingRefunds(v!.id)).toEqual([]);
          expect(refundPostsFor(v!.id)).toEqual([]);
          outcomes.add('redeemed');
        }
      }
      expect(outcomes.size).toBeGreaterThan(0);
    });
  });

  describe('the owner, a superadmin and the sweep at once', () => {
    it('refund a voucher past its date once', async () => {
      for (let round = 1; round <= REAL_ROUNDS; round++) {
        const { deal, me, vouchers: [v] } = await paid(1, { autoRefundOnExpiry: true });
        await db().update(vouchers).set({ validUntil: new Date(Date.now() - 60_000) }).where(eq(vouchers.id, v!.id));
        const admin = await loginAs({ db: db() }, await buildUser(db(), { role: 'superadmin' }));
        const before = await stockOf(db(), deal.id);

        const http6 = Array.from({ length: 6 }, (_, i) => [
          () => http(baseFor(i), 'POST', `/api/vouchers/${v!.id}/refund`, { sessionId: me.sessionId }).then((a) => ({ kind: 'owner', ...a })),
          () => http(baseFor(i + 1), 'POST', `/api/admin/vouchers/${v!.id}/refund`, { sessionId: admin.sessionId, body: {} }).then((a) => ({ kind: 'admin', ...a })),
        ]).flat();
        const sweeps = Array.from({ length: INSTANCES }, (_, i) => () =>
          runExpirySweep({ db: databases[i % databases.length]!.db, payments: providers[i]!, logger: apps[i]!.log }).then((r) => ({
            kind: 'sweep',
            status: r.refunded === 1 ? 200 : 409,
            body: r,
          })),
        );
        const answers = await together([...http6, ...sweeps]);
        expect(answers.filter((a) => a.status === 200), JSON.stringify(answers.map((a) => [a.kind, a.status]))).toHaveLength(1);
        expect(answers.filter((a) => a.status !== 200 && a.status !== 409)).toEqual([]);
        expect(await standingRefunds(v!.id)).toEqual([expect.objectContaining({ status: 'succeeded' })]);
        expect(refundPostsFor(v!.id)).toHaveLength(1);
        expect(await ledgerRefundRows(v!.id)).toHaveLength(1);
        expect(await stockOf(db(), deal.id)).toEqual({ ...before, unitsTaken: before.unitsTaken - 1 });
      }
    });
  });

  describe('the ledger', () => {
    it('matches the orders and the refunds after a race, and no row of it was ever changed', async () => {
      const bought = [];
      for (let i = 0; i < 5; i++) bought.push(await paid(3, { priceCents: 1000 + i * 250 }));
      const snapshot = await db().select().from(ledgerEntries).orderBy(ledgerEntries.seq);
      expect(snapshot.filter((e) => e.kind === 'payment')).toHaveLength(5);

      // Two vouchers of each order refunded, each asked for several times across instances; and a sweep meanwhile.
      const calls = bought.flatMap(({ me, vouchers: vs }) =>
        vs.slice(0, 2).flatMap((v) => Array.from({ length: 4 }, (_, i) => () => http(baseFor(i), 'POST', `/api/vouchers/${v.id}/refund`, { sessionId: me.sessionId }))),
      );
      const sweep = () => runExpirySweep({ db: db(), payments: providers[0]!, logger: apps[0]!.log }).then((r) => ({ status: 0, body: r }));
      const answers = await together([...calls, sweep]);
      expect(statusCounts(answers.slice(0, calls.length))).toEqual({ 200: 10, 409: calls.length - 10 });

      const sums = async () => {
        const [row] = await db()
          .select({
            payments: sql<number>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.kind} = 'payment'), 0)::int`,
            refunds: sql<number>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.kind} = 'refund'), 0)::int`,
          })
          .from(ledgerEntries);
        return row!;
      };
      const [fulfilled] = await db().select({ total: sql<number>`coalesce(sum(${orders.totalCents}), 0)::int` }).from(orders).where(sql`${orders.fulfilledAt} is not null`);
      const [succeeded] = await db().select({ total: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` }).from(refunds).where(eq(refunds.status, 'succeeded'));
      const totals = await sums();
      expect(totals.payments).toBe(fulfilled!.total);
      expect(totals.refunds).toBe(-succeeded!.total);
      expect(succeeded!.total).toBe(bought.reduce((sum, b) => sum + 2 * b.order.totalCents / 3, 0));

      // Every row written before the race is still there, exactly as it was; and the ledger refuses changes.
      const after = await db().select().from(ledgerEntries).orderBy(ledgerEntries.seq);
      expect(after.slice(0, snapshot.length)).toEqual(snapshot);
      expect(after).toHaveLength(snapshot.length + 10);
      expect((await dbError(db().update(ledgerEntries).set({ amountCents: 0 }).where(eq(ledgerEntries.seq, after[0]!.seq)))).code).toBe('DM010');
      expect((await dbError(db().delete(ledgerEntries).where(eq(ledgerEntries.seq, after[0]!.seq)))).code).toBe('DM010');
    });
  });
}
