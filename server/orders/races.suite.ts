/**
 * Concurrency over real HTTP: many requests in flight at once, judged by the totals in the
 * database afterwards. Each race is also run against a deliberately non-atomic variant, served
 * by the same app on the same database with the same concurrency, to show the race is real and
 * that these tests would catch an implementation that lost it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db, Tx } from '../db/client';
import { dealStock, deals, holds, orderItems, orders, userDealUnits, vouchers } from '../db/schema';
import { notFound } from '../http/errors';
import { msg } from '../i18n';
import { refuse } from './refusals';
import { isUniqueViolation } from '../auth/auth.service';
import { requireUser } from '../http/session';
import { StripePaymentProvider } from '../integrations/payments/stripe-provider';
import { buildApp, createTestApp, testConfig, type TestApp } from '../test/app';
import { resetDatabase, testDbKind } from '../test/database';
import {
  buyableDeal,
  checkoutOk,
  customer,
  http,
  listen,
  LocalStripe,
  orderOf,
  signedPaidEvent,
  signedStripeEvent,
  statusCounts,
  stockOf,
  stripeEvent,
  testProviderFor,
  userUnitsOf,
  type Shopper,
} from '../test/purchase-helpers';
import { generateVoucherCode, generateVoucherPin } from './voucher-codes';

const STRIPE_SECRET = 'whsec_race';
const provider = testProviderFor(testConfig());
const stripe = new LocalStripe();
let t: TestApp;
let base: string;
let stripeApp: FastifyInstance;
let stripeBase: string;
/** Rounds the non-atomic variants get to lose a race before the demonstration gives up. */
const ROUNDS = 5;
/** Rounds each real race is run, each on fresh rows: one lucky interleaving proves little. */
const REAL_ROUNDS = 3;

// ---------------------------------------------------------------------------------------------
// The non-atomic variants. Each does what the real service does, but decides on a value it read
// earlier instead of letting a conditional write or a row lock decide.

type Runner = <T>(work: (q: Db | Tx) => Promise<T>) => Promise<T>;

/**
 * How a variant runs its statements: `plain` sends each on its own; `transaction` wraps them in
 * one READ COMMITTED transaction, which still lets two callers read the same value first. PGlite
 * runs one transaction at a time, so the `transaction` variant can only lose on PostgreSQL.
 */
function runnerFor(db: Db, variant: string): Runner {
  return variant === 'transaction' ? (work) => db.transaction((tx) => work(tx)) : (work) => work(db);
}

const onPostgres = testDbKind() === 'postgres';

function variantsToShow(): string[] {
  return onPostgres ? ['plain', 'transaction'] : ['plain'];
}

/**
 * The races run on both engines (races.test.ts); the deliberately non-atomic variants that show
 * the races can be lost run on PostgreSQL only (races.postgres.test.ts). PGlite answers in-process,
 * so a handler whose every await is a PGlite query runs to its end before the next request is even
 * read: such a variant cannot lose there, and would prove nothing.
 */
export type RaceSuitePart = 'races' | 'demonstrations';

/** Read-then-write units: checks stock and the per-user cap on values read before writing. */
async function naiveTakeUnit(q: Db | Tx, dealId: string, userId: string): Promise<void> {
  const [deal] = await q.select().from(deals).where(eq(deals.id, dealId));
  if (!deal) throw notFound(msg('notFound.deal'));
  const [mine] = await q.select({ units: userDealUnits.units }).from(userDealUnits).where(and(eq(userDealUnits.userId, userId), eq(userDealUnits.dealId, dealId)));
  const units = mine?.units ?? 0;
  if (units + 1 > deal.maxPerUser) throw refuse('overAllowance', deal);
  // The first stock bucket with room, as read, is written back one higher: a lost update waiting to happen.
  const [bucket] = await q
    .select()
    .from(dealStock)
    .where(and(eq(dealStock.dealId, dealId), sql`(${dealStock.units} is null or ${dealStock.taken} < ${dealStock.units})`))
    .orderBy(asc(dealStock.bucket))
    .limit(1);
  if (!bucket) throw refuse('offerExhausted', deal, 0);
  await q
    .update(dealStock)
    .set({ taken: bucket.taken + 1 })
    .where(and(eq(dealStock.dealId, dealId), eq(dealStock.bucket, bucket.bucket)));
  await q
    .insert(userDealUnits)
    .values({ userId, dealId, units: units + 1 })
    .onConflictDoUpdate({ target: [userDealUnits.userId, userDealUnits.dealId], set: { units: units + 1 } });
}

/** One voucher per unit of the order, and the order marked paid: no check of its own. */
async function issueVouchers(q: Db | Tx, order: typeof orders.$inferSelect): Promise<void> {
  const items = await q.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  for (const item of items) {
    for (let unit = 0; unit < item.quantity; unit++) {
      await q.insert(vouchers).values({
        orderId: order.id,
        orderItemId: item.id,
        unitIndex: unit,
        dealId: item.dealId,
        userId: order.userId,
        code: generateVoucherCode(),
        pin: generateVoucherPin(),
        validUntil: new Date(Date.now() + 30 * 86_400_000),
      });
    }
    await q.update(holds).set({ status: 'converted' }).where(eq(holds.orderItemId, item.id));
  }
  await q.update(orders).set({ status: 'paid', paidAt: new Date(), fulfilledAt: new Date() }).where(eq(orders.id, order.id));
}

type NaiveResult = 'fulfilled' | 'already-fulfilled' | 'stopped-by-unique-key';

/**
 * A second issuance of the same units is stopped by vouchers_unit_key; it is reported rather
 * than thrown, since it means the caller had decided to issue again.
 */
async function reportingUniqueStop(work: () => Promise<'fulfilled' | 'already-fulfilled'>): Promise<NaiveResult> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) return 'stopped-by-unique-key';
    throw err;
  }
}

/** Issues vouchers when it saw none yet, without locking the order. */
function naiveFulfil(db: Db, variant: string, orderId: string): Promise<NaiveResult> {
  return reportingUniqueStop(() =>
    runnerFor(db, variant)(async (q) => {
      const [order] = await q.select().from(orders).where(eq(orders.id, orderId));
      if (!order) throw notFound();
      const [issued] = await q.select({ n: sql<number>`count(*)::int` }).from(vouchers).where(eq(vouchers.orderId, orderId));
      if (order.status === 'paid' || (issued?.n ?? 0) > 0) return 'already-fulfilled';
      await issueVouchers(q, order);
      return 'fulfilled';
    }),
  );
}

function registerNaiveRoutes(app: FastifyInstance, db: () => Db, stripeProvider?: StripePaymentProvider): void {
  // Under /api/ so the session hook resolves the caller, as for the real routes.
  app.post('/api/naive/checkout', async (request) => {
    const user = requireUser(request);
    const { dealId, variant } = request.body as { dealId: string; variant: string };
    await runnerFor(db(), variant)((q) => naiveTakeUnit(q, dealId, user.id));
    return { ok: true };
  });
  // The webhook's race is about what happens after the signature check, so the naive route skips it.
  app.post('/api/naive/fulfil', async (request) => {
    const { orderId, variant } = request.body as { orderId: string; variant: string };
    return { result: await naiveFulfil(db(), variant, orderId) };
  });
  if (stripeProvider) {
    // The real poll's steps, but the order's status is trusted from before the call to Stripe.
    app.get('/api/naive/payment-status/:sid', async (request) => {
      const { sid } = request.params as { sid: string };
      const { variant } = request.query as { variant: string };
      const order = await orderOf(db(), sid);
      let result: NaiveResult | 'not-asked' = 'not-asked';
      if (order.status === 'pending' && (await stripeProvider.getSessionState(sid)).paid) {
        result = await reportingUniqueStop(async () => {
          await runnerFor(db(), variant)((q) => issueVouchers(q, order));
          return 'fulfilled';
        });
      }
      return { status: (await orderOf(db(), sid)).status, result };
    });
  }
}

// ---------------------------------------------------------------------------------------------

/** Registers one part of the race tests in the calling test file. */
export function raceSuite(part: RaceSuitePart): void {
  // The other part's tests are not registered at all in this file.
  const omitted = (() => undefined) as unknown as typeof it;
  const real = part === 'races' ? it : omitted;
  const demo = part === 'demonstrations' ? it : omitted;

  beforeAll(async () => {
    t = await createTestApp({ deps: { payments: provider }, beforeReady: (app) => registerNaiveRoutes(app, () => t.db) });
    base = await listen(t.app);

    const apiBase = await stripe.start();
    const stripeProvider = new StripePaymentProvider({ secretKey: 'sk_test_race', webhookSecret: STRIPE_SECRET, apiBase });
    // A second server on the same database, as a Stripe deployment would run.
    stripeApp = await buildApp({
      config: testConfig({ STRIPE_SECRET_KEY: 'sk_test_race', STRIPE_WEBHOOK_SECRET: STRIPE_SECRET, STRIPE_API_BASE: apiBase }),
      database: t.database,
      payments: stripeProvider,
    });
    registerNaiveRoutes(stripeApp, () => t.db, stripeProvider);
    stripeBase = await listen(stripeApp);
  });
  afterAll(async () => {
    await stripeApp?.close();
    await t?.close();
    await stripe.stop();
  });
  beforeEach(async () => {
    await resetDatabase(t.database);
  });

  async function customers(n: number): Promise<Shopper[]> {
    return Promise.all(Array.from({ length: n }, () => customer(t)));
  }

  /**
   * Fires every request at once and waits for all the answers. The client's keep-alive pool is
   * filled first, so no request waits on a TCP handshake and they all reach the server together.
   */
  async function together<T>(server: string, requests: (() => Promise<T>)[]): Promise<T[]> {
    await Promise.all(requests.map(() => http(server, 'GET', '/api/health')));
    return Promise.all(requests.map((r) => r()));
  }

  async function voucherCount(orderId: string): Promise<number> {
    return (await t.db.select().from(vouchers).where(eq(vouchers.orderId, orderId))).length;
  }

  /**
   * How many callers of a naive fulfilment went on to issue vouchers. More than one is the lost
   * race: here the second is stopped by vouchers_unit_key, without that key it would have issued
   * a second set; either way the real race test, which wants every answer to succeed and one
   * fulfilment, would fail.
   */
  function issuersOf(answers: { status: number; body: unknown }[]): number {
    expect(statusCounts(answers), JSON.stringify(answers.find((a) => a.status !== 200)?.body)).toEqual({ 200: answers.length });
    return answers.filter((a) => ['fulfilled', 'stopped-by-unique-key'].includes((a.body as { result: string }).result)).length;
  }

  /**
   * Runs a non-atomic variant up to ROUNDS times; answers the round it first lost the race in, or
   * null if it never did. `round` sets up fresh rows, fires the requests and says whether the
   * invariant held.
   */
  async function firstLostRound(round: () => Promise<boolean>): Promise<number | null> {
    for (let i = 1; i <= ROUNDS; i++) {
      if (!(await round())) return i;
    }
    return null;
  }

  describe('race 1: a flash sale', () => {
    const INVENTORY = 10;
    const BUYERS = 40;

    real(`sells exactly ${INVENTORY} units to ${BUYERS} customers checking out at once`, async () => {
      for (let round = 1; round <= REAL_ROUNDS; round++) {
        const { deal } = await buyableDeal(t.db, { title: 'Flash Sale', inventory: INVENTORY });
        const buyers = await customers(BUYERS);
        const answers = await together(base, buyers.map((b) => () => http(base, 'POST', '/api/checkout', { sessionId: b.sessionId, body: { dealId: deal.id } })));

        expect(statusCounts(answers)).toEqual({ 200: INVENTORY, 409: BUYERS - INVENTORY });
        for (const a of answers.filter((x) => x.status === 409)) expect(a.body).toEqual({ message: '"Flash Sale" is sold out' });
        expect(await stockOf(t.db, deal.id)).toEqual({ inventory: INVENTORY, unitsTaken: INVENTORY, held: INVENTORY, vouchers: 0 });
        const held = await t.db.select({ userId: holds.userId }).from(holds).where(and(eq(holds.dealId, deal.id), eq(holds.status, 'held')));
        expect(new Set(held.map((h) => h.userId)).size).toBe(INVENTORY);
      }
    });

    demo('oversells with a read-then-write variant under the same load', async () => {
      for (const variant of variantsToShow()) {
        const lost = await firstLostRound(async () => {
          const { deal } = await buyableDeal(t.db, { inventory: INVENTORY });
          const buyers = await customers(BUYERS);
          const answers = await together(base, buyers.map((b) => () => http(base, 'POST', '/api/naive/checkout', { sessionId: b.sessionId, body: { dealId: deal.id, variant } })));
          expect(Object.keys(statusCounts(answers)).filter((k) => k !== '200' && k !== '409')).toEqual([]);
          return (statusCounts(answers)[200] ?? 0) <= INVENTORY;
        });
        expect(lost, `the ${variant} variant never oversold in ${ROUNDS} rounds`).not.toBeNull();
      }
    });
  });

  describe('race 2: one customer racing itself', () => {
    const MAX = 2;
    const TRIES = 10;

    real(`lets ${TRIES} parallel checkouts of one unit take exactly maxPerUser = ${MAX}`, async () => {
      for (let round = 1; round <= REAL_ROUNDS; round++) {
        const { deal } = await buyableDeal(t.db, { title: 'Limited', inventory: 100, maxPerUser: MAX });
        const [me] = await customers(1);
        const answers = await together(base, Array.from({ length: TRIES }, () => () => http(base, 'POST', '/api/checkout', { sessionId: me!.sessionId, body: { dealId: deal.id } })));

        expect(statusCounts(answers)).toEqual({ 200: MAX, 409: TRIES - MAX });
        for (const a of answers.filter((x) => x.status === 409)) expect(a.body).toEqual({ message: `You can buy at most ${MAX} of "Limited"` });
        expect(await userUnitsOf(t.db, me!.user.id, deal.id)).toBe(MAX);
        expect(await stockOf(t.db, deal.id)).toEqual({ inventory: 100, unitsTaken: MAX, held: MAX, vouchers: 0 });
      }
    });

    demo('exceeds maxPerUser with a read-then-write variant under the same load', async () => {
      for (const variant of variantsToShow()) {
        const lost = await firstLostRound(async () => {
          const { deal } = await buyableDeal(t.db, { inventory: 100, maxPerUser: MAX });
          const [me] = await customers(1);
          const answers = await together(base, Array.from({ length: TRIES }, () => () => http(base, 'POST', '/api/naive/checkout', { sessionId: me!.sessionId, body: { dealId: deal.id, variant } })));
          expect(Object.keys(statusCounts(answers)).filter((k) => k !== '200' && k !== '409')).toEqual([]);
          return (statusCounts(answers)[200] ?? 0) <= MAX;
        });
        expect(lost, `the ${variant} variant never exceeded the cap in ${ROUNDS} rounds`).not.toBeNull();
      }
    });
  });

  describe('race 3: duplicate webhook deliveries', () => {
    const QUANTITY = 3;
    const DELIVERIES = 20;

    async function pendingOrder() {
      const { deal } = await buyableDeal(t.db, { maxPerUser: QUANTITY, inventory: 50 });
      const [me] = await customers(1);
      const sid = await checkoutOk(t.app, me!, { items: [{ dealId: deal.id, quantity: QUANTITY }] });
      return { deal, order: await orderOf(t.db, sid) };
    }

    real(`issues exactly ${QUANTITY} vouchers when one signed event arrives ${DELIVERIES} times at once`, async () => {
      for (let round = 1; round <= REAL_ROUNDS; round++) {
        const { deal, order } = await pendingOrder();
        const event = signedPaidEvent(provider, order);
        const answers = await together(
          base,
          Array.from({ length: DELIVERIES }, () => () => http(base, 'POST', '/api/webhooks/test-provider', { body: event.body, headers: event.headers })),
        );

        expect(statusCounts(answers)).toEqual({ 200: DELIVERIES });
        const results = answers.map((a) => (a.body as { result: string }).result);
        expect(results.filter((r) => r === 'fulfilled')).toHaveLength(1);
        expect(results.every((r) => ['fulfilled', 'already-fulfilled', 'duplicate'].includes(r))).toBe(true);
        expect(await voucherCount(order.id)).toBe(QUANTITY);
        const after = await orderOf(t.db, order.providerSessionId!);
        expect(after.status).toBe('paid');
        expect(after.fulfilledAt).not.toBeNull();
        expect(await stockOf(t.db, deal.id)).toEqual({ inventory: 50, unitsTaken: QUANTITY, held: 0, vouchers: QUANTITY });
      }
    });

    demo('fulfils more than once with a check-then-issue variant under the same load', async () => {
      for (const variant of variantsToShow()) {
        const lost = await firstLostRound(async () => {
          const { order } = await pendingOrder();
          const answers = await together(base, Array.from({ length: DELIVERIES }, () => () => http(base, 'POST', '/api/naive/fulfil', { body: { orderId: order.id, variant } })));
          return issuersOf(answers) <= 1 && (await voucherCount(order.id)) === QUANTITY;
        });
        expect(lost, `the ${variant} variant never fulfilled twice in ${ROUNDS} rounds`).not.toBeNull();
      }
    });
  });

  describe('race 4: Stripe webhooks racing the success-page poll', () => {
    const QUANTITY = 2;
    const DELIVERIES = 10;
    const POLLS = 10;

    async function paidAtStripe() {
      const { deal } = await buyableDeal(t.db, { maxPerUser: QUANTITY, inventory: 50 });
      const [me] = await customers(1);
      const res = await http(stripeBase, 'POST', '/api/checkout', { sessionId: me!.sessionId, body: { items: [{ dealId: deal.id, quantity: QUANTITY }] } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const session = [...stripe.sessions.values()].find((s) => s.url === (res.body as { url: string }).url)!;
      return { deal, me: me!, session: stripe.markPaid(session.id), order: await orderOf(t.db, session.id) };
    }

    real('issues the vouchers once, whoever gets there first', async () => {
      for (let round = 1; round <= REAL_ROUNDS; round++) {
        const { deal, me, session, order } = await paidAtStripe();
        const completed = signedStripeEvent(stripeEvent('checkout.session.completed', session), STRIPE_SECRET);
        // Stripe may also send a second, differently numbered event for the same payment.
        const succeeded = signedStripeEvent(stripeEvent('checkout.session.async_payment_succeeded', session), STRIPE_SECRET);
        const webhookCalls = Array.from({ length: DELIVERIES }, (_, i) => {
          const e = i % 2 === 0 ? completed : succeeded;
          return () => http(stripeBase, 'POST', '/api/webhooks/stripe', { body: e.body, headers: e.headers });
        });
        const pollCalls = Array.from({ length: POLLS }, () => () => http(stripeBase, 'GET', `/api/payment-status/${session.id}`, { sessionId: me.sessionId }));
        // Interleaved, so neither kind has a head start.
        const calls = webhookCalls.flatMap((w, i) => [w, pollCalls[i]!]);
        const answers = await together(stripeBase, calls);

        expect(statusCounts(answers)).toEqual({ 200: DELIVERIES + POLLS });
        const hooks = answers.filter((_, i) => i % 2 === 0).map((a) => (a.body as { result: string }).result);
        const polls = answers.filter((_, i) => i % 2 === 1).map((a) => a.body as { status: string; vouchers: { voucherCode: string }[] });
        expect(hooks.filter((r) => r === 'fulfilled').length).toBeLessThanOrEqual(1);
        const codes = new Set((await t.db.select().from(vouchers).where(eq(vouchers.orderId, order.id))).map((v) => v.code));
        expect(codes.size).toBe(QUANTITY);
        for (const p of polls) {
          expect(p.status).toBe('paid');
          expect(new Set(p.vouchers.map((v) => v.voucherCode))).toEqual(codes);
        }
        expect(await stockOf(t.db, deal.id)).toEqual({ inventory: 50, unitsTaken: QUANTITY, held: 0, vouchers: QUANTITY });
      }
    });

    // This one loses on PGlite too: the poll's call to Stripe lets other requests run inside its window.
    demo('fulfils more than once with a check-then-issue variant behind the same webhook and poll load', async () => {
      for (const variant of variantsToShow()) {
        const lost = await firstLostRound(async () => {
          const { me, session, order } = await paidAtStripe();
          const hooks = Array.from({ length: DELIVERIES }, () => () => http(stripeBase, 'POST', '/api/naive/fulfil', { body: { orderId: order.id, variant } }));
          const polls = Array.from({ length: POLLS }, () => () => http(stripeBase, 'GET', `/api/naive/payment-status/${session.id}?variant=${variant}`, { sessionId: me.sessionId }));
          const answers = await together(stripeBase, hooks.flatMap((h, i) => [h, polls[i]!]));
          return issuersOf(answers) <= 1 && (await voucherCount(order.id)) === QUANTITY;
        });
        expect(lost, `the ${variant} variant never fulfilled twice in ${ROUNDS} rounds`).not.toBeNull();
      }
    });
  });
}
