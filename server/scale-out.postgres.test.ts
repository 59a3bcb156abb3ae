/**
 * Two server processes on one PostgreSQL database, with the races that matter spread across both:
 * a flash sale, a customer racing their own limit, duplicate webhook deliveries, double redemption,
 * the last place in a group (ADR 029), a group's last payments delivered many times, and a group's last
 * payment meeting the deadline sweep.
 * Totals are checked in the database afterwards.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { pino } from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase, type Database } from './db/client';
import { buildCustomer, buildDeal, buildMerchant, buildMerchantAccount } from './db/factories';
import { createSession } from './auth/sessions';
import { unitsTakenOf } from './db/stock-reads';
import { dealGroups, groupMembers, holds, ledgerEntries, orders, redemptions, refunds, vouchers } from './db/schema';
import { TestPaymentProvider, TEST_SIGNATURE_HEADER } from './integrations/payments/test-provider';
import { failExpiredGroups } from './orders/orders.service';
import { createNamedTestDatabase, type NamedTestDatabase } from './test/database';
import { startServer, type ServerProcess } from './test/server-process';

const SERVERS = 2;
const SECRET = 'scale-out-shared-test-provider-secret';

let database: Database;
let named: NamedTestDatabase;
const servers: ServerProcess[] = [];

/** A server on the shared database; every request here comes from one address, so the write budget is off (it has its own tests). */
const startShared = () => startServer({ DATABASE_URL: named.url, WRITE_RATE_LIMIT: '0', TEST_PROVIDER_SECRET: SECRET });

/** The i-th request goes to server i mod N, so every race is spread across all of them. */
const serverFor = (i: number) => servers[i % servers.length]!.base;

async function post(i: number, url: string, sessionId: string | null, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${serverFor(i)}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(sessionId ? { authorization: `Bearer ${sessionId}` } : {}), ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
}

const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', cardholderName: 'Scale Out' };

/** The provider session a checkout's answer (or a group's) points its payment page at. */
const sessionOf = (answer: { body: Record<string, unknown> | null }) => new URL(String(answer.body!.url)).searchParams.get('session_id')!;

const payOn = (i: number, session: string, providerSession: string) => post(i, `/api/test-provider/sessions/${encodeURIComponent(providerSession)}/pay`, session, CARD);

async function customerSessions(n: number): Promise<string[]> {
  return Promise.all(Array.from({ length: n }, async () => createSession(database.db, (await buildCustomer(database.db)).id)));
}

/** A deal sold to groups of `size` at 2000 cents (3000 alone), and a group of it started on server 0 and joined by `joiners` more, in turn over both servers. */
async function groupOn(size: number, joiners: number) {
  const merchant = await buildMerchant(database.db);
  const deal = await buildDeal(database.db, { merchantId: merchant.id, inventory: 50, maxPerUser: 5, priceCents: 3000, groupSize: size, groupPriceCents: 2000 });
  const [starter, ...others] = await customerSessions(1 + joiners);
  const started = await post(0, '/api/groups', starter!, { dealId: deal.id });
  expect(started.status).toBe(200);
  const groupId = (started.body!.group as { id: string }).id;
  const places = [{ session: starter!, sid: sessionOf(started) }];
  for (const [i, session] of others.entries()) {
    const joined = await post(i + 1, `/api/groups/${groupId}/join`, session, {});
    expect(joined.status).toBe(200);
    places.push({ session, sid: sessionOf(joined) });
  }
  return { deal, groupId, places };
}

/** A group's row, its members' statuses, and its orders' vouchers, refunds and ledger rows. */
async function groupTotals(groupId: string) {
  const [group] = await database.db.select().from(dealGroups).where(eq(dealGroups.id, groupId));
  const members = await database.db.select().from(groupMembers).where(eq(groupMembers.groupId, groupId)).orderBy(groupMembers.createdAt);
  const orderIds = members.map((m) => m.orderId);
  const ledger = await database.db.select().from(ledgerEntries).where(inArray(ledgerEntries.orderId, orderIds));
  return {
    group: group!,
    members,
    orders: await database.db.select().from(orders).where(inArray(orders.id, orderIds)),
    vouchers: await database.db.select().from(vouchers).where(inArray(vouchers.orderId, orderIds)),
    refunds: await database.db.select().from(refunds).where(inArray(refunds.orderId, orderIds)),
    payments: ledger.filter((e) => e.kind === 'payment'),
    refundRows: ledger.filter((e) => e.kind === 'refund'),
    net: ledger.reduce((sum, e) => sum + e.amountCents, 0),
  };
}

beforeAll(async () => {
  named = await createNamedTestDatabase();
  database = await openDatabase({ kind: 'postgres', url: named.url, poolSize: 5 });
  await database.migrate();
  // Started one after the other: each also runs the (already applied) migrations under the advisory lock.
  for (let i = 0; i < SERVERS; i++) servers.push(await startShared());
}, 180_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await database?.close();
  await named?.drop();
}, 60_000);

describe(`${SERVERS} servers on one database`, () => {
  it('sell exactly the offer in a flash sale', async () => {
    const merchant = await buildMerchant(database.db);
    const deal = await buildDeal(database.db, { merchantId: merchant.id, inventory: 20, maxPerUser: 1 });
    const buyers = await Promise.all(Array.from({ length: 80 }, async () => createSession(database.db, (await buildCustomer(database.db)).id)));
    const results = await Promise.all(buyers.map((session, i) => post(i, '/api/checkout', session, { dealId: deal.id })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(20);
    expect(results.filter((r) => r.status === 409)).toHaveLength(60);
    expect(results.filter((r) => r.status >= 500)).toHaveLength(0);
    expect(await unitsTakenOf(database.db, deal.id)).toBe(20);
    const [held] = await database.db.select({ n: sql<number>`coalesce(sum(quantity),0)::int` }).from(holds).where(eq(holds.dealId, deal.id));
    expect(held!.n).toBe(20);
  });

  it("keep one customer within the deal's limit", async () => {
    const merchant = await buildMerchant(database.db);
    const deal = await buildDeal(database.db, { merchantId: merchant.id, inventory: 0, maxPerUser: 3 });
    const session = await createSession(database.db, (await buildCustomer(database.db)).id);
    const results = await Promise.all(Array.from({ length: 16 }, (_, i) => post(i, '/api/checkout', session, { dealId: deal.id })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status >= 500)).toHaveLength(0);
  });

  it('issue vouchers once for a webhook delivered many times to every server', async () => {
    const merchant = await buildMerchant(database.db);
    const deal = await buildDeal(database.db, { merchantId: merchant.id, inventory: 50, maxPerUser: 5 });
    const session = await createSession(database.db, (await buildCustomer(database.db)).id);
    const started = await post(0, '/api/checkout', session, { items: [{ dealId: deal.id, quantity: 3 }] });
    expect(started.status).toBe(200);
    const sessionId = new URL(String(started.body!.url)).searchParams.get('session_id')!;
    const [order] = await database.db.select().from(orders).where(eq(orders.providerSessionId, sessionId));

    const provider = new TestPaymentProvider(SECRET, 'http://unused');
    const body = JSON.stringify({ id: `evt_scale_${randomBytes(4).toString('hex')}`, type: 'checkout.session.completed', sessionId, orderId: order!.id, paymentRef: 'pi_scale' });
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) => post(i, '/api/webhooks/test-provider', null, body, { [TEST_SIGNATURE_HEADER]: provider.sign(body) })),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const issued = await database.db.select().from(vouchers).where(eq(vouchers.orderId, order!.id));
    expect(issued).toHaveLength(3);
    const [paid] = await database.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(paid!.status).toBe('paid');
  });

  it('redeem a voucher exactly once when every server is asked at once', async () => {
    const merchant = await buildMerchant(database.db);
    const merchantSession = await createSession(database.db, (await buildMerchantAccount(database.db, merchant.id)).id);
    const deal = await buildDeal(database.db, { merchantId: merchant.id, inventory: 10, maxPerUser: 1 });
    const customer = await createSession(database.db, (await buildCustomer(database.db)).id);
    const started = await post(1, '/api/checkout', customer, { dealId: deal.id });
    const sessionId = new URL(String(started.body!.url)).searchParams.get('session_id')!;
    const paid = await post(0, `/api/test-provider/sessions/${encodeURIComponent(sessionId)}/pay`, customer, {
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/40',
      cvc: '123',
      cardholderName: 'Scale Out',
    });
    expect(paid.status).toBe(200);
    const [voucher] = await database.db.select().from(vouchers).where(eq(vouchers.dealId, deal.id));

    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => post(i, '/api/redeem', merchantSession, { code: voucher!.code, pin: voucher!.pin })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(29);
    const successes = await database.db.select().from(redemptions).where(sql`${redemptions.voucherId} = ${voucher!.id} and ${redemptions.success}`);
    expect(successes).toHaveLength(1);
  });

  it('release lapsed holds once, whichever server notices', async () => {
    const merchant = await buildMerchant(database.db);
    const deal = await buildDeal(database.db, { merchantId: merchant.id, inventory: 10, maxPerUser: 2 });
    const sessions = await Promise.all(Array.from({ length: 5 }, async () => createSession(database.db, (await buildCustomer(database.db)).id)));
    for (const [i, s] of sessions.entries()) expect((await post(i, '/api/checkout', s, { items: [{ dealId: deal.id, quantity: 2 }] })).status).toBe(200);
    await database.db.update(orders).set({ expiresAt: new Date(Date.now() - 1000) }).where(sql`${orders.status} = 'pending'`);
    // Every server is prompted to sweep at once (a sold-out checkout sweeps, then tries again); then the deal has room again.
    const late = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => post(i, '/api/checkout', await createSession(database.db, (await buildCustomer(database.db)).id), { dealId: deal.id })),
    );
    expect(late.filter((r) => r.status === 200)).toHaveLength(6);
    expect(await unitsTakenOf(database.db, deal.id)).toBe(6);
  });

  it('give the last place in a group to one of 20 buyers joining across both servers, and form it once when all pay', async () => {
    const { deal, groupId, places } = await groupOn(3, 1);
    const buyers = await customerSessions(20);
    const results = await Promise.all(buyers.map((session, i) => post(i, `/api/groups/${groupId}/join`, session, {})));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    const winner = results.findIndex((r) => r.status === 200);
    places.push({ session: buyers[winner]!, sid: sessionOf(results[winner]!) });
    expect((await groupTotals(groupId)).group).toMatchObject({ status: 'open', seatsTaken: 3, paidCount: 0 });

    // Every member pays at once, spread over both servers.
    const paid = await Promise.all(places.map((p, i) => payOn(i, p.session, p.sid)));
    expect(paid.map((r) => r.status)).toEqual([200, 200, 200]);
    const totals = await groupTotals(groupId);
    expect(totals.group).toMatchObject({ status: 'formed', seatsTaken: 3, paidCount: 3 });
    expect(totals.members.map((m) => m.status)).toEqual(['paid', 'paid', 'paid']);
    expect(totals.vouchers.map((v) => v.orderId).sort()).toEqual(totals.orders.map((o) => o.id).sort());
    expect(totals.payments).toHaveLength(3);
    expect(totals.net).toBe(3 * 2000);
    expect(await unitsTakenOf(database.db, deal.id)).toBe(3);
  });

  it("form a group once when its last two members' payment events each reach both servers 12 times at once", async () => {
    const { deal, groupId, places } = await groupOn(3, 2);
    expect((await payOn(0, places[0]!.session, places[0]!.sid)).status).toBe(200);
    const provider = new TestPaymentProvider(SECRET, 'http://unused');
    const deliveries = [];
    for (const place of places.slice(1)) {
      const [order] = await database.db.select().from(orders).where(eq(orders.providerSessionId, place.sid));
      const body = JSON.stringify({ id: `evt_group_${randomBytes(4).toString('hex')}`, type: 'checkout.session.completed', sessionId: place.sid, orderId: order!.id, paymentRef: `pi_${order!.id}` });
      for (let i = 0; i < 12; i++) deliveries.push({ i, body });
    }
    const results = await Promise.all(deliveries.map(({ i, body }) => post(i, '/api/webhooks/test-provider', null, body, { [TEST_SIGNATURE_HEADER]: provider.sign(body) })));
    expect(results.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    const totals = await groupTotals(groupId);
    expect(totals.group).toMatchObject({ status: 'formed', seatsTaken: 3, paidCount: 3 });
    expect(totals.vouchers).toHaveLength(3);
    expect(new Set(totals.vouchers.map((v) => v.orderId)).size).toBe(3);
    expect(totals.payments).toHaveLength(3);
    expect(totals.refunds).toEqual([]);
    expect(totals.net).toBe(3 * 2000);
    expect(await unitsTakenOf(database.db, deal.id)).toBe(3);
  });

  it("form or fail each group whose last payment on one server meets another's sweep at the deadline, never both", async () => {
    // The sweep runs here, on a pool of its own: a third server in effect (the servers' own sweeps run once a minute).
    // Its provider keeps its books in the shared database, as the servers' own do: it is the same provider.
    const sweeper = { db: database.db, payments: new TestPaymentProvider(SECRET, 'http://unused', database.db), logger: pino({ level: 'silent' }) as unknown as FastifyBaseLogger };
    const groups = [];
    for (let g = 0; g < 6; g++) {
      const group = await groupOn(3, 2);
      for (const [i, p] of group.places.slice(0, 2).entries()) expect((await payOn(i, p.session, p.sid)).status).toBe(200);
      groups.push(group);
    }
    await Promise.all(servers.map((s) => fetch(`${s.base}/api/health`)));
    // Deadlines spread over the moment the payments and the sweeps start, so that each may come first.
    const now = Date.now();
    for (const [i, g] of groups.entries()) {
      await database.db.update(dealGroups).set({ deadline: new Date(now + [-5, 0, 5, 10, 20, 40][i]!) }).where(eq(dealGroups.id, g.groupId));
    }
    const [pays] = await Promise.all([
      Promise.all(groups.map((g) => payOn(0, g.places[2]!.session, g.places[2]!.sid))),
      failExpiredGroups(sweeper, 50),
      new Promise((resolve) => setTimeout(resolve, 5)).then(() => failExpiredGroups(sweeper, 50)),
    ]);
    // What the racing sweeps left (a payment refused at its deadline before any sweep saw the group due) the next one does.
    await failExpiredGroups(sweeper, 50);
    expect(await failExpiredGroups(sweeper, 50)).toEqual({ failed: 0, refunded: 0, refundsFailed: 0 });

    for (const [i, g] of groups.entries()) {
      const totals = await groupTotals(g.groupId);
      const why = JSON.stringify({ group: totals.group, members: totals.members.map((m) => m.status), pay: pays[i] });
      if (totals.group.status === 'formed') {
        expect(pays[i]!.status, why).toBe(200);
        expect(totals.members.map((m) => m.status), why).toEqual(['paid', 'paid', 'paid']);
        expect(totals.vouchers, why).toHaveLength(3);
        expect(totals.refunds, why).toEqual([]);
        expect(totals.net, why).toBe(3 * 2000);
      } else {
        expect(totals.group.status, why).toBe('failed');
        expect(pays[i]!.status, why).toBe(409);
        expect(totals.members.map((m) => m.status), why).toEqual(['refunded', 'refunded', 'lapsed']);
        expect(totals.vouchers, why).toEqual([]);
        // The two members' refunds, and the last payment, which came after its group closed, given back whole.
        expect(totals.refunds.map((r) => [r.reason, r.status, r.amountCents]).sort(), why).toEqual([
          ['group', 'succeeded', 2000],
          ['group', 'succeeded', 2000],
          ['group_closed', 'succeeded', 2000],
        ]);
        const late = totals.orders.find((o) => o.id === totals.members[2]!.orderId)!;
        expect(late.status, why).toBe('refunded');
        // Three payments came in, each under its payment id, and all three went back, each under the provider's refund id.
        expect(totals.payments, why).toHaveLength(3);
        expect(totals.payments.find((p) => p.orderId === late.id)!.providerRef, why).toBe(late.paymentRef);
        expect(totals.refundRows.map((e) => e.providerRef).sort(), why).toEqual(totals.refunds.map((r) => r.providerRef).sort());
        expect(totals.net, why).toBe(0);
      }
      expect(await unitsTakenOf(database.db, g.deal.id), why).toBe(totals.vouchers.length);
    }
  });
});

