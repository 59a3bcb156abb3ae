/**
 * The merchant's clock on its home (ADR 039): "today" and the charts' days are the merchant's, from its midnight in
 * its time zone (25 hours on the day its clocks go back), whatever the server's zone; GET /api/merchant/clock names
 * the zone to owners and staff; outside production PUT /api/dev/clock fixes the time the home counts from. The
 * server's clock is handed to the app (`deps.clock`), so the tests set "now" without faking timers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { devClockAnswer } from '../../contract/dev';
import { merchantClock, merchantOverview, type MerchantOverview } from '../../contract/workspace';
import { buildCustomer, buildDeal, buildMerchant, buildMerchantAccount } from '../db/factories';
import { redemptions, refunds, vouchers } from '../db/schema';
import { createTestApp, useTestApp, type TestApp } from '../test/app';
import { call, expectStatus, loginAs, type TestSession } from '../test/auth-helpers';
import { buildVouchers } from '../test/fixtures';

let now = new Date('2026-11-20T07:50:00Z');
const t = useTestApp({ deps: { clock: { now: () => new Date(now) } } });

const LA = 'America/Los_Angeles';
const at = (iso: string) => new Date(iso);

async function overviewOf(session: TestSession): Promise<MerchantOverview> {
  const res = await call(t.app, 'GET', '/api/merchant/overview', { sessionId: session.sessionId });
  expectStatus(res, 200);
  return merchantOverview.parse(res.body);
}

/** A merchant in `timeZone` with a deal and a signed-in owner. */
async function shop(timeZone: string) {
  const merchant = await buildMerchant(t.db, { timeZone });
  const owner = await loginAs(t, await buildMerchantAccount(t.db, merchant.id));
  const deal = await buildDeal(t.db, { merchantId: merchant.id, priceCents: 2000, maxPerUser: 10 });
  return { merchant, owner, deal };
}

/** One voucher issued `when`, and, when asked, redeemed and refunded at given times. */
async function voucherOf(dealId: string, when: Date, more: { redeemedAt?: Date; merchantId?: string; refundedAt?: Date } = {}) {
  const buyer = await buildCustomer(t.db);
  const { vouchers: [v] } = await buildVouchers(t.db, { userId: buyer.id, dealId, count: 1, createdAt: when });
  if (more.redeemedAt && more.merchantId) {
    await t.db.insert(redemptions).values({ voucherId: v!.id, merchantId: more.merchantId, voucherCode: v!.code, success: true, priceCents: 2000, createdAt: more.redeemedAt });
    await t.db.update(vouchers).set({ status: 'redeemed', redeemed: true, redeemedAt: more.redeemedAt }).where(eq(vouchers.id, v!.id));
  }
  if (more.refundedAt) {
    await t.db.update(vouchers).set({ status: 'refunded' }).where(eq(vouchers.id, v!.id));
    await t.db.insert(refunds).values({
      orderId: v!.orderId,
      voucherId: v!.id,
      userId: buyer.id,
      voucherStatusBefore: 'active',
      amountCents: 2000,
      reason: 'customer',
      status: 'succeeded',
      provider: 'test',
      providerRef: `re_${v!.id}`,
      settledAt: more.refundedAt,
    });
  }
  return v!;
}

describe("the merchant's today", () => {
  it('turns at midnight in Los Angeles, not at UTC midnight, and the charts\u2019 days with it', async () => {
    const la = await shop(LA);
    const utc = await shop('UTC');
    // Thursday, Nov 19, 23:30 in Los Angeles: already Friday in UTC.
    await voucherOf(la.deal.id, at('2026-11-20T07:30:00Z'), { redeemedAt: at('2026-11-20T07:40:00Z'), merchantId: la.merchant.id });
    await voucherOf(la.deal.id, at('2026-11-20T07:35:00Z'), { refundedAt: at('2026-11-20T07:45:00Z') });
    await voucherOf(utc.deal.id, at('2026-11-20T07:30:00Z'));
    // Wednesday evening in Los Angeles, Thursday morning in UTC.
    await voucherOf(la.deal.id, at('2026-11-19T04:00:00Z'));

    now = at('2026-11-20T07:50:00Z'); // Nov 19, 23:50 in Los Angeles
    const before = await overviewOf(la.owner);
    expect(before.timeZone).toBe(LA);
    expect(before.today).toEqual({ unitsSold: 2, redemptions: 1, refunds: 1 });
    expect(before.days.at(-1)).toEqual({ date: '2026-11-19', unitsSold: 2, redemptions: 1 });
    expect(before.days.at(-2)).toEqual({ date: '2026-11-18', unitsSold: 1, redemptions: 0 });
    // The same instants are Friday's for a merchant in UTC.
    const utcView = await overviewOf(utc.owner);
    expect(utcView.timeZone).toBe('UTC');
    expect(utcView.today.unitsSold).toBe(1);
    expect(utcView.days.at(-1)!.date).toBe('2026-11-20');

    now = at('2026-11-20T08:10:00Z'); // Nov 20, 00:10 in Los Angeles
    const after = await overviewOf(la.owner);
    expect(after.today).toEqual({ unitsSold: 0, redemptions: 0, refunds: 0 });
    expect(after.days.at(-1)).toEqual({ date: '2026-11-20', unitsSold: 0, redemptions: 0 });
    expect(after.days.at(-2)).toEqual({ date: '2026-11-19', unitsSold: 2, redemptions: 1 });
    expect(after.days.at(-3)).toEqual({ date: '2026-11-18', unitsSold: 1, redemptions: 0 });
    expect(after.totals.unitsSold).toBe(3);
  });

  it('lasts 25 hours on the day the clocks go back, and counts nothing of the day before or after', async () => {
    const la = await shop(LA);
    await voucherOf(la.deal.id, at('2026-11-01T06:30:00Z')); // Oct 31, 23:30 PDT
    await voucherOf(la.deal.id, at('2026-11-01T07:30:00Z')); // Nov 1, 00:30 PDT
    await voucherOf(la.deal.id, at('2026-11-02T07:30:00Z')); // Nov 1, 23:30 PST, 25 hours after midnight
    await voucherOf(la.deal.id, at('2026-11-02T08:30:00Z')); // Nov 2, 00:30 PST

    now = at('2026-11-02T07:59:00Z'); // Nov 1, 23:59 PST
    const overview = await overviewOf(la.owner);
    expect(overview.today.unitsSold).toBe(2);
    expect(overview.days.slice(-2)).toEqual([
      { date: '2026-10-31', unitsSold: 1, redemptions: 0 },
      { date: '2026-11-01', unitsSold: 2, redemptions: 0 },
    ]);
  });

  it('names the zone to owners and staff alike, and to merchants only', async () => {
    const la = await shop(LA);
    const staff = await loginAs(t, await buildMerchantAccount(t.db, la.merchant.id, { merchantRole: 'staff' }));
    now = at('2026-11-20T07:50:00Z');
    for (const who of [la.owner, staff]) {
      const res = await call(t.app, 'GET', '/api/merchant/clock', { sessionId: who.sessionId });
      expectStatus(res, 200);
      expect(merchantClock.parse(res.body)).toEqual({ timeZone: LA, now: '2026-11-20T07:50:00.000Z' });
    }
    // The home's figures stay the owner's.
    expectStatus(await call(t.app, 'GET', '/api/merchant/overview', { sessionId: staff.sessionId }), 403);
    const shopper = await loginAs(t, await buildCustomer(t.db));
    expectStatus(await call(t.app, 'GET', '/api/merchant/clock', { sessionId: shopper.sessionId }), 403);
    expectStatus(await call(t.app, 'GET', '/api/merchant/clock'), 401);
  });
});

describe('PUT /api/dev/clock', () => {
  let dev: TestApp;
  let prod: TestApp;
  beforeAll(async () => {
    dev = await createTestApp();
    prod = await createTestApp({ env: { NODE_ENV: 'production' } });
  });
  afterAll(async () => {
    await dev?.close();
    await prod?.close();
  });

  it("fixes the time the merchant's home counts from, and lets it run again", async () => {
    const merchant = await buildMerchant(dev.db, { timeZone: LA });
    const owner = await loginAs(dev, await buildMerchantAccount(dev.db, merchant.id));
    const set = await call(dev.app, 'PUT', '/api/dev/clock', { body: { now: '2026-11-20T08:10:00Z' } });
    expectStatus(set, 200);
    expect(devClockAnswer.parse(set.body)).toEqual({ now: '2026-11-20T08:10:00.000Z', fixed: true });
    const home = await call(dev.app, 'GET', '/api/merchant/overview', { sessionId: owner.sessionId });
    expectStatus(home, 200);
    expect(merchantOverview.parse(home.body).days.at(-1)!.date).toBe('2026-11-20');

    const free = await call(dev.app, 'PUT', '/api/dev/clock', { body: { now: null } });
    expectStatus(free, 200);
    const answer = devClockAnswer.parse(free.body);
    expect(answer.fixed).toBe(false);
    expect(Math.abs(Date.parse(answer.now) - Date.now())).toBeLessThan(60_000);
    expectStatus(await call(dev.app, 'PUT', '/api/dev/clock', { body: { now: 'tomorrow' } }), 400);
  });

  it('is not registered in production', async () => {
    expectStatus(await call(prod.app, 'PUT', '/api/dev/clock', { body: { now: '2026-11-20T08:10:00Z' } }), 404);
  });
});
