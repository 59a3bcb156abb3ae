/**
 * An order's life from My Orders (order-life.ts): paying an order awaiting payment on its own checkout page,
 * cancelling it (units and a group place back at once, the provider's page closed after), a payment that meets a
 * cancelled order, a cancel raced with a payment over real HTTP, and the PIN and QR image a voucher that can no
 * longer be redeemed no longer has. Run on PGlite and, with TEST_DB=postgres, on PostgreSQL.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { paymentStatusAnswer, voucher as voucherSchema, voucherList } from '../../contract/checkout';
import { groupCheckoutAnswer } from '../../contract/groups';
import { customerOrder, customerOrderList, payOrderAnswer } from '../../contract/orders';
import { dealGroups, groupMembers, orders, refunds, testProviderRecords, vouchers } from '../db/schema';
import { StripePaymentProvider } from '../integrations/payments/stripe-provider';
import { buildApp, testConfig, useTestApp } from '../test/app';
import { call, expectStatus, messageOf } from '../test/auth-helpers';
import {
  buy,
  buyableDeal,
  checkoutOk,
  customer,
  http,
  lapse,
  listen,
  LocalStripe,
  orderOf,
  pay,
  postTestWebhook,
  sessionIdOf,
  signedPaidEvent,
  signedStripeEvent,
  stockOf,
  stripeEvent,
  testProviderFor,
  userUnitsOf,
  cardForm,
  type Shopper,
} from '../test/purchase-helpers';
import { HOLD_GRACE_MS } from './placement';

const provider = testProviderFor(testConfig());
const t = useTestApp({ deps: { payments: provider } });

const STRIPE_SECRET = 'whsec_order_life';
const stripe = new LocalStripe();
let base: string;
let stripeApp: FastifyInstance;

beforeAll(async () => {
  base = await listen(t.app);
  const apiBase = await stripe.start();
  // A second server on the same database, paying through Stripe (the local stand-in), as a Stripe deployment would.
  stripeApp = await buildApp({
    config: testConfig({ STRIPE_SECRET_KEY: 'sk_test_order_life', STRIPE_WEBHOOK_SECRET: STRIPE_SECRET, STRIPE_API_BASE: apiBase }),
    database: t.database,
    payments: new StripePaymentProvider({ secretKey: 'sk_test_order_life', webhookSecret: STRIPE_SECRET, apiBase }),
  });
  await stripeApp.ready();
});

afterAll(async () => {
  await stripeApp?.close();
  await stripe.stop();
});

beforeEach(() => {
  provider.expiredSessions.length = 0;
  stripe.reset();
});

const payLink = (who: { sessionId: string }, orderId: string, app = t.app) => call(app, 'POST', `/api/user/orders/${orderId}/pay`, { sessionId: who.sessionId });
const cancel = (who: { sessionId: string }, orderId: string, app = t.app) => call(app, 'POST', `/api/user/orders/${orderId}/cancel`, { sessionId: who.sessionId });

async function myOrders(who: { sessionId: string }) {
  const res = await call(t.app, 'GET', '/api/user/orders', { sessionId: who.sessionId });
  expectStatus(res, 200);
  return customerOrderList.parse(res.body);
}

/** A checkout held and not paid: the shopper, the deal, the provider session and the order. */
async function awaiting(dealOverrides: Parameters<typeof buyableDeal>[1] = {}, quantity = 2, who?: Shopper) {
  const { deal } = await buyableDeal(t.db, { inventory: 5, maxPerUser: 5, ...dealOverrides });
  const shopper = who ?? (await customer(t));
  const sid = await checkoutOk(t.app, shopper, { items: [{ dealId: deal.id, quantity }] });
  return { shopper, deal, sid, order: await orderOf(t.db, sid) };
}

describe('My Orders shows an order awaiting payment', () => {
  it('with how long it can still be paid; a lapsed one reads expired before the sweep gets to it', async () => {
    const { shopper, order, sid } = await awaiting();
    const [listed] = await myOrders(shopper);
    expect(listed).toMatchObject({ id: order.id, status: 'pending', payUntil: new Date(order.expiresAt.getTime() - HOLD_GRACE_MS).toISOString() });
    // About 30 minutes to pay, as the checkout's page has.
    const left = Date.parse(listed!.payUntil!) - Date.now();
    expect(left).toBeGreaterThan(29 * 60_000);
    expect(left).toBeLessThanOrEqual(30 * 60_000);

    await lapse(t.db, sid);
    expect((await myOrders(shopper))[0]).toMatchObject({ id: order.id, status: 'expired', payUntil: null });
  });
});

describe('POST /api/user/orders/{id}/pay', () => {
  it('answers the order’s own checkout page while the hold lasts, and paying there works', async () => {
    const { shopper, deal, sid, order } = await awaiting();
    const checkoutsBefore = provider.checkouts.length;
    const res = await payLink(shopper, order.id);
    expectStatus(res, 200);
    const { url } = payOrderAnswer.parse(res.body);
    // The same session, never a second one: only one payment can ever be made for the order.
    expect(sessionIdOf(url)).toBe(sid);
    expect(url).toBe(`${t.config.publicOrigin}/checkout?session_id=${encodeURIComponent(sid)}`);
    expect(provider.checkouts.length).toBe(checkoutsBefore);

    expectStatus(await pay(t.app, shopper, sid), 200);
    expect(await stockOf(t.db, deal.id)).toEqual({ inventory: 5, unitsTaken: 2, held: 0, vouchers: 2 });
    // Paid: 409 from now on.
    const again = await payLink(shopper, order.id);
    expectStatus(again, 409);
    expect(messageOf(again)).toBe('This order is already paid');
  });

  it('is 409 once the page stopped taking payment, and expires the order whose hold lapsed', async () => {
    const { shopper, deal, sid, order } = await awaiting();
    // Within the hold's grace: the page is closed, the units still held.
    await t.db.update(orders).set({ expiresAt: new Date(Date.now() + HOLD_GRACE_MS / 2) }).where(eq(orders.id, order.id));
    const closed = await payLink(shopper, order.id);
    expectStatus(closed, 409);
    expect(messageOf(closed)).toBe('This checkout has expired. Please return to your cart and try again.');
    expect((await orderOf(t.db, sid)).status).toBe('pending');

    await lapse(t.db, sid);
    expectStatus(await payLink(shopper, order.id), 409);
    expect((await orderOf(t.db, sid)).status).toBe('expired');
    expect(await stockOf(t.db, deal.id)).toMatchObject({ unitsTaken: 0, held: 0 });
  });

  it('is 409 for a cancelled order and 404 for somebody else’s order or none', async () => {
    const { shopper, order } = await awaiting();
    const stranger = await customer(t);
    expectStatus(await payLink(stranger, order.id), 404);
    expect(messageOf(await payLink(stranger, order.id))).toBe('Order not found');
    expectStatus(await payLink(shopper, '00000000-0000-4000-8000-000000000000'), 404);
    expectStatus(await call(t.app, 'POST', `/api/user/orders/${order.id}/pay`, { sessionId: null }), 401);

    expectStatus(await cancel(shopper, order.id), 200);
    const res = await payLink(shopper, order.id);
    expectStatus(res, 409);
    expect(messageOf(res)).toBe('This order was cancelled');
  });

  it('answers Stripe’s own page of the session while Stripe keeps it open, and 409 once it does not', async () => {
    const { deal } = await buyableDeal(t.db, { inventory: 5 });
    const shopper = await customer(t);
    const started = await call(stripeApp, 'POST', '/api/checkout', { sessionId: shopper.sessionId, body: { dealId: deal.id } });
    expectStatus(started, 200);
    const [session] = [...stripe.sessions.values()];
    const order = await orderOf(t.db, session!.id);

    const res = await payLink(shopper, order.id, stripeApp);
    expectStatus(res, 200);
    expect(payOrderAnswer.parse(res.body).url).toBe(session!.url);
    expect(stripe.sessions.size).toBe(1);

    // Paid at Stripe, its webhook not here yet: the link catches up, fulfils the order, and refuses as paid.
    stripe.markPaid(session!.id);
    const paid = await payLink(shopper, order.id, stripeApp);
    expectStatus(paid, 409);
    expect(messageOf(paid)).toBe('This order is already paid');
    expect(await stockOf(t.db, deal.id)).toMatchObject({ unitsTaken: 1, held: 0, vouchers: 1 });
  });
});

describe('POST /api/user/orders/{id}/cancel', () => {
  it('releases the units at once, marks the order cancelled, closes the provider’s page; twice is the same answer', async () => {
    const { shopper, deal, sid, order } = await awaiting({ inventory: 3, maxPerUser: 3 }, 2);
    expect(await stockOf(t.db, deal.id)).toEqual({ inventory: 3, unitsTaken: 2, held: 2, vouchers: 0 });
    expect(await userUnitsOf(t.db, shopper.user.id, deal.id)).toBe(2);

    const res = await cancel(shopper, order.id);
    expectStatus(res, 200);
    const answer = customerOrder.parse(res.body);
    expect(answer).toMatchObject({ id: order.id, status: 'cancelled', payUntil: null, paidAt: null, vouchers: [] });
    expect(await stockOf(t.db, deal.id)).toEqual({ inventory: 3, unitsTaken: 0, held: 0, vouchers: 0 });
    expect(await userUnitsOf(t.db, shopper.user.id, deal.id)).toBe(0);
    expect(provider.expiredSessions).toEqual([sid]);

    // The units are on sale again: another customer can take all three.
    await buy(t.app, await customer(t), { items: [{ dealId: deal.id, quantity: 3 }] });

    const again = await cancel(shopper, order.id);
    expectStatus(again, 200);
    expect(again.body).toEqual(res.body);
    expect(provider.expiredSessions).toEqual([sid]);
    // The built-in provider's page takes no payment for it any more.
    const refused = await pay(t.app, shopper, sid);
    expectStatus(refused, 409);
  });

  it('frees a group place: the member lapses and the seat is open to others', async () => {
    const { deal } = await buyableDeal(t.db, { priceCents: 3000, groupSize: 2, groupPriceCents: 2000, inventory: 10 });
    const [ada, bob] = [await customer(t), await customer(t)];
    const started = await call(t.app, 'POST', '/api/groups', { sessionId: ada.sessionId, body: { dealId: deal.id } });
    expectStatus(started, 200);
    const { group, url } = groupCheckoutAnswer.parse(started.body);
    expectStatus(await pay(t.app, ada, sessionIdOf(url)), 200);
    const joined = await call(t.app, 'POST', `/api/groups/${group.id}/join`, { sessionId: bob.sessionId });
    expectStatus(joined, 200);
    const bobOrder = await orderOf(t.db, sessionIdOf(groupCheckoutAnswer.parse(joined.body).url));
    const seats = async () => (await t.db.select().from(dealGroups).where(eq(dealGroups.id, group.id)))[0]!.seatsTaken;
    expect(await seats()).toBe(2);

    expectStatus(await cancel(bob, bobOrder.id), 200);
    expect(await seats()).toBe(1);
    const [member] = await t.db.select().from(groupMembers).where(eq(groupMembers.orderId, bobOrder.id));
    expect(member!.status).toBe('lapsed');
    expect(await stockOf(t.db, deal.id)).toMatchObject({ held: 0, unitsTaken: 1 });
    // The place is free again: somebody else joins it.
    expectStatus(await call(t.app, 'POST', `/api/groups/${group.id}/join`, { sessionId: (await customer(t)).sessionId }), 200);
  });

  it('is 409 for a paid order and 404 for somebody else’s', async () => {
    const { shopper, sid, order } = await awaiting();
    expectStatus(await cancel(await customer(t), order.id), 404);
    expectStatus(await pay(t.app, shopper, sid), 200);
    const res = await cancel(shopper, order.id);
    expectStatus(res, 409);
    expect(messageOf(res)).toBe('This order is already paid');
    expect(provider.expiredSessions).toEqual([]);
  });

  it('answers an order that lapsed unpaid as it stands', async () => {
    const { shopper, sid, order } = await awaiting();
    await lapse(t.db, sid);
    await t.db.update(orders).set({ status: 'expired' }).where(eq(orders.id, order.id));
    const res = await cancel(shopper, order.id);
    expectStatus(res, 200);
    expect(customerOrder.parse(res.body).status).toBe('expired');
  });

  it('expires Stripe’s session after recording the cancel', async () => {
    const { deal } = await buyableDeal(t.db, { inventory: 5 });
    const shopper = await customer(t);
    expectStatus(await call(stripeApp, 'POST', '/api/checkout', { sessionId: shopper.sessionId, body: { dealId: deal.id } }), 200);
    const [session] = [...stripe.sessions.values()];
    const order = await orderOf(t.db, session!.id);

    expectStatus(await cancel(shopper, order.id, stripeApp), 200);
    expect(stripe.sessions.get(session!.id)!.status).toBe('expired');
    expect(stripe.requests.filter((r) => r.method === 'POST' && r.path === `/v1/checkout/sessions/${session!.id}/expire`)).toHaveLength(1);
    expect((await orderOf(t.db, session!.id)).status).toBe('cancelled');
    expect(await stockOf(t.db, deal.id)).toMatchObject({ unitsTaken: 0, held: 0 });
    // The page is gone, so there is nothing to pay.
    expectStatus(await payLink(shopper, order.id, stripeApp), 409);
  });

  it('still cancels when Stripe cannot close a session that was paid meanwhile; the payment is then handled as a late one', async () => {
    const { deal } = await buyableDeal(t.db, { inventory: 1 });
    const shopper = await customer(t);
    expectStatus(await call(stripeApp, 'POST', '/api/checkout', { sessionId: shopper.sessionId, body: { dealId: deal.id } }), 200);
    const [session] = [...stripe.sessions.values()];
    const order = await orderOf(t.db, session!.id);
    // Paid on Stripe's page a moment before the cancel; its webhook comes after.
    stripe.markPaid(session!.id);

    expectStatus(await cancel(shopper, order.id, stripeApp), 200);
    expect(await stockOf(t.db, deal.id)).toMatchObject({ unitsTaken: 0, held: 0 });
    // Meanwhile the one unit sells to somebody else, so the late payment cannot take it again: it is refunded whole.
    const other = await customer(t);
    expectStatus(await call(stripeApp, 'POST', '/api/checkout', { sessionId: other.sessionId, body: { dealId: deal.id } }), 200);

    const event = signedStripeEvent(stripeEvent('checkout.session.completed', stripe.sessions.get(session!.id)!), STRIPE_SECRET);
    const hook = await stripeApp.inject({ method: 'POST', url: '/api/webhooks/stripe', headers: event.headers, payload: event.body });
    expect(hook.json()).toMatchObject({ received: true, result: 'refunded' });
    expect(await stockOf(t.db, deal.id)).toMatchObject({ inventory: 1, unitsTaken: 1, held: 1, vouchers: 0 });
    expect((await orderOf(t.db, session!.id)).status).toBe('refunded');
    expect(stripe.books()).toEqual({ receivedCents: 1000, refundedCents: 1000 });
  });
});

describe('a payment that meets a cancelled order', () => {
  it('takes the units again by the checkout’s rules when they are still there: one voucher set, no oversell', async () => {
    const { shopper, deal, order } = await awaiting({ inventory: 2, maxPerUser: 2 }, 2);
    expectStatus(await cancel(shopper, order.id), 200);
    const res = await postTestWebhook(t.app, signedPaidEvent(provider, order));
    expect(res.json()).toMatchObject({ result: 'fulfilled' });
    expect((await orderOf(t.db, order.providerSessionId!)).status).toBe('paid');
    expect(await stockOf(t.db, deal.id)).toEqual({ inventory: 2, unitsTaken: 2, held: 0, vouchers: 2 });
    // Delivered again: nothing more.
    await postTestWebhook(t.app, signedPaidEvent(provider, order));
    expect(await stockOf(t.db, deal.id)).toEqual({ inventory: 2, unitsTaken: 2, held: 0, vouchers: 2 });
  });

  it('is refunded whole when the units went to somebody else meanwhile', async () => {
    const { shopper, deal, order } = await awaiting({ inventory: 2, maxPerUser: 2 }, 2);
    expectStatus(await cancel(shopper, order.id), 200);
    await buy(t.app, await customer(t), { items: [{ dealId: deal.id, quantity: 2 }] });
    const res = await postTestWebhook(t.app, signedPaidEvent(provider, order));
    expect(res.json()).toMatchObject({ result: 'refunded' });
    expect(await stockOf(t.db, deal.id)).toEqual({ inventory: 2, unitsTaken: 2, held: 0, vouchers: 2 });
    expect(await t.db.select().from(vouchers).where(eq(vouchers.orderId, order.id))).toEqual([]);
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(refund).toMatchObject({ amountCents: order.totalCents, reason: 'sold_out', status: 'succeeded' });
  });
});

describe('cancel raced with a payment', () => {
  /** Fires the requests together over real HTTP, the client's connections opened first so none waits on a handshake. */
  async function together<T>(requests: (() => Promise<T>)[]): Promise<T[]> {
    await Promise.all(requests.map(() => http(base, 'GET', '/api/health')));
    return Promise.all(requests.map((r) => r()));
  }

  it('leaves exactly one consistent outcome, never overselling the last units', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 6; round++) {
      // The deal's last unit is held by the order; another customer tries to buy it at the same moment.
      const { shopper, deal, sid, order } = await awaiting({ inventory: 1, maxPerUser: 1 }, 1);
      const rival = await customer(t);
      const [paid, cancelled, rivalCheckout] = await together([
        () => http(base, 'POST', `/api/test-provider/sessions/${encodeURIComponent(sid)}/pay`, { sessionId: shopper.sessionId, body: cardForm() }),
        () => http(base, 'POST', `/api/user/orders/${order.id}/cancel`, { sessionId: shopper.sessionId }),
        () => http(base, 'POST', '/api/checkout', { sessionId: rival.sessionId, body: { dealId: deal.id } }),
      ]);
      const final = await orderOf(t.db, sid);
      const stock = await stockOf(t.db, deal.id);
      const ours = (await t.db.select().from(vouchers).where(eq(vouchers.orderId, order.id))).length;
      const captured = await t.db.select().from(testProviderRecords).where(and(eq(testProviderRecords.sessionId, sid), eq(testProviderRecords.kind, 'payment')));
      const given = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
      // Never more than the offer, counting every hold and voucher.
      expect(stock.unitsTaken).toBeLessThanOrEqual(1);
      expect(stock.vouchers + stock.held).toBe(stock.unitsTaken);
      outcomes.add(`${final.status}:${paid!.status}/${cancelled!.status}/${rivalCheckout!.status}`);
      if (final.status === 'paid') {
        // The payment won (or came after the cancel and took the unit again): one voucher, one payment, nothing refunded.
        expect(paid!.status).toBe(200);
        expect(ours).toBe(1);
        expect(captured).toHaveLength(1);
        expect(given).toEqual([]);
        expect(rivalCheckout!.status).toBe(409);
        expect([200, 409]).toContain(cancelled!.status);
      } else if (final.status === 'cancelled') {
        // The cancel won and the pay call was refused before any money was taken.
        expect(cancelled!.status).toBe(200);
        expect(paid!.status).toBe(409);
        expect(ours).toBe(0);
        expect(captured).toEqual([]);
      } else {
        // The payment came after the cancel, and the rival had the unit by then: it is given back whole.
        expect(final.status).toBe('refunded');
        expect(cancelled!.status).toBe(200);
        expect(paid!.status).toBe(409);
        expect(ours).toBe(0);
        expect(given).toEqual([expect.objectContaining({ amountCents: final.totalCents, status: 'succeeded' })]);
        expect(rivalCheckout!.status).toBe(200);
      }
      if (rivalCheckout!.status === 200) expect(final.status).not.toBe('paid');
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });
});

describe('vouchers that can no longer be redeemed', () => {
  async function boughtVouchers(overrides: Parameters<typeof buyableDeal>[1] = {}) {
    const { deal } = await buyableDeal(t.db, { inventory: 10, maxPerUser: 5, refundAnytime: true, ...overrides });
    const shopper = await customer(t);
    const sid = await buy(t.app, shopper, { items: [{ dealId: deal.id, quantity: 3 }] });
    const list = voucherList.parse((await call(t.app, 'GET', '/api/user/vouchers', { sessionId: shopper.sessionId })).body);
    return { shopper, sid, list };
  }

  it('keep no PIN and no QR image once refunded or expired, in every answer; a redeemed one keeps its image', async () => {
    const { shopper, sid, list } = await boughtVouchers();
    const [refunded, expired, redeemed] = list as [(typeof list)[number], (typeof list)[number], (typeof list)[number]];
    for (const v of list) {
      expect(v.voucherPin).toMatch(/^\d{6}$/);
      expectStatus(await call(t.app, 'GET', v.qrCodeUrl!, { sessionId: shopper.sessionId }), 200);
    }

    expectStatus(await call(t.app, 'POST', `/api/vouchers/${refunded.id}/refund`, { sessionId: shopper.sessionId }), 200);
    await t.db.update(vouchers).set({ validUntil: new Date(Date.now() - 60_000) }).where(eq(vouchers.id, expired.id));
    await t.db.update(vouchers).set({ status: 'redeemed', redeemed: true, redeemedAt: new Date() }).where(eq(vouchers.id, redeemed.id));

    const qr = (v: { id: string }) => call(t.app, 'GET', `/api/vouchers/${v.id}/qr.svg`, { sessionId: shopper.sessionId });
    const gone = await qr(refunded);
    expectStatus(gone, 410);
    expect(messageOf(gone)).toBe('This voucher can no longer be used, so it has no QR code');
    expectStatus(await qr(expired), 410);
    // Past its date but not yet swept, and once the sweep marks it.
    await t.db.update(vouchers).set({ status: 'expired' }).where(eq(vouchers.id, expired.id));
    expectStatus(await qr(expired), 410);
    expectStatus(await qr(redeemed), 200);

    const answers = [
      voucherList.parse((await call(t.app, 'GET', '/api/user/vouchers', { sessionId: shopper.sessionId })).body),
      paymentStatusAnswer.parse((await call(t.app, 'GET', `/api/payment-status/${encodeURIComponent(sid)}`, { sessionId: shopper.sessionId })).body).vouchers,
      await Promise.all(list.map(async (v) => voucherSchema.parse((await call(t.app, 'GET', `/api/user/vouchers/${v.id}`, { sessionId: shopper.sessionId })).body))),
    ];
    for (const vouchersOfAnswer of answers) {
      const byId = new Map(vouchersOfAnswer.map((v) => [v.id, v]));
      expect(byId.get(refunded.id)).toMatchObject({ status: 'refunded', voucherPin: null, qrCodeUrl: null, voucherCode: refunded.voucherCode });
      expect(byId.get(expired.id)).toMatchObject({ status: 'expired', voucherPin: null, qrCodeUrl: null });
      expect(byId.get(redeemed.id)).toMatchObject({ status: 'redeemed', voucherPin: null, qrCodeUrl: `/api/vouchers/${redeemed.id}/qr.svg` });
    }
    // Nothing in the raw answers carries those PINs anywhere either.
    for (const path of ['/api/user/vouchers', `/api/payment-status/${encodeURIComponent(sid)}`, `/api/user/vouchers/${refunded.id}`, `/api/user/vouchers/${expired.id}`]) {
      const raw = JSON.stringify((await call(t.app, 'GET', path, { sessionId: shopper.sessionId })).body);
      for (const v of [refunded, expired, redeemed]) expect(raw).not.toContain(`"${v.voucherPin}"`);
    }
  });

  it('get their PIN and image back when a redemption is undone and they are active again', async () => {
    const { shopper, list } = await boughtVouchers();
    const v = list[0]!;
    await t.db.update(vouchers).set({ status: 'redeemed', redeemed: true, redeemedAt: new Date() }).where(eq(vouchers.id, v.id));
    expect(voucherSchema.parse((await call(t.app, 'GET', `/api/user/vouchers/${v.id}`, { sessionId: shopper.sessionId })).body).voucherPin).toBeNull();
    await t.db.update(vouchers).set({ status: 'active', redeemed: false, redeemedAt: null }).where(eq(vouchers.id, v.id));
    const back = voucherSchema.parse((await call(t.app, 'GET', `/api/user/vouchers/${v.id}`, { sessionId: shopper.sessionId })).body);
    expect(back).toMatchObject({ voucherPin: v.voucherPin, qrCodeUrl: v.qrCodeUrl });
  });
});
