import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { checkoutAnswer, testCheckoutSession, type CheckoutBody } from '../../contract/checkout';
import { buildMerchantAccount, buildUser } from '../db/factories';
import { deals, orderItems, orders } from '../db/schema';
import { testConfig, useTestApp } from '../test/app';
import { call, expectStatus, loginAs, messageOf } from '../test/auth-helpers';

import {
  buy,
  buyableDeal,
  checkoutOk,
  customer,
  lapse,
  orderOf,
  paymentStatusOf,
  postCheckout,
  stockOf,
  testProviderFor,
  userUnitsOf,
} from '../test/purchase-helpers';
import { checkoutLines, releaseExpiredOrders } from './orders.service';

const provider = testProviderFor(testConfig());
const t = useTestApp({ deps: { payments: provider } });

beforeEach(async () => {
  provider.checkouts.length = 0;
});

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';
const DAY = 86_400_000;

describe('checkoutLines', () => {
  it('turns {dealId} into one unit', () => {
    expect(checkoutLines({ dealId: A })).toEqual([{ dealId: A, quantity: 1 }]);
  });

  it('counts a repeated id in {dealIds} as one more unit, one line per deal in id order', () => {
    expect(checkoutLines({ dealIds: [C, A, C, B, C] })).toEqual([
      { dealId: A, quantity: 1 },
      { dealId: B, quantity: 1 },
      { dealId: C, quantity: 3 },
    ]);
  });

  it('adds up the quantities of repeated {items}', () => {
    expect(
      checkoutLines({
        items: [
          { dealId: B, quantity: 2 },
          { dealId: A, quantity: 1 },
          { dealId: B, quantity: 3 },
        ],
      }),
    ).toEqual([
      { dealId: A, quantity: 1 },
      { dealId: B, quantity: 5 },
    ]);
  });
});

describe('POST /api/checkout: who may buy', () => {
  it('asks a guest to log in (401)', async () => {
    const { deal } = await buyableDeal(t.db);
    const res = await postCheckout(t.app, null, { dealId: deal.id });
    expectStatus(res, 401);
    expect(messageOf(res)).toMatch(/log in/i);
    expect((await stockOf(t.db, deal.id)).unitsTaken).toBe(0);
  });

  it('refuses merchant and superadmin accounts (403)', async () => {
    const { deal, merchant } = await buyableDeal(t.db);
    const merchantUser = await buildMerchantAccount(t.db, merchant.id);
    const admin = await buildUser(t.db, { role: 'superadmin' });
    for (const user of [merchantUser, admin]) {
      const res = await postCheckout(t.app, await loginAs(t, user), { dealId: deal.id });
      expectStatus(res, 403);
      expect(messageOf(res)).toBe('Only customer accounts can buy deals');
    }
    expect((await stockOf(t.db, deal.id)).unitsTaken).toBe(0);
    expect(await t.db.select().from(orders)).toHaveLength(0);
  });
});

describe('POST /api/checkout: the body', () => {
  it('takes exactly one of dealId, dealIds or items (400 otherwise)', async () => {
    const me = await customer(t);
    const { deal } = await buyableDeal(t.db);
    const bad: unknown[] = [
      {},
      { dealId: deal.id, dealIds: [deal.id] },
      { dealId: deal.id, items: [{ dealId: deal.id, quantity: 1 }] },
      { dealIds: [deal.id], items: [{ dealId: deal.id, quantity: 1 }] },
    ];
    for (const body of bad) {
      const res = await postCheckout(t.app, me, body);
      expectStatus(res, 400);
      expect(messageOf(res)).toBe('Send exactly one of dealId, dealIds or items');
    }
  });

  it('refuses malformed shapes (400)', async () => {
    const me = await customer(t);
    const { deal } = await buyableDeal(t.db);
    const bad: unknown[] = [
      { dealId: 'not-a-uuid' },
      { dealIds: [] },
      { dealIds: ['nope'] },
      { items: [] },
      { items: [{ dealId: deal.id, quantity: 0 }] },
      { items: [{ dealId: deal.id, quantity: 1.5 }] },
      { items: [{ dealId: deal.id, quantity: 101 }] },
      { items: [{ dealId: deal.id }] },
      { items: Array.from({ length: 21 }, () => ({ dealId: deal.id, quantity: 1 })) },
    ];
    for (const body of bad) {
      const res = await postCheckout(t.app, me, body);
      expect(res.status, `${JSON.stringify(body)} -> ${JSON.stringify(res.body)}`).toBe(400);
      expect(messageOf(res)).toBeTruthy();
    }
    const text = await call(t.app, 'POST', '/api/checkout', { sessionId: me.sessionId, headers: { 'content-type': 'application/json' }, body: '{oops' });
    expectStatus(text, 400);
    expect((await stockOf(t.db, deal.id)).unitsTaken).toBe(0);
  });

  it('answers 404 for a deal that does not exist, and holds nothing of the other lines', async () => {
    const me = await customer(t);
    const { deal } = await buyableDeal(t.db, { inventory: 5, maxPerUser: 5 });
    const res = await postCheckout(t.app, me, { dealIds: [deal.id, '00000000-0000-4000-8000-000000000000'] });
    expectStatus(res, 404);
    expect(messageOf(res)).toBe('Deal not found');
    expect((await stockOf(t.db, deal.id)).unitsTaken).toBe(0);
    expect(await t.db.select().from(orders)).toHaveLength(0);
  });
});

describe('POST /api/checkout: only deals on sale now', () => {
  const cases: { name: string; deal?: Partial<typeof deals.$inferInsert>; merchantStatus?: 'inactive' | 'pending'; message: RegExp }[] = [
    { name: 'a draft', deal: { status: 'draft', active: false }, message: /is no longer available$/ },
    { name: 'an archived deal', deal: { status: 'archived' }, message: /is no longer available$/ },
    { name: 'an inactive deal', deal: { active: false }, message: /is currently unavailable$/ },
    { name: 'a deal of an inactive merchant', merchantStatus: 'inactive', message: /is no longer available$/ },
    { name: 'a deal of a pending merchant', merchantStatus: 'pending', message: /is no longer available$/ },
    { name: 'a deal not on sale yet', deal: { validFrom: new Date(Date.now() + DAY) }, message: /is not on sale yet$/ },
    { name: 'a deal that has ended', deal: { validUntil: new Date(Date.now() - DAY) }, message: /has ended$/ },
  ];
  for (const c of cases) {
    it(`refuses ${c.name} (409)`, async () => {
      const me = await customer(t);
      const { deal } = await buyableDeal(t.db, { title: 'Harbour Cruise', ...c.deal }, c.merchantStatus ? { status: c.merchantStatus } : {});
      const res = await postCheckout(t.app, me, { dealId: deal.id });
      expectStatus(res, 409);
      expect(messageOf(res)).toMatch(/^"Harbour Cruise" /);
      expect(messageOf(res)).toMatch(c.message);
      expect((await stockOf(t.db, deal.id)).unitsTaken).toBe(0);
    });
  }

  it('sells inside the validity window', async () => {
    const me = await customer(t);
    const { deal } = await buyableDeal(t.db, { validFrom: new Date(Date.now() - DAY), validUntil: new Date(Date.now() + DAY) });
    await checkoutOk(t.app, me, { dealId: deal.id });
  });

  it('refuses the whole cart when one line cannot be bought', async () => {
    const me = await customer(t);
    const { deal: good } = await buyableDeal(t.db);
    const { deal: paused } = await buyableDeal(t.db, { active: false });
    expectStatus(await postCheckout(t.app, me, { dealIds: [good.id, paused.id] }), 409);
    expect((await stockOf(t.db, good.id)).unitsTaken).toBe(0);
  });
});

describe('POST /api/checkout: the order', () => {
  it('answers the hosted checkout page on the public origin and records the order at database prices', async () => {
    const me = await customer(t);
    const { deal: sushi } = await buyableDeal(t.db, { title: 'Sushi', priceCents: 1999, maxPerUser: 3 });
    const { deal: spa } = await buyableDeal(t.db, { title: 'Spa', priceCents: 3999 });
    const body = { items: [{ dealId: sushi.id, quantity: 2, priceCents: 1 }, { dealId: spa.id, quantity: 1 }], priceCents: 1, totalCents: 1 };
    const res = await postCheckout(t.app, me, body);
    expectStatus(res, 200);
    const { url } = checkoutAnswer.parse(res.body);
    const parsed = new URL(url);
    expect(parsed.origin).toBe(t.config.publicOrigin);
    expect(parsed.pathname).toBe('/checkout');
    const sid = parsed.searchParams.get('session_id')!;
    expect(sid).toMatch(/^cs_test_/);

    const order = await orderOf(t.db, sid);
    expect(order).toMatchObject({ userId: me.user.id, status: 'pending', provider: 'test', totalCents: 2 * 1999 + 3999 });
    const expiresIn = order.expiresAt.getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(30 * 60_000);
    expect(expiresIn).toBeLessThan(40 * 60_000);
    const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(items.map((i) => [i.title, i.quantity, i.unitPriceCents]).sort()).toEqual([
      ['Spa', 1, 3999],
      ['Sushi', 2, 1999],
    ]);

    expect(provider.checkouts).toHaveLength(1);
    const opened = provider.checkouts[0]!;
    expect(opened.orderId).toBe(order.id);
    expect(opened.lines.map((l) => [l.title, l.quantity, l.unitPriceCents]).sort()).toEqual([
      ['Spa', 1, 3999],
      ['Sushi', 2, 1999],
    ]);
    expect(opened.successUrl).toBe(`${t.config.publicOrigin}/success?session_id={CHECKOUT_SESSION_ID}`);
    expect(opened.cancelUrl).toBe(`${t.config.publicOrigin}/cart`);

    const page = await call(t.app, 'GET', `/api/test-provider/sessions/${sid}`, { sessionId: me.sessionId });
    expectStatus(page, 200);
    expect(testCheckoutSession.parse(page.body).order.totalCents).toBe(7997);
  });

  it('merges repeated dealIds into one line', async () => {
    const me = await customer(t);
    const { deal } = await buyableDeal(t.db, { maxPerUser: 3, priceCents: 500 });
    const sid = await checkoutOk(t.app, me, { dealIds: [deal.id, deal.id, deal.id] });
    const order = await orderOf(t.db, sid);
    const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(items).toHaveLength(1);
    expect(items[0]!.quantity).toBe(3);
    expect(order.totalCents).toBe(1500);
  });
});

describe('POST /api/checkout: inventory', () => {
  it('sells what is left and no more', async () => {
    const { deal } = await buyableDeal(t.db, { title: 'Pottery Class', inventory: 3, maxPerUser: 5 });
    const first = await customer(t);
    const second = await customer(t);
    await checkoutOk(t.app, first, { items: [{ dealId: deal.id, quantity: 2 }] });

    const tooMany = await postCheckout(t.app, second, { items: [{ dealId: deal.id, quantity: 2 }] });
    expectStatus(tooMany, 409);
    expect(messageOf(tooMany)).toBe('Only 1 left of "Pottery Class"');

    await checkoutOk(t.app, second, { dealId: deal.id });
    const soldOut = await postCheckout(t.app, second, { dealId: deal.id });
    expectStatus(soldOut, 409);
    expect(messageOf(soldOut)).toBe('"Pottery Class" is sold out');
    expect(await stockOf(t.db, deal.id)).toEqual({ inventory: 3, unitsTaken: 3, held: 3, vouchers: 0 });
  });

  it('counts issued vouchers as sold', async () => {
    const { deal } = await buyableDeal(t.db, { title: 'Kayak Tour', inventory: 1 });
    await buy(t.app, await customer(t), { dealId: deal.id });
    expect(await stockOf(t.db, deal.id)).toEqual({ inventory: 1, unitsTaken: 1, held: 0, vouchers: 1 });
    const res = await postCheckout(t.app, await customer(t), { dealId: deal.id });
    expectStatus(res, 409);
    expect(messageOf(res)).toBe('"Kayak Tour" is sold out');
  });

  it('treats inventory 0 as unlimited', async () => {
    const { deal } = await buyableDeal(t.db, { inventory: 0, maxPerUser: 100 });
    await checkoutOk(t.app, await customer(t), { items: [{ dealId: deal.id, quantity: 100 }] });
    await checkoutOk(t.app, await customer(t), { items: [{ dealId: deal.id, quantity: 100 }] });
    expect((await stockOf(t.db, deal.id)).unitsTaken).toBe(200);
  });
});

describe('POST /api/checkout: maxPerUser', () => {
  it('caps one customer across orders, held and issued alike', async () => {
    const { deal } = await buyableDeal(t.db, { title: 'Wine Tasting', maxPerUser: 2 });
    const me = await customer(t);
    await buy(t.app, me, { dealId: deal.id });
    await checkoutOk(t.app, me, { dealId: deal.id });
    expect(await userUnitsOf(t.db, me.user.id, deal.id)).toBe(2);

    const third = await postCheckout(t.app, me, { dealId: deal.id });
    expectStatus(third, 409);
    expect(messageOf(third)).toBe('You can buy at most 2 of "Wine Tasting"');

    // Somebody else still may.
    await checkoutOk(t.app, await customer(t), { items: [{ dealId: deal.id, quantity: 2 }] });
  });

  it('refuses more than the cap in one order, whatever the shape', async () => {
    const { deal } = await buyableDeal(t.db, { title: 'Yoga', maxPerUser: 2 });
    const me = await customer(t);
    for (const body of [{ dealIds: [deal.id, deal.id, deal.id] }, { items: [{ dealId: deal.id, quantity: 3 }] }] satisfies CheckoutBody[]) {
      const res = await postCheckout(t.app, me, body);
      expectStatus(res, 409);
      expect(messageOf(res)).toBe('You can buy at most 2 of "Yoga"');
    }
    expect((await stockOf(t.db, deal.id)).unitsTaken).toBe(0);
    expect(await userUnitsOf(t.db, me.user.id, deal.id)).toBe(0);
  });

  it('gives the allowance back when a hold ends', async () => {
    const { deal } = await buyableDeal(t.db, { maxPerUser: 1 });
    const me = await customer(t);
    const sid = await checkoutOk(t.app, me, { dealId: deal.id });
    expectStatus(await postCheckout(t.app, me, { dealId: deal.id }), 409);
    expectStatus(await call(t.app, 'POST', `/api/test-provider/sessions/${sid}/cancel`, { sessionId: me.sessionId }), 200);
    await checkoutOk(t.app, me, { dealId: deal.id });
  });
});

describe('POST /api/checkout: pace', () => {
  it('allows a customer 30 checkouts a minute (429 after), without holding anything for the refused one', async () => {
    const { deal } = await buyableDeal(t.db, { maxPerUser: 100 });
    const me = await customer(t);
    for (let i = 0; i < 30; i++) await checkoutOk(t.app, me, { dealId: deal.id });
    const res = await postCheckout(t.app, me, { dealId: deal.id });
    expectStatus(res, 429);
    expect(messageOf(res)).toBe('Too many checkouts at once. Please wait a minute.');
    expect((await stockOf(t.db, deal.id)).unitsTaken).toBe(30);
    // Another customer has a budget of their own.
    await checkoutOk(t.app, await customer(t), { dealId: deal.id });
  });
});

describe('holds', () => {
  it('raise units_taken at checkout and lower it when the order expires', async () => {
    const { deal } = await buyableDeal(t.db, { inventory: 5, maxPerUser: 3 });
    const me = await customer(t);
    const sid = await checkoutOk(t.app, me, { items: [{ dealId: deal.id, quantity: 3 }] });
    expect(await stockOf(t.db, deal.id)).toEqual({ inventory: 5, unitsTaken: 3, held: 3, vouchers: 0 });

    expect(await releaseExpiredOrders(t.db)).toBe(0);
    await lapse(t.db, sid);
    expect(await releaseExpiredOrders(t.db)).toBe(1);
    expect(await releaseExpiredOrders(t.db)).toBe(0);
    expect(await stockOf(t.db, deal.id)).toEqual({ inventory: 5, unitsTaken: 0, held: 0, vouchers: 0 });
    expect(await userUnitsOf(t.db, me.user.id, deal.id)).toBe(0);
    expect((await orderOf(t.db, sid)).status).toBe('expired');
    expect((await paymentStatusOf(t.app, me, sid)).status).toBe('failed');
  });

  it('are released by the next checkout when their time is up', async () => {
    const { deal } = await buyableDeal(t.db, { title: 'Last Seat', inventory: 1 });
    const first = await customer(t);
    const sid = await checkoutOk(t.app, first, { dealId: deal.id });
    const second = await customer(t);
    expectStatus(await postCheckout(t.app, second, { dealId: deal.id }), 409);
    await lapse(t.db, sid);
    await checkoutOk(t.app, second, { dealId: deal.id });
    expect((await orderOf(t.db, sid)).status).toBe('expired');
    expect(await stockOf(t.db, deal.id)).toEqual({ inventory: 1, unitsTaken: 1, held: 1, vouchers: 0 });
  });

  it('are released by the payment-status poll when their time is up', async () => {
    const { deal } = await buyableDeal(t.db, { inventory: 2 });
    const me = await customer(t);
    const sid = await checkoutOk(t.app, me, { dealId: deal.id });
    expect((await paymentStatusOf(t.app, me, sid)).status).toBe('pending');
    await lapse(t.db, sid);
    expect((await paymentStatusOf(t.app, me, sid)).status).toBe('failed');
    expect(await stockOf(t.db, deal.id)).toEqual({ inventory: 2, unitsTaken: 0, held: 0, vouchers: 0 });
  });

  it('are released when the customer cancels on the checkout page, once', async () => {
    const { deal } = await buyableDeal(t.db, { inventory: 4, maxPerUser: 2 });
    const me = await customer(t);
    const sid = await checkoutOk(t.app, me, { items: [{ dealId: deal.id, quantity: 2 }] });
    expect((await stockOf(t.db, deal.id)).unitsTaken).toBe(2);

    const stranger = await customer(t);
    expectStatus(await call(t.app, 'POST', `/api/test-provider/sessions/${sid}/cancel`, { sessionId: stranger.sessionId }), 404);
    expect((await stockOf(t.db, deal.id)).unitsTaken).toBe(2);

    for (let i = 0; i < 2; i++) {
      expectStatus(await call(t.app, 'POST', `/api/test-provider/sessions/${sid}/cancel`, { sessionId: me.sessionId }), 200);
    }
    expect(await stockOf(t.db, deal.id)).toEqual({ inventory: 4, unitsTaken: 0, held: 0, vouchers: 0 });
    expect((await orderOf(t.db, sid)).status).toBe('cancelled');
    expect((await paymentStatusOf(t.app, me, sid)).status).toBe('failed');
  });

  it('become vouchers when paid, so cancelling afterwards changes nothing', async () => {
    const { deal } = await buyableDeal(t.db, { inventory: 4, maxPerUser: 2 });
    const me = await customer(t);
    const sid = await buy(t.app, me, { items: [{ dealId: deal.id, quantity: 2 }] });
    expect(await stockOf(t.db, deal.id)).toEqual({ inventory: 4, unitsTaken: 2, held: 0, vouchers: 2 });
    expectStatus(await call(t.app, 'POST', `/api/test-provider/sessions/${sid}/cancel`, { sessionId: me.sessionId }), 200);
    await lapse(t.db, sid);
    await releaseExpiredOrders(t.db);
    expect(await stockOf(t.db, deal.id)).toEqual({ inventory: 4, unitsTaken: 2, held: 0, vouchers: 2 });
    expect((await orderOf(t.db, sid)).status).toBe('paid');
  });

  it('of a multi-deal order are all released together', async () => {
    const { deal: one } = await buyableDeal(t.db, { inventory: 3 });
    const { deal: two } = await buyableDeal(t.db, { inventory: 3, maxPerUser: 2 });
    const me = await customer(t);
    const sid = await checkoutOk(t.app, me, { dealIds: [two.id, one.id, two.id] });
    expect((await stockOf(t.db, one.id)).unitsTaken).toBe(1);
    expect((await stockOf(t.db, two.id)).unitsTaken).toBe(2);
    await lapse(t.db, sid);
    await releaseExpiredOrders(t.db);
    expect((await stockOf(t.db, one.id)).unitsTaken).toBe(0);
    expect((await stockOf(t.db, two.id)).unitsTaken).toBe(0);
  });
});

describe('an order row', () => {
  it('belongs to the buyer only', async () => {
    const { deal } = await buyableDeal(t.db);
    const me = await customer(t);
    const sid = await checkoutOk(t.app, me, { dealId: deal.id });
    const stranger = await customer(t);
    expectStatus(await call(t.app, 'GET', `/api/payment-status/${sid}`, { sessionId: stranger.sessionId }), 404);
    expectStatus(await call(t.app, 'GET', `/api/payment-status/${sid}`), 401);
    expectStatus(await call(t.app, 'GET', `/api/payment-status/cs_test_unknown`, { sessionId: me.sessionId }), 404);
  });
});
