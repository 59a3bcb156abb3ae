/**
 * The merchant's home (ADR 028) against a known set of purchases, redemptions (one undone, one failed),
 * refunds and another merchant's business: every figure, the UTC days of the charts, zero-filled,
 * oldest first and today last.
 */
import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { MERCHANT_CHART_DAYS } from '../../contract/constants';
import { merchantOverview, type MerchantOverview } from '../../contract/workspace';
import { buildCustomer, buildDeal, buildMerchant, buildMerchantAccount } from '../db/factories';
import { redemptions, refunds, vouchers } from '../db/schema';
import { testConfig, useTestApp } from '../test/app';
import { call, expectStatus, loginAs, type TestSession } from '../test/auth-helpers';
import { buildVouchers } from '../test/fixtures';
import { buy, customer, formedGroupOfTwo, orderOf, testProviderFor } from '../test/purchase-helpers';

const t = useTestApp({ deps: { payments: testProviderFor(testConfig()) } });

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

async function overviewOf(session: TestSession): Promise<MerchantOverview> {
  const res = await call(t.app, 'GET', '/api/merchant/overview', { sessionId: session.sessionId });
  expectStatus(res, 200);
  return merchantOverview.parse(res.body);
}

type VoucherRow = typeof vouchers.$inferSelect;

describe('GET /api/merchant/overview', () => {
  it('shows a merchant with nothing sold yet as zeros over every day of the charts', async () => {
    const shop = await buildMerchant(t.db, { name: 'Quiet Corner' });
    const owner = await loginAs(t, await buildMerchantAccount(t.db, shop.id));
    const draft = await buildDeal(t.db, { merchantId: shop.id, title: 'First idea', status: 'draft', priceCents: 900 });
    const overview = await overviewOf(owner);
    expect(overview).toMatchObject({
      merchantName: 'Quiet Corner',
      today: { redemptions: 0, unitsSold: 0, refunds: 0 },
      totals: { unitsSold: 0, vouchersOutstanding: 0, refunds: 0, refundedCents: 0, redeemedCents: 0 },
      deals: [{ id: draft.id, title: 'First idea', status: 'draft', active: false, priceCents: 900, sold: 0, redeemed: 0, refunded: 0, outstanding: 0 }],
    });
    expect(overview.days).toHaveLength(MERCHANT_CHART_DAYS);
    expect(overview.days.every((d) => d.unitsSold === 0 && d.redemptions === 0)).toBe(true);
    expect(overview.days.at(-1)!.date).toBe(isoDay(new Date()));
  });

  it('counts sales, redemptions that stand, refunds and outstanding vouchers of its own deals only, by UTC day', async () => {
    const now = new Date();
    const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const daysAgo = (n: number) => new Date(today.getTime() - n * DAY_MS + HOUR_MS);

    const shop = await buildMerchant(t.db, { name: 'Sakura Sushi House' });
    const owner = await loginAs(t, await buildMerchantAccount(t.db, shop.id));
    const platter = await buildDeal(t.db, { merchantId: shop.id, title: 'Platter', priceCents: 2000, maxPerUser: 10, createdAt: daysAgo(50) });
    const omakase = await buildDeal(t.db, { merchantId: shop.id, title: 'Omakase', priceCents: 3000, createdAt: daysAgo(49) });
    const idea = await buildDeal(t.db, { merchantId: shop.id, title: 'New idea', status: 'pending_review', submittedAt: now, createdAt: daysAgo(1) });

    const buyer = await customer(t);
    // Platter: four bought today through checkout, two issued five days ago.
    const sid = await buy(t.app, buyer, { items: [{ dealId: platter.id, quantity: 4 }] });
    const todays = await t.db.select().from(vouchers).where(eq(vouchers.orderId, (await orderOf(t.db, sid)).id)).orderBy(vouchers.unitIndex);
    await buildVouchers(t.db, { userId: buyer.user.id, dealId: platter.id, count: 2, createdAt: daysAgo(5) });
    // Omakase: one issued 40 days ago (before the charts, its validity over), two two days ago (one of
    // them bought through checkout, to be refunded).
    await buildVouchers(t.db, { userId: buyer.user.id, dealId: omakase.id, count: 1, createdAt: daysAgo(40) });
    const { vouchers: [redeemable] } = await buildVouchers(t.db, { userId: buyer.user.id, dealId: omakase.id, count: 1, createdAt: daysAgo(2) });
    const omakaseOrder = await orderOf(t.db, await buy(t.app, buyer, { items: [{ dealId: omakase.id, quantity: 1 }] }));
    const [refundable] = await t.db.update(vouchers).set({ createdAt: daysAgo(2) }).where(eq(vouchers.orderId, omakaseOrder.id)).returning();
    const recent = [redeemable!, refundable!];

    // Another merchant's sales and redemption count for it alone.
    const other = await buildMerchant(t.db, { name: 'Other Place' });
    const otherOwner = await loginAs(t, await buildMerchantAccount(t.db, other.id));
    const elsewhere = await buildDeal(t.db, { merchantId: other.id, title: 'Elsewhere', priceCents: 700, maxPerUser: 2 });
    const elsewhereOrder = await orderOf(t.db, await buy(t.app, buyer, { items: [{ dealId: elsewhere.id, quantity: 2 }] }));
    const theirs = await t.db.select().from(vouchers).where(eq(vouchers.orderId, elsewhereOrder.id)).orderBy(vouchers.unitIndex);

    const redeem = async (session: TestSession, v: VoucherRow) =>
      expectStatus(await call(t.app, 'POST', '/api/redeem', { sessionId: session.sessionId, body: { code: v.code, pin: v.pin } }), 200);
    const [p1, p2, p3, p4] = todays as [VoucherRow, VoucherRow, VoucherRow, VoucherRow];
    await redeem(owner, p1);
    await redeem(owner, p2);
    await redeem(owner, p3);
    expectStatus(await call(t.app, 'POST', `/api/merchant/redemptions/${p3.id}/undo`, { sessionId: owner.sessionId }), 200);
    const wrongPin = p4.pin === '000000' ? '111111' : '000000';
    expectStatus(await call(t.app, 'POST', '/api/redeem', { sessionId: owner.sessionId, body: { code: p4.code, pin: wrongPin } }), 400);
    await redeem(owner, recent[0]!);
    await t.db.update(redemptions).set({ createdAt: daysAgo(1) }).where(eq(redemptions.voucherId, recent[0]!.id));
    await redeem(otherOwner, theirs[0]!);

    // Refunds: one today, one settled yesterday; a failed attempt counts for nothing.
    const refund = async (v: VoucherRow) =>
      expectStatus(await call(t.app, 'POST', `/api/vouchers/${v.id}/refund`, { sessionId: buyer.sessionId }), 200);
    await refund(p4);
    await refund(recent[1]!);
    await t.db.update(refunds).set({ settledAt: daysAgo(1) }).where(eq(refunds.voucherId, recent[1]!.id));
    await refund(theirs[1]!);
    const [succeeded] = await t.db.select().from(refunds).where(eq(refunds.voucherId, p4.id));
    await t.db.insert(refunds).values({ ...succeeded!, id: undefined, voucherId: todays[0]!.id, status: 'failed', providerRef: null, settledAt: null });
    expect(await t.db.select().from(refunds).where(inArray(refunds.voucherId, [p4.id, recent[1]!.id, theirs[1]!.id, p1.id]))).toHaveLength(4);

    const overview = await overviewOf(owner);
    expect(overview.merchantName).toBe('Sakura Sushi House');
    expect(overview.today).toEqual({ redemptions: 2, unitsSold: 4, refunds: 1 });
    expect(overview.totals).toEqual({
      unitsSold: 9,
      // p3 (undone), two of five days ago, and the one of 40 days ago (never expired by the sweep).
      vouchersOutstanding: 4,
      refunds: 2,
      refundedCents: 2000 + 3000,
      // The omakase voucher redeemed was bought at 1000 (its order line), below the deal's price.
      redeemedCents: 2000 + 2000 + 1000,
    });
    expect(overview.deals).toEqual([
      { id: idea.id, title: 'New idea', status: 'pending_review', active: false, priceCents: 1000, sold: 0, redeemed: 0, refunded: 0, outstanding: 0 },
      { id: omakase.id, title: 'Omakase', status: 'published', active: true, priceCents: 3000, sold: 3, redeemed: 1, refunded: 1, outstanding: 1 },
      { id: platter.id, title: 'Platter', status: 'published', active: true, priceCents: 2000, sold: 6, redeemed: 2, refunded: 1, outstanding: 3 },
    ]);

    expect(overview.days).toHaveLength(MERCHANT_CHART_DAYS);
    expect(overview.days[0]!.date).toBe(isoDay(new Date(today.getTime() - (MERCHANT_CHART_DAYS - 1) * DAY_MS)));
    const busy = overview.days.filter((d) => d.unitsSold > 0 || d.redemptions > 0);
    expect(busy).toEqual([
      { date: isoDay(daysAgo(5)), unitsSold: 2, redemptions: 0 },
      { date: isoDay(daysAgo(2)), unitsSold: 2, redemptions: 0 },
      { date: isoDay(daysAgo(1)), unitsSold: 0, redemptions: 1 },
      { date: isoDay(today), unitsSold: 4, redemptions: 2 },
    ]);
    expect(overview.days.map((d) => d.date)).toEqual([...overview.days.map((d) => d.date)].sort());

    const theirView = await overviewOf(otherOwner);
    expect(theirView.totals).toEqual({ unitsSold: 2, vouchersOutstanding: 0, refunds: 1, refundedCents: 700, redeemedCents: 700 });
    expect(theirView.today).toEqual({ redemptions: 1, unitsSold: 2, refunds: 1 });
    expect(theirView.deals.map((d) => d.title)).toEqual(['Elsewhere']);
  });

  it('counts a redeemed group voucher at the group price its member paid', async () => {
    const shop = await buildMerchant(t.db);
    const owner = await loginAs(t, await buildMerchantAccount(t.db, shop.id));
    const deal = await buildDeal(t.db, { merchantId: shop.id, priceCents: 1999, groupSize: 2, groupPriceCents: 1499, groupWindowHours: 24 });
    await formedGroupOfTwo(t, deal.id);
    const issued = await t.db.select().from(vouchers).where(eq(vouchers.dealId, deal.id));
    expect(issued).toHaveLength(2);
    for (const v of issued) {
      expectStatus(await call(t.app, 'POST', '/api/redeem', { sessionId: owner.sessionId, body: { code: v.code, pin: v.pin } }), 200);
    }

    const overview = await overviewOf(owner);
    expect(overview.totals).toMatchObject({ unitsSold: 2, redeemedCents: 2 * 1499 });
    expect(overview.deals).toEqual([expect.objectContaining({ id: deal.id, priceCents: 1999, sold: 2, redeemed: 2 })]);
  });

  it('is the owner’s: staff, customers and guests are refused', async () => {
    const shop = await buildMerchant(t.db);
    const staff = await loginAs(t, await buildMerchantAccount(t.db, shop.id, { merchantRole: 'staff' }));
    expectStatus(await call(t.app, 'GET', '/api/merchant/overview', { sessionId: staff.sessionId }), 403);
    expectStatus(await call(t.app, 'GET', '/api/merchant/overview', { sessionId: (await loginAs(t, await buildCustomer(t.db))).sessionId }), 403);
    expectStatus(await call(t.app, 'GET', '/api/merchant/overview'), 401);
  });
});
