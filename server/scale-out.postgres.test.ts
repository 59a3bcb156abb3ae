/**
 * Two server processes on one PostgreSQL database, with the races that matter spread across both:
 * a flash sale, a customer racing their own limit, duplicate webhook deliveries and double
 * redemption. Totals are checked in the database afterwards.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, type Database } from './db/client';
import { buildCustomer, buildDeal, buildMerchant, buildMerchantAccount } from './db/factories';
import { createSession } from './auth/sessions';
import { unitsTakenOf } from './db/stock-reads';
import { holds, orders, redemptions, vouchers } from './db/schema';
import { TestPaymentProvider, TEST_SIGNATURE_HEADER } from './integrations/payments/test-provider';
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
});
