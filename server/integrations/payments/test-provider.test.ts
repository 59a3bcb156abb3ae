/** The built-in payment provider end to end: hosted session, card form, signed webhooks, vouchers, late payments. */
import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { testCheckoutSession, testPayAnswer, voucherList, voucherQrPath, type PaymentStatusAnswer } from '../../../contract/checkout';
import { VOUCHER_VALID_DAYS } from '../../../contract/constants';
import { deals, refunds, vouchers } from '../../db/schema';
import { buildApp, testConfig, useTestApp } from '../../test/app';
import { call, expectStatus, messageOf } from '../../test/auth-helpers';
import type { CatalogItem, CheckoutRequest, RefundRequest } from './payment-provider';

import {
  buy,
  buyableDeal,
  cardForm,
  cards,
  checkoutOk,
  customer,
  lapse,
  orderOf,
  pay,
  paymentStatusOf,
  postTestWebhook,
  signedPaidEvent,
  stockOf,
  testProviderFor,
  type Shopper,
} from '../../test/purchase-helpers';
import { releaseExpiredOrders } from '../../orders/orders.service';
import { refundIdempotencyKey } from '../../orders/refunds';
import { redeemUrl } from '../../vouchers/vouchers.service';
import { TEST_PROVIDER_RECORDS, TEST_SIGNATURE_HEADER, TestPaymentProvider, type TestWebhookPayload } from './test-provider';

const provider = testProviderFor(testConfig());
const t = useTestApp({ deps: { payments: provider } });

beforeEach(async () => {
  provider.unitRefunds.length = 0;
  provider.checkouts.length = 0;
});

const DAY = 86_400_000;

function session(who: Shopper, sid: string) {
  return call(t.app, 'GET', `/api/test-provider/sessions/${sid}`, { sessionId: who.sessionId });
}

async function voucherCount(orderId: string): Promise<number> {
  return (await t.db.select().from(vouchers).where(eq(vouchers.orderId, orderId))).length;
}

describe('GET /api/test-provider/sessions/{id}', () => {
  it('shows the buyer the order, open until paid, complete after', async () => {
    const me = await customer(t);
    const { deal } = await buyableDeal(t.db, { title: 'Sushi Platter', priceCents: 1999, imageUrl: '/images/sushi.jpg', maxPerUser: 2 });
    const sid = await checkoutOk(t.app, me, { items: [{ dealId: deal.id, quantity: 2 }] });

    const open = await session(me, sid);
    expectStatus(open, 200);
    const page = testCheckoutSession.parse(open.body);
    expect(page).toMatchObject({
      id: sid,
      status: 'open',
      successUrl: `${t.config.publicOrigin}/success?session_id=${sid}`,
      cancelUrl: `${t.config.publicOrigin}/cart`,
    });
    expect(page.order).toMatchObject({ status: 'pending', totalCents: 3998 });
    expect(page.order.items).toEqual([{ dealId: deal.id, title: 'Sushi Platter', quantity: 2, unitPriceCents: 1999, imageUrl: '/images/sushi.jpg' }]);

    expectStatus(await pay(t.app, me, sid), 200);
    expect(testCheckoutSession.parse((await session(me, sid)).body).status).toBe('complete');
  });

  it('is 404 for another customer and 401 for a guest', async () => {
    const { deal } = await buyableDeal(t.db);
    const me = await customer(t);
    const sid = await checkoutOk(t.app, me, { dealId: deal.id });
    const stranger = await customer(t);
    expectStatus(await session(stranger, sid), 404);
    expectStatus(await call(t.app, 'GET', `/api/test-provider/sessions/${sid}`), 401);
    expectStatus(await pay(t.app, stranger, sid), 404);
    expect((await orderOf(t.db, sid)).status).toBe('pending');
  });

  it('reports a lapsed session as expired and gives its units back', async () => {
    const { deal } = await buyableDeal(t.db, { inventory: 1 });
    const me = await customer(t);
    const sid = await checkoutOk(t.app, me, { dealId: deal.id });
    await lapse(t.db, sid);
    const res = await session(me, sid);
    expectStatus(res, 200);
    expect(testCheckoutSession.parse(res.body).status).toBe('expired');
    expect(await stockOf(t.db, deal.id)).toMatchObject({ unitsTaken: 0, held: 0 });

    const late = await pay(t.app, me, sid);
    expectStatus(late, 409);
    expect(messageOf(late)).toBe('This checkout has expired. Please return to your cart and try again.');
    expect(await voucherCount((await orderOf(t.db, sid)).id)).toBe(0);
  });
});

describe('POST /api/test-provider/sessions/{id}/pay', () => {
  it('pays with 4242 4242 4242 4242 and sends the buyer to the success page', async () => {
    const { deal } = await buyableDeal(t.db);
    const me = await customer(t);
    const sid = await checkoutOk(t.app, me, { dealId: deal.id });
    const res = await pay(t.app, me, sid);
    expectStatus(res, 200);
    expect(testPayAnswer.parse(res.body)).toEqual({ status: 'paid', successUrl: `${t.config.publicOrigin}/success?session_id=${sid}` });
    expect((await orderOf(t.db, sid)).status).toBe('paid');
  });

  it('declines 4000 0000 0000 0002, any other card and an expired card (402), leaving the order open', async () => {
    const { deal } = await buyableDeal(t.db);
    const me = await customer(t);
    const sid = await checkoutOk(t.app, me, { dealId: deal.id });

    const declined = await pay(t.app, me, sid, cardForm({ cardNumber: cards.declined }));
    expectStatus(declined, 402);
    expect(messageOf(declined)).toBe('Your card was declined.');

    const other = await pay(t.app, me, sid, cardForm({ cardNumber: '5555 5555 5555 4444' }));
    expectStatus(other, 402);
    expect(messageOf(other)).toMatch(/4242 4242 4242 4242/);

    const lastMonth = new Date();
    lastMonth.setUTCDate(1);
    lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1);
    const lapsedExpiry = `${String(lastMonth.getUTCMonth() + 1).padStart(2, '0')}/${String(lastMonth.getUTCFullYear() % 100).padStart(2, '0')}`;
    for (const expiry of ['01/20', lapsedExpiry]) {
      const expired = await pay(t.app, me, sid, cardForm({ expiry }));
      expectStatus(expired, 402);
      expect(messageOf(expired)).toBe('Your card has expired.');
    }

    expect((await orderOf(t.db, sid)).status).toBe('pending');
    expect((await paymentStatusOf(t.app, me, sid)).status).toBe('pending');
    expectStatus(await pay(t.app, me, sid), 200);
  });

  it('counts every attempt, declined or paying, against 30 a minute per customer (429 beyond, the order left open)', async () => {
    const { deal } = await buyableDeal(t.db, { maxPerUser: 2 });
    const me = await customer(t);
    const first = await checkoutOk(t.app, me, { dealId: deal.id });
    const second = await checkoutOk(t.app, me, { dealId: deal.id });
    for (let i = 0; i < 28; i++) expectStatus(await pay(t.app, me, first, cardForm({ cardNumber: cards.declined })), 402);
    // The 29th attempt pays, in the same statement that counts it; the 30th is refused by the card.
    expectStatus(await pay(t.app, me, first), 200);
    expectStatus(await pay(t.app, me, second, cardForm({ cardNumber: cards.declined })), 402);
    const over = await pay(t.app, me, second);
    expectStatus(over, 429);
    expect(messageOf(over)).toMatch(/^Too many attempts\. Please try again in (\d+ seconds|1 minute)\.$/);
    expect(messageOf(await pay(t.app, me, second, cardForm({ cardNumber: cards.declined })))).toMatch(/^Too many attempts/);
    expect((await orderOf(t.db, second)).status).toBe('pending');
    expect((await orderOf(t.db, first)).status).toBe('paid');
  });

  it('accepts a card expiring this month', async () => {
    const { deal } = await buyableDeal(t.db);
    const me = await customer(t);
    const sid = await checkoutOk(t.app, me, { dealId: deal.id });
    const now = new Date();
    const thisMonth = `${String(now.getUTCMonth() + 1).padStart(2, '0')}/${String(now.getUTCFullYear() % 100).padStart(2, '0')}`;
    expectStatus(await pay(t.app, me, sid, cardForm({ expiry: thisMonth })), 200);
  });

  it('refuses malformed card fields (400) with a message naming the field', async () => {
    const { deal } = await buyableDeal(t.db);
    const me = await customer(t);
    const sid = await checkoutOk(t.app, me, { dealId: deal.id });
    const bad: [object, RegExp][] = [
      [cardForm({ cardNumber: '4242' }), /card number/],
      [cardForm({ cardNumber: '4242 4242 4242 424x' }), /card number/],
      [cardForm({ expiry: '13/30' }), /MM\/YY/],
      [cardForm({ expiry: '1230' }), /MM\/YY/],
      [cardForm({ cvc: '12' }), /CVV/],
      [cardForm({ cvc: 'abc' }), /CVV/],
      [cardForm({ cardholderName: '   ' }), /cardholder name/],
      [{ cardNumber: cards.success, expiry: '12/40', cvc: '123' }, /cardholder name/],
    ];
    for (const [body, message] of bad) {
      const res = await call(t.app, 'POST', `/api/test-provider/sessions/${sid}/pay`, { body, sessionId: me.sessionId });
      expect(res.status, `${JSON.stringify(body)} -> ${JSON.stringify(res.body)}`).toBe(400);
      expect(messageOf(res)).toMatch(message);
    }
    expect((await orderOf(t.db, sid)).status).toBe('pending');
  });

  it('is idempotent: paying twice issues no more vouchers', async () => {
    const { deal } = await buyableDeal(t.db, { maxPerUser: 3 });
    const me = await customer(t);
    const sid = await checkoutOk(t.app, me, { items: [{ dealId: deal.id, quantity: 3 }] });
    expectStatus(await pay(t.app, me, sid), 200);
    const again = await pay(t.app, me, sid);
    expectStatus(again, 200);
    expect(testPayAnswer.parse(again.body).status).toBe('paid');
    expect(await voucherCount((await orderOf(t.db, sid)).id)).toBe(3);
    expect(await stockOf(t.db, deal.id)).toMatchObject({ unitsTaken: 3, held: 0, vouchers: 3 });
  });

  it('cannot pay a cancelled checkout', async () => {
    const { deal } = await buyableDeal(t.db);
    const me = await customer(t);
    const sid = await checkoutOk(t.app, me, { dealId: deal.id });
    expectStatus(await call(t.app, 'POST', `/api/test-provider/sessions/${sid}/cancel`, { sessionId: me.sessionId }), 200);
    expectStatus(await pay(t.app, me, sid), 409);
    expect(await voucherCount((await orderOf(t.db, sid)).id)).toBe(0);
  });
});

describe('after payment', () => {
  async function paid(dealOverrides: Partial<typeof deals.$inferInsert> = {}, quantity = 2) {
    const { deal, merchant } = await buyableDeal(t.db, { maxPerUser: 5, ...dealOverrides });
    const me = await customer(t);
    const sid = await buy(t.app, me, { items: [{ dealId: deal.id, quantity }] });
    return { deal, merchant, me, sid, status: await paymentStatusOf(t.app, me, sid) };
  }

  it('the payment status has one voucher per unit, with code, PIN and QR, the deal and the order', async () => {
    const { deal, merchant, me, sid, status } = await paid({ title: 'Spa Day', priceCents: 3999 }, 3);
    const order = await orderOf(t.db, sid);
    expect(status.status).toBe('paid');
    expect(status.deal?.id).toBe(deal.id);
    expect(status.order).toMatchObject({ id: order.id, status: 'paid', totalCents: 3 * 3999 });
    expect(status.order.items).toEqual([expect.objectContaining({ dealId: deal.id, title: 'Spa Day', quantity: 3, unitPriceCents: 3999 })]);

    expect(status.vouchers).toHaveLength(3);
    expect(new Set(status.vouchers.map((v) => v.voucherCode)).size).toBe(3);
    for (const v of status.vouchers) {
      expect(v).toMatchObject({ orderId: order.id, dealId: deal.id, dealTitle: 'Spa Day', priceCents: 3999, merchantId: merchant.id, merchantName: merchant.name, redeemed: false, reviewed: false, expired: false });
      expect(v.voucherCode).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
      expect(v.voucherPin).toMatch(/^\d{6}$/);
      // The answer names the QR image's address; the image itself is one request away.
      expect(v.qrCodeUrl).toBe(voucherQrPath(v.id));
      const image = await call(t.app, 'GET', v.qrCodeUrl!, { sessionId: me.sessionId });
      expectStatus(image, 200);
      // Rendering the expected link the same way must give the same image: the QR carries that link and nothing else.
      const expected = await QRCode.toString(redeemUrl(t.config.publicOrigin, v.voucherCode, v.voucherPin!), { type: 'svg', margin: 1, width: 240, errorCorrectionLevel: 'M' });
      expect(image.body).toBe(expected);
    }
    const mine = voucherList.parse((await call(t.app, 'GET', '/api/user/vouchers', { sessionId: me.sessionId })).body);
    expect(mine.map((v) => v.voucherCode).sort()).toEqual(status.vouchers.map((v) => v.voucherCode).sort());
  });

  it('vouchers are valid until the deal ends when it has an end', async () => {
    const validUntil = new Date(Date.now() + 10 * DAY);
    validUntil.setUTCMilliseconds(0);
    const { status } = await paid({ validUntil });
    for (const v of status.vouchers) expect(v.validUntil).toBe(validUntil.toISOString());
  });

  it('vouchers are valid for 30 days when the deal has no end', async () => {
    const before = Date.now();
    const { status } = await paid({ validUntil: null });
    const after = Date.now();
    for (const v of status.vouchers) {
      const until = new Date(v.validUntil).getTime();
      expect(until).toBeGreaterThanOrEqual(before + VOUCHER_VALID_DAYS * DAY - 1000);
      expect(until).toBeLessThanOrEqual(after + VOUCHER_VALID_DAYS * DAY + 1000);
    }
  });

  it('/api/user/vouchers lists only the caller’s own vouchers', async () => {
    const mine = await paid({}, 2);
    const theirs = await paid({}, 1);
    const list = voucherList.parse((await call(t.app, 'GET', '/api/user/vouchers', { sessionId: mine.me.sessionId })).body);
    expect(list).toHaveLength(2);
    expect(list.every((v) => v.dealId === mine.deal.id)).toBe(true);
    const other = voucherList.parse((await call(t.app, 'GET', '/api/user/vouchers', { sessionId: theirs.me.sessionId })).body);
    expect(other).toHaveLength(1);
    expect(other[0]!.dealId).toBe(theirs.deal.id);
    expectStatus(await call(t.app, 'GET', '/api/user/vouchers'), 401);
    expect(voucherList.parse((await call(t.app, 'GET', '/api/user/vouchers', { sessionId: (await customer(t)).sessionId })).body)).toEqual([]);
  });

  it('the payment status of another customer’s session is 404', async () => {
    const { sid } = await paid();
    expectStatus(await call(t.app, 'GET', `/api/payment-status/${sid}`, { sessionId: (await customer(t)).sessionId }), 404);
  });
});

describe('POST /api/webhooks/test-provider', () => {
  async function pending(quantity = 1) {
    const { deal } = await buyableDeal(t.db, { maxPerUser: 5, inventory: 10 });
    const me = await customer(t);
    const sid = await checkoutOk(t.app, me, { items: [{ dealId: deal.id, quantity }] });
    return { deal, me, sid, order: await orderOf(t.db, sid) };
  }

  it('refuses a bad, missing, stale or foreign signature, or a changed body (400), and does nothing', async () => {
    const { order, sid } = await pending();
    const event = signedPaidEvent(provider, order);
    const stale = provider.sign(event.body, Math.floor(Date.now() / 1000) - 600);
    const foreign = new TestPaymentProvider('another-secret-of-16-chars', t.config.publicOrigin).sign(event.body);
    const attempts: { body: string; signature: string | undefined }[] = [
      { body: event.body, signature: 't=1,v1=deadbeef' },
      { body: event.body, signature: `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` },
      { body: event.body, signature: undefined },
      { body: event.body, signature: stale },
      { body: event.body, signature: foreign },
      { body: event.body.replace(order.id, '00000000-0000-4000-8000-000000000000'), signature: event.headers[TEST_SIGNATURE_HEADER] },
    ];
    for (const a of attempts) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/webhooks/test-provider',
        headers: { 'content-type': 'application/json', ...(a.signature ? { [TEST_SIGNATURE_HEADER]: a.signature } : {}) },
        payload: a.body,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/^Webhook signature verification failed/);
    }
    expect((await orderOf(t.db, sid)).status).toBe('pending');
    expect(await voucherCount(order.id)).toBe(0);
  });

  it('issues one set of vouchers when the same event arrives twice, or another event for the same payment', async () => {
    const { order, deal } = await pending(2);
    const event = signedPaidEvent(provider, order);
    const first = await postTestWebhook(t.app, event);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, result: 'fulfilled' });
    const second = await postTestWebhook(t.app, event);
    expect(second.json()).toEqual({ received: true, result: 'duplicate' });
    const another = await postTestWebhook(t.app, signedPaidEvent(provider, order));
    expect(another.json()).toEqual({ received: true, result: 'already-fulfilled' });
    expect(await voucherCount(order.id)).toBe(2);
    expect(await stockOf(t.db, deal.id)).toMatchObject({ unitsTaken: 2, held: 0, vouchers: 2 });
  });

  it('answers 200 for an event about an order it does not know', async () => {
    const res = await postTestWebhook(t.app, signedPaidEvent(provider, { id: '00000000-0000-4000-8000-000000000000', providerSessionId: 'cs_test_nobody' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, result: 'unknown-order' });
  });

  it('releases the holds on an expired-session event', async () => {
    const { order, sid, deal, me } = await pending(2);
    const payload: TestWebhookPayload = { id: 'evt_test_expired_1', type: 'checkout.session.expired', sessionId: sid, orderId: order.id, paymentRef: null };
    const body = JSON.stringify(payload);
    const res = await postTestWebhook(t.app, { body, headers: { 'content-type': 'application/json', [TEST_SIGNATURE_HEADER]: provider.sign(body) } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await orderOf(t.db, sid)).status).toBe('expired');
    expect(await stockOf(t.db, deal.id)).toMatchObject({ unitsTaken: 0, held: 0 });
    expect((await paymentStatusOf(t.app, me, sid)).status).toBe('failed');
  });
});

describe('a payment that arrives after its hold lapsed', () => {
  async function lapsedOrder(dealOverrides: Partial<typeof deals.$inferInsert>) {
    const { deal } = await buyableDeal(t.db, { title: 'Jazz Night', maxPerUser: 2, ...dealOverrides });
    const me = await customer(t);
    const sid = await checkoutOk(t.app, me, { items: [{ dealId: deal.id, quantity: 2 }] });
    await lapse(t.db, sid);
    expect(await releaseExpiredOrders(t.db)).toBe(1);
    expect(await stockOf(t.db, deal.id)).toMatchObject({ unitsTaken: 0, held: 0 });
    return { deal, me, sid, order: await orderOf(t.db, sid) };
  }

  it('is fulfilled when the units are still there, taking them again', async () => {
    const { deal, me, sid, order } = await lapsedOrder({ inventory: 3 });
    const res = await postTestWebhook(t.app, signedPaidEvent(provider, order));
    expect(res.json()).toEqual({ received: true, result: 'fulfilled' });
    const status = await paymentStatusOf(t.app, me, sid);
    expect(status.status).toBe('paid');
    expect(status.vouchers).toHaveLength(2);
    expect(await stockOf(t.db, deal.id)).toEqual({ inventory: 3, unitsTaken: 2, held: 0, vouchers: 2 });
    expect(provider.unitRefunds).toEqual([]);
  });

  it('is refunded when the deal sold out meanwhile: no vouchers, payment status failed', async () => {
    const { deal, me, sid, order } = await lapsedOrder({ inventory: 2 });
    await buy(t.app, await customer(t), { items: [{ dealId: deal.id, quantity: 2 }] });

    const event = signedPaidEvent(provider, order);
    const { paymentRef } = JSON.parse(event.body) as Extract<TestWebhookPayload, { type: 'checkout.session.completed' }>;
    const res = await postTestWebhook(t.app, event);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true, result: 'refunded' });
    expect((await orderOf(t.db, sid)).status).toBe('refunded');
    // The whole payment goes back, through the one refund path, as one refund of its own.
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(refund).toMatchObject({ status: 'succeeded', reason: 'sold_out', amountCents: order.totalCents, voucherId: null, groupMemberId: null });
    expect(provider.unitRefunds).toEqual([
      expect.objectContaining({
        sessionId: sid,
        paymentRef,
        orderId: order.id,
        amountCents: order.totalCents,
        reason: 'sold_out',
        refundId: refund!.id,
        idempotencyKey: refundIdempotencyKey(refund!.id),
        voucherId: null,
        groupMemberId: null,
        ref: refund!.providerRef,
      }),
    ]);
    expect(await voucherCount(order.id)).toBe(0);
    expect(await stockOf(t.db, deal.id)).toEqual({ inventory: 2, unitsTaken: 2, held: 0, vouchers: 2 });

    const status: PaymentStatusAnswer = await paymentStatusOf(t.app, me, sid);
    expect(status.status).toBe('failed');
    expect(status.vouchers).toEqual([]);

    // A redelivery, or another event for the same payment, refunds nothing more.
    await postTestWebhook(t.app, event);
    await postTestWebhook(t.app, signedPaidEvent(provider, order));
    expect(provider.unitRefunds).toHaveLength(1);
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toHaveLength(1);
    expect(await voucherCount(order.id)).toBe(0);
  });

  it('is refunded whole when one deal of several sold out meanwhile, taking none of the others', async () => {
    const { deal: plenty } = await buyableDeal(t.db, { inventory: 10 });
    const { deal: scarce } = await buyableDeal(t.db, { inventory: 1 });
    const me = await customer(t);
    const sid = await checkoutOk(t.app, me, { dealIds: [plenty.id, scarce.id] });
    await lapse(t.db, sid);
    await releaseExpiredOrders(t.db);
    await buy(t.app, await customer(t), { dealId: scarce.id });

    const order = await orderOf(t.db, sid);
    const res = await postTestWebhook(t.app, signedPaidEvent(provider, order));
    expect(res.json()).toEqual({ received: true, result: 'refunded' });
    expect(await stockOf(t.db, plenty.id)).toEqual({ inventory: 10, unitsTaken: 0, held: 0, vouchers: 0 });
    expect(await stockOf(t.db, scarce.id)).toEqual({ inventory: 1, unitsTaken: 1, held: 0, vouchers: 1 });
    expect(provider.unitRefunds).toEqual([expect.objectContaining({ sessionId: sid, amountCents: order.totalCents, reason: 'sold_out' })]);
  });

  it('is refunded when the deal was taken off sale meanwhile', async () => {
    const { deal, sid, order } = await lapsedOrder({ inventory: 0 });
    await t.db.update(deals).set({ active: false }).where(eq(deals.id, deal.id));
    const res = await postTestWebhook(t.app, signedPaidEvent(provider, order));
    expect(res.json()).toEqual({ received: true, result: 'withdrawn' });
    expect(provider.unitRefunds).toEqual([expect.objectContaining({ sessionId: sid, amountCents: order.totalCents, reason: 'withdrawn' })]);
    expect((await orderOf(t.db, sid)).status).toBe('refunded');
  });

  it('is refunded when the buyer has since used up their allowance', async () => {
    const { deal, me, sid, order } = await lapsedOrder({ inventory: 0 });
    await buy(t.app, me, { items: [{ dealId: deal.id, quantity: 2 }] });
    const res = await postTestWebhook(t.app, signedPaidEvent(provider, order));
    expect(res.json()).toEqual({ received: true, result: 'refunded' });
    expect((await orderOf(t.db, sid)).status).toBe('refunded');
    expect(await stockOf(t.db, deal.id)).toMatchObject({ unitsTaken: 2, vouchers: 2 });
  });
});

describe('in production mode', () => {
  /** The real app in production mode (test/app.ts fills in what production demands), on this file's database. */
  async function productionApp(env: Record<string, string> = {}) {
    const app = await buildApp({ config: testConfig({ NODE_ENV: 'production', ...env }), database: t.database });
    await app.ready();
    return app;
  }

  it('the test provider is off unless PAYMENTS=test is set explicitly (ADRs 013, 021)', async () => {
    expect(() => testConfig({ NODE_ENV: 'production', STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' })).toThrow(/STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/);
    const prod = await productionApp();
    try {
      expect(prod.hasRoute({ method: 'POST', url: '/api/test-provider/sessions/:id/pay' })).toBe(false);
      expect(prod.hasRoute({ method: 'GET', url: '/api/test-provider/sessions/:id' })).toBe(false);
      expect(prod.hasRoute({ method: 'POST', url: '/api/webhooks/test-provider' })).toBe(false);
      expect(prod.hasRoute({ method: 'POST', url: '/api/webhooks/stripe' })).toBe(true);
    } finally {
      await prod.close();
    }
  });

  it('the test provider works when PAYMENTS=test is set explicitly', async () => {
    const prod = await productionApp({ PAYMENTS: 'test', TEST_PROVIDER_SECRET: 'a-real-secret-for-the-demo-server', STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' });
    try {
      expect(prod.hasRoute({ method: 'POST', url: '/api/test-provider/sessions/:id/pay' })).toBe(true);
      const { deal } = await buyableDeal(t.db);
      const me = await customer(t);
      const sid = await checkoutOk(prod, me, { dealId: deal.id });
      expectStatus(await pay(prod, me, sid), 200);
      expect((await orderOf(t.db, sid)).status).toBe('paid');
    } finally {
      await prod.close();
    }
  });
});

describe('the test provider’s records', () => {
  it(`keep the latest ${TEST_PROVIDER_RECORDS} calls of each kind, so a long-running demo server does not grow with every checkout`, async () => {
    // Its books are in the database, where they belong; the lists in memory are what tests read.
    const provider = new TestPaymentProvider('a-secret-long-enough-for-tests', 'http://127.0.0.1:3000', t.db);
    const total = TEST_PROVIDER_RECORDS + 250;
    const refundOf = (i: number): RefundRequest => ({
      refundId: `refund-${i}`,
      orderId: `order-${i}`,
      reason: 'customer',
      sessionId: `cs_${i}`,
      paymentRef: null,
      amountCents: 100,
      idempotencyKey: `key-${i}`,
      voucherId: null,
      groupMemberId: null,
    });
    for (let i = 0; i < total; i++) {
      const request = { orderId: `order-${i}` } as unknown as CheckoutRequest;
      await provider.createCheckout(request);
      await provider.refundPayment(refundOf(i));
      await provider.syncCatalogItem({ dealId: `deal-${i}` } as unknown as CatalogItem);
    }
    for (const list of [provider.checkouts, provider.unitRefunds, provider.synced]) expect(list).toHaveLength(TEST_PROVIDER_RECORDS);
    expect(provider.checkouts[0]).toEqual({ orderId: 'order-250' });
    expect(provider.checkouts.at(-1)).toEqual({ orderId: `order-${total - 1}` });
    expect(provider.unitRefunds[0]).toMatchObject(refundOf(250));
    expect(provider.unitRefunds.at(-1)).toMatchObject({ ...refundOf(total - 1), status: 'succeeded', ref: expect.stringMatching(/^re_test_/) });
  });
});
