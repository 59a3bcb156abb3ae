import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sessionAnswer } from '../../contract/auth';
import { dealAllowance, dealEndpoints, dealList, reviewSummary } from '../../contract/deals';
import { pathOf } from '../../contract/endpoint';
import { categoryList } from '../../contract/categories';
import { ledgerPage } from '../../contract/orders';
import { statementList, statementWithLines } from '../../contract/workspace';
import { DEMO_REVIEWS_PER_DEAL } from '../../contract/constants';
import { verifyPassword } from '../db/passwords';
import { sanitizeRichText } from '../content/html';
import { merchantOverview } from '../workspace/overview.service';
import { commissionOf, drawUpStatements, lastClosedWeekEnd, statementCsv } from '../settlement/statements.service';
import { DEMO_CATEGORIES, DEMO_CITY, DEMO_CUSTOMER, DEMO_MERCHANT, DEMO_MERCHANTS, DEMO_STAFF, DEMO_TIME_ZONE, FEATURED_TITLES, loadDemoData, pastOrderTimes } from './demo-data';
import { buildUser } from '../db/factories';
import { dealGroups, dealStock, deals, groupMembers, holds, ledgerEntries, merchants, orderItems, orders, redemptions, reviews, statementLines, statements, userDealUnits, users, vouchers } from '../db/schema';
import type { Database } from '../db/client';
import { buildApp, createTestApp, testConfig, type TestApp } from '../test/app';
import { createTestDatabase } from '../test/database';
import { loginAs } from '../test/auth-helpers';

const PUBLIC_DIR = fileURLToPath(new URL('../../web/public', import.meta.url));

const DAY = 86_400_000;
/** A Wednesday: the last closed week ran from Monday Nov 9 to Monday Nov 16, 2026. */
const NOW = new Date('2026-11-18T10:00:00.000Z');

let t: TestApp;
let loadedFirst: boolean;
let loadedAgain: boolean;

async function counts() {
  const count = async (table: typeof merchants | typeof deals | typeof users | typeof reviews) => {
    const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(table);
    return Number(row!.n);
  };
  return { merchants: await count(merchants), deals: await count(deals), users: await count(users), reviews: await count(reviews) };
}

let afterFirst: Awaited<ReturnType<typeof counts>>;

beforeAll(async () => {
  t = await createTestApp();
  loadedFirst = await loadDemoData(t.db, NOW);
  afterFirst = await counts();
  loadedAgain = await loadDemoData(t.db, NOW);
});
afterAll(async () => {
  await t?.close();
});

async function listAll() {
  const res = await t.app.inject({ method: 'GET', url: '/api/deals?limit=100' });
  expect(res.statusCode).toBe(200);
  return dealList.parse(res.json());
}

describe('loadDemoData', () => {
  it('loads once: a second call changes nothing and says so', async () => {
    expect(loadedFirst).toBe(true);
    expect(loadedAgain).toBe(false);
    expect(await counts()).toEqual(afterFirst);
    const demoDeals = DEMO_MERCHANTS.flatMap((m) => m.deals);
    const proposals = DEMO_MERCHANTS.flatMap((m) => m.proposals ?? []);
    expect(proposals.length).toBeGreaterThan(0);
    expect(afterFirst).toMatchObject({
      merchants: DEMO_MERCHANTS.length,
      deals: demoDeals.length + proposals.length,
      reviews: demoDeals.length * DEMO_REVIEWS_PER_DEAL,
    });
  });

  it('leads the list with the three deals of the spec, at 1.5x original prices', async () => {
    const list = await listAll();
    expect(list.slice(0, 3).map((d) => [d.title, d.priceCents, d.originalPriceCents, d.discountPercent])).toEqual([
      [FEATURED_TITLES[0], 1999, 2999, 33],
      [FEATURED_TITLES[1], 3999, 5999, 33],
      [FEATURED_TITLES[2], 5999, 8999, 33],
    ]);
    expect(list.map((d) => d.title).sort()).toEqual(DEMO_MERCHANTS.flatMap((m) => m.deals.map((d) => d.title)).sort());
    // Only the demo customer's past orders at Sakura Sushi House have sold anything, and nothing today.
    const sold: Record<string, number> = { 'Premium Sushi Platter for 2': 3, 'Omakase Lunch for 1': 2 };
    for (const d of list) {
      expect(d.originalPriceCents, d.title).toBe(Math.round(d.priceCents * 1.5));
      expect(d, d.title).toMatchObject({ status: 'published', active: true, boughtCount: sold[d.title] ?? 0, soldTodayCount: 0, soldOut: false });
    }
  });

  it(`gives every demo deal ${DEMO_REVIEWS_PER_DEAL} reviews`, async () => {
    for (const d of await listAll()) {
      const res = await t.app.inject({ method: 'GET', url: `/api/deals/${d.id}/reviews` });
      const summary = reviewSummary.parse(res.json());
      expect(summary.count, d.title).toBe(DEMO_REVIEWS_PER_DEAL);
      expect(summary.distribution.reduce((a, b) => a + b, 0)).toBe(DEMO_REVIEWS_PER_DEAL);
      expect(summary.average).toBeGreaterThanOrEqual(4);
      expect(summary.reviews).toHaveLength(3);
      // The demo reviewers never had a voucher redeemed, so none of their reviews claims a verified visit.
      expect(summary.reviews.map((r) => r.verified)).toEqual([false, false, false]);
    }
  });

  it('stores descriptions already sanitised', async () => {
    for (const d of await listAll()) {
      for (const html of [d.description, d.redemptionInstructions, d.termsConditions]) {
        expect(html.length, d.title).toBeGreaterThan(0);
        expect(sanitizeRichText(html), d.title).toBe(html);
      }
    }
  });

  it('points every deal at an image bundled with the web app', async () => {
    const missing = (await listAll())
      .map((d) => d.imageUrl)
      .filter((url) => !url.startsWith('/') || !existsSync(`${PUBLIC_DIR}${url}`));
    expect(missing).toEqual([]);
  });

  it('puts every deal in one of the five categories and every merchant in San Francisco, a few km apart', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/categories' });
    const list = categoryList.parse(res.json());
    expect(list.map((c) => [c.name, c.icon])).toEqual(DEMO_CATEGORIES.map((c) => [c.name, c.icon]));
    expect(list.map((c) => c.name)).toEqual(['Food', 'Spa & Beauty', 'Fitness', 'Activities', 'Classes']);
    const all = await listAll();
    expect(list.reduce((n, c) => n + c.dealCount, 0)).toBe(all.length);
    expect(list.every((c) => c.dealCount > 0)).toBe(true);
    const [uncategorised] = await t.db.select({ n: sql<number>`count(*)::int` }).from(deals).where(sql`${deals.categoryId} is null`);
    expect(Number(uncategorised!.n)).toBe(0);
    const places = await t.db.select({ city: merchants.city, lat: merchants.latitude, lng: merchants.longitude }).from(merchants);
    expect(places.every((p) => p.city === DEMO_CITY && p.lat !== null && Math.abs(p.lat - 37.77) < 0.05 && Math.abs(p.lng! + 122.42) < 0.05)).toBe(true);
    expect(new Set(places.map((p) => `${p.lat},${p.lng}`)).size).toBe(places.length);
    // Their clocks are the zone their place lies in (ADR 039).
    expect(new Set((await t.db.select({ zone: merchants.timeZone }).from(merchants)).map((m) => m.zone))).toEqual(new Set([DEMO_TIME_ZONE]));
    const near = await t.app.inject({ method: 'GET', url: '/api/deals?sort=nearest&lat=37.7749&lng=-122.4194&limit=100' });
    const byDistance = dealList.parse(near.json()).map((d) => d.distanceKm!);
    expect(byDistance).toHaveLength(all.length);
    expect(byDistance.every((km, i) => km > 0 && km < 6 && (i === 0 || km >= byDistance[i - 1]!))).toBe(true);
  });

  it('shows more photos on a few deals, each bundled with the web app, and orders popular by the past vouchers', async () => {
    const all = await listAll();
    const photos = all.flatMap((d) => d.galleryUrls);
    expect(all.filter((d) => d.galleryUrls.length > 0).length).toBeGreaterThanOrEqual(3);
    expect(photos.filter((url) => !existsSync(`${PUBLIC_DIR}${url}`))).toEqual([]);
    const popular = dealList.parse((await t.app.inject({ method: 'GET', url: '/api/deals?sort=popular&limit=100' })).json());
    expect(popular[0]!.soldCount).toBeGreaterThan(0);
    expect(popular.map((d) => d.soldCount)).toEqual([...popular.map((d) => d.soldCount)].sort((a, b) => b - a));
    expect(all.every((d) => d.rating > 0 && d.reviewCount === DEMO_REVIEWS_PER_DEAL && d.soldCount === d.boughtCount)).toBe(true);
  });

  it('creates the demo customer with an argon2id hash of the README password', async () => {
    const [customer] = await t.db.select().from(users).where(eq(users.phone, DEMO_CUSTOMER.phone));
    expect(customer).toMatchObject({ role: 'customer', phoneVerified: true, merchantId: null });
    expect(customer!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(customer!.passwordHash!, DEMO_CUSTOMER.password)).toBe(true);
    expect(await verifyPassword(customer!.passwordHash!, `${DEMO_CUSTOMER.password}x`)).toBe(false);
  });

  it('creates the demo merchant account bound to its active merchant', async () => {
    const [account] = await t.db.select().from(users).where(eq(users.phone, DEMO_MERCHANT.phone));
    expect(account).toMatchObject({ role: 'merchant', mustChangePassword: false });
    expect(account!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(account!.passwordHash!, DEMO_MERCHANT.password)).toBe(true);
    expect(await verifyPassword(account!.passwordHash!, 'merchant-0000000000')).toBe(false);
    const [merchant] = await t.db.select().from(merchants).where(eq(merchants.id, account!.merchantId!));
    expect(merchant).toMatchObject({ status: 'active', phone: DEMO_MERCHANT.phone });
    const own = (await listAll()).filter((d) => d.merchantId === merchant!.id);
    expect(own.map((d) => d.title)).toContain(FEATURED_TITLES[0]);
  });

  it('gives the demo merchant a staff account that logs in with the README password and only redeems', async () => {
    const [staff] = await t.db.select().from(users).where(eq(users.phone, DEMO_STAFF.phone));
    const [owner] = await t.db.select().from(users).where(eq(users.phone, DEMO_MERCHANT.phone));
    expect(staff).toMatchObject({ role: 'merchant', merchantRole: 'staff', merchantId: owner!.merchantId, mustChangePassword: false, displayName: DEMO_STAFF.name });
    expect(owner).toMatchObject({ merchantRole: 'owner' });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/password-login', payload: { identifier: DEMO_STAFF.phone, password: DEMO_STAFF.password } });
    expect(login.statusCode).toBe(200);
    const { sessionId, user } = sessionAnswer.parse(login.json());
    expect(user).toMatchObject({ merchantRole: 'staff', mustChangePassword: false });
    const headers = { authorization: `Bearer ${sessionId}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/merchant/redemptions', headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/merchant/overview', headers })).statusCode).toBe(403);
  });

  it("gives the demo merchant a deal waiting for review and a rejected one with its reason, neither in the shop", async () => {
    const [owner] = await t.db.select().from(users).where(eq(users.phone, DEMO_MERCHANT.phone));
    const proposals = await t.db
      .select()
      .from(deals)
      .where(and(eq(deals.merchantId, owner!.merchantId!), inArray(deals.status, ['pending_review', 'rejected'])));
    expect(proposals.map((d) => d.status).sort()).toEqual(['pending_review', 'rejected']);
    for (const d of proposals) {
      expect(d).toMatchObject({ active: false, submittedAt: expect.any(Date) });
      expect(d.rejectionReason === null).toBe(d.status === 'pending_review');
      for (const html of [d.description, d.redemptionInstructions, d.termsConditions]) expect(sanitizeRichText(html), d.title).toBe(html);
      expect(existsSync(`${PUBLIC_DIR}${d.imageUrl}`), d.title).toBe(true);
    }
    const listed = (await listAll()).map((d) => d.id);
    for (const d of proposals) expect(listed).not.toContain(d.id);
    expect(proposals.find((d) => d.status === 'rejected')!.rejectionReason).toMatch(/\w/);
  });

  it('leaves reviewers without passwords, so nobody can sign in as them', async () => {
    const reviewerIds = (await t.db.selectDistinct({ id: reviews.userId }).from(reviews)).map((r) => r.id);
    expect(reviewerIds.length).toBeGreaterThan(0);
    for (const id of reviewerIds) {
      const [u] = await t.db.select().from(users).where(eq(users.id, id));
      expect(u).toMatchObject({ role: 'customer', passwordHash: null });
    }
  });
});

/** The demo merchant's id, its owner account and the demo customer. */
async function sakura() {
  const [owner] = await t.db.select().from(users).where(eq(users.phone, DEMO_MERCHANT.phone));
  const [buyer] = await t.db.select().from(users).where(eq(users.phone, DEMO_CUSTOMER.phone));
  return { merchantId: owner!.merchantId!, owner: owner!, buyer: buyer! };
}

async function sessionOf(phone: string, password: string) {
  const login = await t.app.inject({ method: 'POST', url: '/api/auth/password-login', payload: { identifier: phone, password } });
  expect(login.statusCode).toBe(200);
  return { authorization: `Bearer ${sessionAnswer.parse(login.json()).sessionId}` };
}

describe("the demo customer's past week at Sakura Sushi House", () => {
  const at = (iso: string) => new Date(iso);

  it('is three paid orders of five units, 8 to 13 days before now, kept as the purchase path keeps them', async () => {
    const { buyer } = await sakura();
    const paid = await t.db.select().from(orders).where(eq(orders.userId, buyer.id)).orderBy(asc(orders.paidAt));
    expect(paid.map((o) => [o.status, o.provider, o.paidAt, o.fulfilledAt, o.totalCents])).toEqual([
      ['paid', 'test', at('2026-11-05T10:00:00.000Z'), at('2026-11-05T10:00:00.000Z'), 2 * 1999],
      ['paid', 'test', at('2026-11-07T10:00:00.000Z'), at('2026-11-07T10:00:00.000Z'), 3499],
      ['paid', 'test', at('2026-11-09T10:00:00.000Z'), at('2026-11-09T10:00:00.000Z'), 1999 + 3499],
    ]);
    for (const o of paid) {
      expect(o.createdAt.getTime()).toBeLessThan(o.paidAt!.getTime());
      expect(o.providerSessionId).toMatch(/^cs_test_/);
      expect(o.paymentRef).toMatch(/^pi_test_/);
    }
    const items = await t.db.select().from(orderItems).where(inArray(orderItems.orderId, paid.map((o) => o.id)));
    const issued = await t.db.select().from(vouchers).where(eq(vouchers.userId, buyer.id));
    expect(issued).toHaveLength(5);
    for (const item of items) {
      const own = issued.filter((v) => v.orderItemId === item.id);
      expect(own.map((v) => v.unitIndex).sort()).toEqual([...Array(item.quantity).keys()]);
      const [hold] = await t.db.select().from(holds).where(eq(holds.orderItemId, item.id));
      expect(hold).toMatchObject({ status: 'converted', quantity: item.quantity, userId: buyer.id, dealId: item.dealId });
    }
    for (const v of issued) {
      const order = paid.find((o) => o.id === v.orderId)!;
      expect(v.code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
      expect(v.pin).toMatch(/^\d{6}$/);
      expect(v.createdAt).toEqual(order.paidAt);
      expect(v.validUntil.getTime()).toBe(order.paidAt!.getTime() + 30 * DAY);
    }

    // The customer's units per deal and the stock taken agree with the vouchers, within each deal's limits.
    for (const title of ['Premium Sushi Platter for 2', 'Omakase Lunch for 1']) {
      const [deal] = await t.db.select().from(deals).where(eq(deals.title, title));
      const units = issued.filter((v) => v.dealId === deal!.id).length;
      const [allowance] = await t.db.select().from(userDealUnits).where(and(eq(userDealUnits.userId, buyer.id), eq(userDealUnits.dealId, deal!.id)));
      expect(allowance!.units, title).toBe(units);
      expect(units, title).toBeLessThanOrEqual(deal!.maxPerUser);
      const [stock] = await t.db.select({ taken: sql<number>`sum(${dealStock.taken})::int` }).from(dealStock).where(eq(dealStock.dealId, deal!.id));
      // Plus the open group's paid place on the platter (loadOpenGroup).
      expect(Number(stock!.taken), title).toBe(units + (title === 'Premium Sushi Platter for 2' ? 1 : 0));
    }
  });

  it("leaves the demo customer room for every README example, and the omakase at its limit", async () => {
    const headers = await sessionOf(DEMO_CUSTOMER.phone, DEMO_CUSTOMER.password);
    const allowanceOf = async (title: string) => {
      const [deal] = await t.db.select().from(deals).where(eq(deals.title, title));
      const res = await t.app.inject({ method: 'GET', url: pathOf(dealEndpoints.allowance, { id: deal!.id }), headers });
      expect(res.statusCode, title).toBe(200);
      return dealAllowance.parse(res.json());
    };
    // The platter: Buy alone, Start a group and Join the open group, one unit each, and more besides.
    expect(await allowanceOf('Premium Sushi Platter for 2')).toMatchObject({ limit: 8, bought: 3, held: 0, remaining: 5 });
    // The spa day: Start a group, and Join the open group, which forms it.
    expect(await allowanceOf('Luxury Spa Day Package')).toMatchObject({ limit: 2, bought: 0, remaining: 2 });
    // Its open groups were started by a reviewer, so the demo customer may join them.
    const [customer] = await t.db.select().from(users).where(eq(users.phone, DEMO_CUSTOMER.phone));
    expect(await t.db.select().from(groupMembers).where(eq(groupMembers.userId, customer!.id))).toEqual([]);
    // The omakase lunch shows a customer who may buy no more.
    expect(await allowanceOf('Omakase Lunch for 1')).toMatchObject({ limit: 2, bought: 2, held: 0, remaining: 0 });
  });

  it('has four vouchers redeemed by the owner in the last closed week, logged with price and merchant, and one still valid', async () => {
    const { merchantId, owner, buyer } = await sakura();
    const issued = await t.db.select().from(vouchers).where(eq(vouchers.userId, buyer.id));
    const used = issued.filter((v) => v.status === 'redeemed');
    expect(used).toHaveLength(4);
    expect(issued.filter((v) => v.status === 'active').map((v) => v.validUntil.getTime() > NOW.getTime())).toEqual([true]);
    const log = await t.db.select().from(redemptions).where(eq(redemptions.merchantId, merchantId)).orderBy(asc(redemptions.createdAt));
    // Dinner on Tuesday, lunch on Thursday and Saturday, in San Francisco's time (PST, UTC-8).
    expect(log.map((r) => r.createdAt)).toEqual([
      at('2026-11-11T03:10:00.000Z'),
      at('2026-11-11T03:12:00.000Z'),
      at('2026-11-12T20:05:00.000Z'),
      at('2026-11-14T20:30:00.000Z'),
    ]);
    for (const r of log) {
      const v = used.find((u) => u.id === r.voucherId)!;
      const [deal] = await t.db.select().from(deals).where(eq(deals.id, v.dealId));
      expect(r).toMatchObject({ success: true, undoneAt: null, actorUserId: owner.id, voucherCode: v.code, dealId: v.dealId, priceCents: deal!.priceCents, reason: null });
      expect(v).toMatchObject({ redeemed: true, redeemedAt: r.createdAt, redeemedBy: owner.id });
    }
  });

  it("shows in the owner's figures and charts", async () => {
    const { merchantId } = await sakura();
    const overview = await merchantOverview(t.db, merchantId, NOW);
    expect(overview.today).toEqual({ redemptions: 0, unitsSold: 0, refunds: 0 });
    expect(overview.totals).toEqual({ unitsSold: 5, vouchersOutstanding: 1, refunds: 0, refundedCents: 0, redeemedCents: 2 * 1999 + 2 * 3499 });
    const figures = Object.fromEntries(overview.deals.map((d) => [d.title, [d.sold, d.redeemed, d.refunded, d.outstanding]]));
    expect(figures).toMatchObject({ 'Premium Sushi Platter for 2': [3, 2, 0, 1], 'Omakase Lunch for 1': [2, 2, 0, 0] });
    const busy = overview.days.filter((d) => d.unitsSold > 0 || d.redemptions > 0);
    expect(busy).toEqual([
      { date: '2026-11-05', unitsSold: 2, redemptions: 0 },
      { date: '2026-11-07', unitsSold: 1, redemptions: 0 },
      { date: '2026-11-09', unitsSold: 2, redemptions: 0 },
      { date: '2026-11-10', unitsSold: 0, redemptions: 2 },
      { date: '2026-11-12', unitsSold: 0, redemptions: 1 },
      { date: '2026-11-14', unitsSold: 0, redemptions: 1 },
    ]);
  });

  it('has its payments in the ledger, written by the database as each order was fulfilled', async () => {
    const { buyer } = await sakura();
    const paid = await t.db.select().from(orders).where(eq(orders.userId, buyer.id));
    const rows = await t.db.select().from(ledgerEntries).where(inArray(ledgerEntries.orderId, paid.map((o) => o.id)));
    // Each under the provider's id of the payment, as a real payment's row is.
    expect(rows.map((r) => [r.kind, r.orderId, r.amountCents, r.provider, r.providerRef]).sort()).toEqual(
      paid.map((o) => ['payment', o.id, o.totalCents, 'test', o.paymentRef]).sort(),
    );
    const admin = await loginAs(t, await buildUser(t.db, { role: 'superadmin' }));
    const page = await t.app.inject({ method: 'GET', url: '/api/admin/ledger', headers: admin.headers });
    // With the two open groups' starters' payments (the platter's and the spa day's group prices).
    expect(ledgerPage.parse(page.json()).totals).toMatchObject({ paymentsCents: 2 * 1999 + 3499 + 1999 + 3499 + 1499 + 2999, refundsCents: 0, payoutsCents: 0, entries: 5 });
  });

  it('has an open group on each deal with a group offer, its starter paid, one place taken', async () => {
    const rows = await t.db.select({ group: dealGroups, title: deals.title }).from(dealGroups).innerJoin(deals, eq(deals.id, dealGroups.dealId));
    expect(rows.map((r) => [r.title, r.group.status, r.group.size, r.group.priceCents, r.group.seatsTaken, r.group.paidCount]).sort()).toEqual([
      ['Luxury Spa Day Package', 'open', 2, 2999, 1, 1],
      ['Premium Sushi Platter for 2', 'open', 3, 1499, 1, 1],
    ]);
    for (const { group } of rows) {
      expect(group.deadline.getTime() - group.createdAt.getTime()).toBe(24 * 3_600_000);
      expect(group.deadline.getTime()).toBeGreaterThan(NOW.getTime());
      const members = await t.db.select().from(groupMembers).where(eq(groupMembers.groupId, group.id));
      expect(members.map((m) => m.status)).toEqual(['paid']);
      const [order] = await t.db.select().from(orders).where(eq(orders.id, members[0]!.orderId));
      expect(order).toMatchObject({ status: 'paid', totalCents: group.priceCents, fulfilledAt: null });
    }
  });

  it("is drawn up by the sweep into one statement for the last closed week: four redeemed lines whose totals add up", async () => {
    expect(await drawUpStatements(t.db, NOW)).toBe(1);
    expect(await drawUpStatements(t.db, NOW)).toBe(0);
    const headers = await sessionOf(DEMO_MERCHANT.phone, DEMO_MERCHANT.password);
    const listed = statementList.parse((await t.app.inject({ method: 'GET', url: '/api/merchant/statements', headers })).json());
    expect(listed).toHaveLength(1);
    const one = statementWithLines.parse((await t.app.inject({ method: 'GET', url: `/api/merchant/statements/${listed[0]!.id}`, headers })).json());
    expect(one).toMatchObject({
      merchantName: 'Sakura Sushi House',
      // The demo merchants' week: Monday to Monday in Los Angeles (ADR 039).
      periodStart: '2026-11-09T08:00:00.000Z',
      periodEnd: '2026-11-16T08:00:00.000Z',
      timeZone: 'America/Los_Angeles',
      commissionBps: 1000,
      grossCents: 10996,
      commissionCents: 1100,
      refundsCents: 0,
      netCents: 9896,
      lineCount: 4,
      paidAt: null,
    });
    expect(one.lines.map((l) => [l.kind, l.dealTitle, l.amountCents, l.commissionCents, l.netCents])).toEqual([
      ['redeemed', 'Premium Sushi Platter for 2', 1999, 200, 1799],
      ['redeemed', 'Premium Sushi Platter for 2', 1999, 200, 1799],
      ['redeemed', 'Omakase Lunch for 1', 3499, 350, 3149],
      ['redeemed', 'Omakase Lunch for 1', 3499, 350, 3149],
    ]);
    const sum = (pick: (l: (typeof one.lines)[number]) => number) => one.lines.reduce((n, l) => n + pick(l), 0);
    expect([sum((l) => l.amountCents), sum((l) => l.commissionCents), sum((l) => l.netCents)]).toEqual([one.grossCents, one.commissionCents, one.netCents]);
    for (const l of one.lines) expect(l.commissionCents).toBe(commissionOf(l.amountCents, 1000));
    expect(statementCsv(one).body.trimEnd().split('\r\n').at(-1)).toBe('Total,,,,109.96,11.00,98.96');
    // Other merchants sold nothing, so they have no statement.
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(statements)).toEqual([{ n: 1 }]);
  });
});

describe('the demo timeline', () => {
  it('puts the payments 8 to 13 days back and every redemption after its payment, inside the last closed week, whenever the demo loads', () => {
    // Every hour of two whole weeks, from a Monday's first minutes (the week before still closing) to a Sunday night.
    const from = Date.parse('2026-11-16T00:00:00.000Z');
    for (let hour = 0; hour < 14 * 24; hour++) {
      for (const minute of [0, 30, 59]) {
        const now = new Date(from + hour * 3_600_000 + minute * 60_000);
        const end = lastClosedWeekEnd(now, DEMO_TIME_ZONE).getTime();
        const start = end - 7 * DAY;
        const times = pastOrderTimes(now);
        let redeemed = 0;
        for (const order of times) {
          const ago = now.getTime() - order.paidAt.getTime();
          expect(ago).toBeGreaterThanOrEqual(8 * DAY);
          expect(ago).toBeLessThanOrEqual(13 * DAY);
          for (const when of order.lines.flatMap((l) => l.redeemedAt)) {
            if (!when) continue;
            redeemed++;
            expect(when.getTime(), now.toISOString()).toBeGreaterThan(order.paidAt.getTime());
            expect(when.getTime(), now.toISOString()).toBeGreaterThanOrEqual(start);
            expect(when.getTime(), now.toISOString()).toBeLessThan(end);
          }
        }
        expect(redeemed).toBe(4);
      }
    }
  });
});

describe('a server started on the demo data', () => {
  let database: Database;
  let app: FastifyInstance | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    await loadDemoData(database.db);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  async function start(env: Record<string, string>) {
    app = await buildApp({ config: testConfig(env), database, backgroundJobs: true });
    await app.ready();
  }
  const drawn = async () => database.db.select().from(statements);

  it('draws up no statement with EXPIRY_SWEEP=false, and the last closed week at once with the sweep on', async () => {
    await start({ EXPIRY_SWEEP: 'false' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await drawn()).toEqual([]);
    await app!.close();

    await start({});
    await vi.waitFor(async () => expect(await drawn()).toHaveLength(1), { timeout: 10_000, interval: 50 });
    const [week] = await drawn();
    expect(week!.periodEnd).toEqual(lastClosedWeekEnd(new Date(), DEMO_TIME_ZONE));
    const lines = await database.db.select().from(statementLines).where(eq(statementLines.statementId, week!.id));
    expect(lines.map((l) => l.kind)).toEqual(['redeemed', 'redeemed', 'redeemed', 'redeemed']);
  });
});
