import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/app';
import { call, expectStatus, loginAs, type TestSession } from '../test/auth-helpers';
import { buildVouchers } from '../test/fixtures';
import { buildCustomer, buildDeal, buildMerchant, buildMerchantAccount, buildUser } from '../db/factories';
import { orderItems, orders, pinFailures, rateLimits, redemptions, vouchers } from '../db/schema';
import { MERCHANT_FAILURE_BUDGET } from './redemption.service';

let t: TestApp;
let merchantSession: TestSession;
let otherMerchantSession: TestSession;
let customerSession: TestSession;
let adminSession: TestSession;
let dealId: string;
let customerId: string;
let otherMerchantId: string;

beforeAll(async () => {
  t = await createTestApp();
  const merchant = await buildMerchant(t.db, { name: 'Code Cafe' });
  const other = await buildMerchant(t.db, { name: 'Other Place' });
  otherMerchantId = other.id;
  merchantSession = await loginAs(t, await buildMerchantAccount(t.db, merchant.id));
  otherMerchantSession = await loginAs(t, await buildMerchantAccount(t.db, other.id));
  const customer = await buildCustomer(t.db, { email: 'buyer@example.com' });
  customerId = customer.id;
  customerSession = await loginAs(t, customer);
  adminSession = await loginAs(t, await buildUser(t.db, { role: 'superadmin' }));
  dealId = (await buildDeal(t.db, { merchantId: merchant.id, title: 'Espresso flight', priceCents: 1250 })).id;
});

afterAll(async () => {
  await t.close();
});

beforeEach(async () => {
  // Each test starts with a fresh failure budget; lockouts are per code, and codes are fresh per test.
  await t.db.delete(rateLimits);
});

/** What each voucher was bought for: less than the deal's 1250 of today, and the price the counter and the log show. */
const PAID_CENTS = 990;

async function freshVoucher() {
  const { order, item, vouchers: [v] } = await buildVouchers(t.db, { userId: customerId, dealId, count: 1 });
  await t.db.update(orderItems).set({ unitPriceCents: PAID_CENTS }).where(eq(orderItems.id, item.id));
  await t.db.update(orders).set({ totalCents: PAID_CENTS }).where(eq(orders.id, order.id));
  return v!;
}

const redeem = (session: TestSession | null, body: Record<string, unknown>) =>
  call(t.app, 'POST', '/api/redeem', { body, sessionId: session?.sessionId ?? null });

describe('POST /api/redeem', () => {
  it('redeems a voucher of the merchant once, case-insensitively, and logs it', async () => {
    const v = await freshVoucher();
    const res = await redeem(merchantSession, { code: v.code.toLowerCase(), pin: v.pin });
    expectStatus(res, 200);
    expect(res.body).toMatchObject({ ok: true, reason: null, voucher: { voucherCode: v.code, dealTitle: 'Espresso flight', priceCents: PAID_CENTS } });
    const [row] = await t.db.select().from(vouchers).where(eq(vouchers.id, v.id));
    expect(row!.redeemed).toBe(true);
    expect(row!.redeemedAt).toBeInstanceOf(Date);

    const again = await redeem(merchantSession, { code: v.code, pin: v.pin });
    expectStatus(again, 409);
    expect(again.body).toMatchObject({ ok: false, reason: expect.stringMatching(/^Voucher already redeemed on /) });

    const log = await t.db.select().from(redemptions).where(eq(redemptions.voucherId, v.id));
    expect(log.map((r) => r.success).sort()).toEqual([false, true]);
    expect(log.find((r) => r.success)!.priceCents).toBe(PAID_CENTS);
  });

  it('needs a session, and a merchant binding for anyone signed in', async () => {
    const v = await freshVoucher();
    expectStatus(await redeem(null, { code: v.code, pin: v.pin }), 401);
    for (const session of [customerSession, adminSession]) {
      const res = await redeem(session, { code: v.code, pin: v.pin });
      expectStatus(res, 403);
      expect(res.body).toMatchObject({ ok: false, reason: 'No merchantId bound to current account' });
    }
    const [row] = await t.db.select().from(vouchers).where(eq(vouchers.id, v.id));
    expect(row!.redeemed).toBe(false);
  });

  it('takes the merchant from the session and refuses a different body merchantId', async () => {
    const v = await freshVoucher();
    const other = await buildMerchant(t.db);
    const res = await redeem(merchantSession, { code: v.code, pin: v.pin, merchantId: other.id });
    expectStatus(res, 403);
    expect((res.body as { reason: string }).reason).toMatch(/does not match/);
  });

  it("refuses another merchant's voucher without revealing whether the PIN was right", async () => {
    const v = await freshVoucher();
    const right = await redeem(otherMerchantSession, { code: v.code, pin: v.pin });
    const wrong = await redeem(otherMerchantSession, { code: v.code, pin: '000000' === v.pin ? '111111' : '000000' });
    for (const res of [right, wrong]) {
      expectStatus(res, 403);
      expect(res.body).toMatchObject({ ok: false, reason: 'This voucher belongs to another merchant' });
    }
  });

  it("keeps another merchant's deal, price and buyer out of the trying merchant's log", async () => {
    const v = await freshVoucher();
    expectStatus(await redeem(otherMerchantSession, { code: v.code, pin: v.pin }), 403);
    const log = await call(t.app, 'GET', '/api/merchant/redemptions', { sessionId: otherMerchantSession.sessionId });
    expectStatus(log, 200);
    const row = (log.body as Record<string, unknown>[]).find((r) => r.voucher_code === v.code);
    expect(row).toMatchObject({ success: false, reason: 'This voucher belongs to another merchant', deal_title: null, user_email: null, price_cents: null });
    expect(JSON.stringify(log.body)).not.toContain('Espresso flight');
    expect(JSON.stringify(log.body)).not.toContain('buyer@example.com');
    // Nor is it written down: the row names no voucher or deal of the other merchant.
    const [stored] = await t.db.select().from(redemptions).where(eq(redemptions.voucherCode, v.code));
    expect(stored).toMatchObject({ voucherId: null, dealId: null, priceCents: null });
    // The owning merchant's log does not show the other merchant's attempt either.
    const own = await call(t.app, 'GET', '/api/merchant/redemptions', { sessionId: merchantSession.sessionId });
    expect((own.body as Record<string, unknown>[]).some((r) => r.voucher_code === v.code)).toBe(false);
  });

  it('shows no foreign deal for log rows written before foreign attempts were kept anonymous', async () => {
    const v = await freshVoucher();
    await t.db.insert(redemptions).values({ voucherCode: v.code, voucherId: v.id, dealId, merchantId: otherMerchantId, actorUserId: customerId, success: false, reason: 'This voucher belongs to another merchant', priceCents: 1250 });
    const log = await call(t.app, 'GET', '/api/merchant/redemptions', { sessionId: otherMerchantSession.sessionId });
    const row = (log.body as Record<string, unknown>[]).find((r) => r.voucher_code === v.code);
    expect(row).toMatchObject({ deal_title: null, user_email: null, price_cents: null, voucher_id: null });
  });

  it('refuses unknown codes, expired vouchers and malformed input', async () => {
    const unknown = await redeem(merchantSession, { code: 'ZZZZZZZZ', pin: '123456' });
    expectStatus(unknown, 404);
    expect(unknown.body).toMatchObject({ ok: false, reason: 'Voucher not found' });

    const v = await freshVoucher();
    await t.db.update(vouchers).set({ validUntil: new Date(Date.now() - 60_000) }).where(eq(vouchers.id, v.id));
    const expired = await redeem(merchantSession, { code: v.code, pin: v.pin });
    expectStatus(expired, 410);
    expect((expired.body as { reason: string }).reason).toMatch(/^Voucher expired on /);

    expectStatus(await redeem(merchantSession, { code: v.code, pin: '12ab' }), 400);
    expectStatus(await redeem(merchantSession, { code: '', pin: '123456' }), 400);
  });

  it('locks a code for 15 minutes after 5 wrong PINs, even for the right PIN', async () => {
    const v = await freshVoucher();
    const wrongPin = v.pin === '000000' ? '999999' : '000000';
    const reasons: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await redeem(merchantSession, { code: v.code, pin: wrongPin });
      expectStatus(res, 400);
      reasons.push((res.body as { reason: string }).reason);
    }
    expect(reasons[0]).toBe('Incorrect PIN (4 attempts left)');
    expect(reasons[4]).toMatch(/locked for 15 minutes/);

    const locked = await redeem(merchantSession, { code: v.code, pin: v.pin });
    expectStatus(locked, 429);
    expect((locked.body as { reason: string }).reason).toMatch(/Too many wrong PINs/);

    // Once the lock has passed, the right PIN works.
    await t.db.update(pinFailures).set({ lockedUntil: new Date(Date.now() - 1000) }).where(eq(pinFailures.voucherCode, v.code));
    expectStatus(await redeem(merchantSession, { code: v.code, pin: v.pin }), 200);
  });

  it('counts parallel wrong guesses atomically', async () => {
    const v = await freshVoucher();
    const wrongPin = v.pin === '000000' ? '999999' : '000000';
    await Promise.all(Array.from({ length: 12 }, () => redeem(merchantSession, { code: v.code, pin: wrongPin })));
    const [row] = await t.db.select().from(pinFailures).where(eq(pinFailures.voucherCode, v.code));
    expect(row!.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    expectStatus(await redeem(merchantSession, { code: v.code, pin: v.pin }), 429);
  });

  it('pauses a merchant account that fails too often across codes', async () => {
    for (let i = 0; i < MERCHANT_FAILURE_BUDGET.failures; i++) {
      expectStatus(await redeem(merchantSession, { code: `NOPE${String(i).padStart(4, '2')}`, pin: '123456' }), 404);
    }
    const v = await freshVoucher();
    const paused = await redeem(merchantSession, { code: v.code, pin: v.pin });
    expectStatus(paused, 429);
    expect((paused.body as { reason: string }).reason).toMatch(/Too many failed attempts/);
    // Another merchant is not affected.
    expectStatus(await redeem(otherMerchantSession, { code: 'NOPENOPE', pin: '123456' }), 404);
  });

  it('lets exactly one of many parallel redemptions of a voucher succeed', async () => {
    const v = await freshVoucher();
    // Real HTTP requests in flight at once (the app keeps answering inject calls; afterAll closes it).
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const results = await Promise.all(
      Array.from({ length: 25 }, () =>
        fetch(`${address}/api/redeem`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${merchantSession.sessionId}` },
          body: JSON.stringify({ code: v.code, pin: v.pin }),
        }).then((r) => r.status),
      ),
    );
    expect(results.filter((s) => s === 200)).toHaveLength(1);
    expect(results.filter((s) => s === 409)).toHaveLength(24);
    const successes = await t.db.select().from(redemptions).where(sql`${redemptions.voucherId} = ${v.id} and ${redemptions.success}`);
    expect(successes).toHaveLength(1);
  });
});

describe('the redemption log', () => {
  it('is for superadmins only, newest first, with totals and pagination', async () => {
    expectStatus(await call(t.app, 'GET', '/api/admin/redemptions'), 401);
    expectStatus(await call(t.app, 'GET', '/api/admin/redemptions', { sessionId: customerSession.sessionId }), 403);
    expectStatus(await call(t.app, 'GET', '/api/admin/redemptions', { sessionId: merchantSession.sessionId }), 403);

    const v = await freshVoucher();
    await redeem(merchantSession, { code: v.code, pin: v.pin === '000000' ? '111111' : '000000' });
    await redeem(merchantSession, { code: v.code, pin: v.pin });

    const list = await call(t.app, 'GET', '/api/admin/redemptions?limit=2', { sessionId: adminSession.sessionId });
    expectStatus(list, 200);
    const records = list.body as { voucher_code: string; success: boolean; voucher_pin: null; user_email: string | null; merchant_name: string; deal_title: string; price_cents: number }[];
    expect(records).toHaveLength(2);
    expect(records[0]).toMatchObject({ voucher_code: v.code, success: true, voucher_pin: null, user_email: 'buyer@example.com', merchant_name: 'Code Cafe', deal_title: 'Espresso flight', price_cents: PAID_CENTS });
    expect(records[1]).toMatchObject({ voucher_code: v.code, success: false });
    expect(list.headers['x-next-cursor']).toBeTruthy();

    const next = await call(t.app, 'GET', `/api/admin/redemptions?limit=2&cursor=${String(list.headers['x-next-cursor'])}`, { sessionId: adminSession.sessionId });
    expectStatus(next, 200);
    const ids = new Set([...(list.body as { id: string }[]), ...(next.body as { id: string }[])].map((r) => r.id));
    expect(ids.size).toBe((list.body as unknown[]).length + (next.body as unknown[]).length);

    const summary = await call(t.app, 'GET', '/api/admin/redemptions/summary', { sessionId: adminSession.sessionId });
    expectStatus(summary, 200);
    const [counts] = await t.db
      .select({ total: sql<number>`count(*)::int`, ok: sql<number>`count(*) filter (where success)::int`, value: sql<number>`coalesce(sum(price_cents) filter (where success),0)::int` })
      .from(redemptions);
    expect(summary.body).toEqual({ total: counts!.total, successes: counts!.ok, failures: counts!.total - counts!.ok, undone: 0, redeemedValueCents: counts!.value });
  });

  it("shows a merchant only its own attempts", async () => {
    const res = await call(t.app, 'GET', '/api/merchant/redemptions', { sessionId: otherMerchantSession.sessionId });
    expectStatus(res, 200);
    for (const r of res.body as { merchant_name: string }[]) expect(r.merchant_name).toBe('Other Place');
    expectStatus(await call(t.app, 'GET', '/api/merchant/redemptions', { sessionId: customerSession.sessionId }), 403);
  });
});

