/**
 * The Stripe provider through the app, against a locally served Stripe API: Checkout Session
 * creation, signed webhooks, the success page's catch-up poll, and refunds of late payments.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { checkoutAnswer } from '../../../contract/checkout';
import { CHECKOUT_HOLD_MINUTES } from '../../../contract/constants';
import { refunds, vouchers } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { call, expectStatus, messageOf } from '../../test/auth-helpers';
import { resetDatabase } from '../../test/database';
import {
  buyableDeal,
  customer,
  lapse,
  LocalStripe,
  orderOf,
  paymentStatusOf,
  postCheckout,
  signedStripeEvent,
  stockOf,
  stripeEvent,
  type Shopper,
} from '../../test/purchase-helpers';
import { releaseExpiredOrders } from '../../orders/orders.service';
import { refundIdempotencyKey } from '../../orders/refunds';
import { StripePaymentProvider } from './stripe-provider';

const WEBHOOK_SECRET = 'whsec_test';
const stripe = new LocalStripe();
let t: TestApp;

beforeAll(async () => {
  const apiBase = await stripe.start();
  t = await createTestApp({
    env: { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: apiBase },
    deps: { payments: new StripePaymentProvider({ secretKey: 'sk_test_x', webhookSecret: WEBHOOK_SECRET, apiBase }) },
  });
});
afterAll(async () => {
  await t?.close();
  await stripe.stop();
});
beforeEach(async () => {
  await resetDatabase(t.database);
  stripe.requests.length = 0;
  stripe.failCreate = null;
});

/** Checks out through the app and answers the Stripe session it opened. */
async function stripeCheckout(who: Shopper, body: object) {
  const res = await postCheckout(t.app, who, body);
  expectStatus(res, 200);
  const { url } = checkoutAnswer.parse(res.body);
  const session = [...stripe.sessions.values()].find((s) => s.url === url);
  if (!session) throw new Error(`the answer ${url} is not a served session url`);
  return session;
}

function webhook(event: object, secret = WEBHOOK_SECRET) {
  const signed = signedStripeEvent(event, secret);
  return t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers: signed.headers, payload: signed.body });
}

async function voucherCount(orderId: string) {
  return (await t.db.select().from(vouchers).where(eq(vouchers.orderId, orderId))).length;
}

async function pendingStripeOrder(quantity = 1, dealOverrides = {}) {
  const { deal } = await buyableDeal(t.db, { maxPerUser: 5, ...dealOverrides });
  const me = await customer(t);
  const session = await stripeCheckout(me, { items: [{ dealId: deal.id, quantity }] });
  return { deal, me, session, order: await orderOf(t.db, session.id) };
}

it('runs with Stripe as the configured provider, without the test provider routes', async () => {
  expect(t.config.payments).toBe('stripe');
  expect(t.app.hasRoute({ method: 'POST', url: '/api/webhooks/stripe' })).toBe(true);
  expect(t.app.hasRoute({ method: 'POST', url: '/api/webhooks/test-provider' })).toBe(false);
  expect(t.app.hasRoute({ method: 'POST', url: '/api/test-provider/sessions/:id/pay' })).toBe(false);
});

describe('POST /api/checkout with Stripe', () => {
  it('creates one Checkout Session per order, at database prices, and answers its url', async () => {
    const { deal: sushi } = await buyableDeal(t.db, { title: 'Sushi Platter', priceCents: 1999, maxPerUser: 2 });
    const { deal: spa } = await buyableDeal(t.db, { title: 'Spa Day', priceCents: 3999 });
    const me = await customer(t);
    const before = Date.now();
    const res = await postCheckout(t.app, me, { items: [{ dealId: sushi.id, quantity: 2, priceCents: 1 }, { dealId: spa.id, quantity: 1 }], priceCents: 1 });
    expectStatus(res, 200);

    const creates = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions');
    expect(creates).toHaveLength(1);
    const sent = creates[0]!;
    const session = [...stripe.sessions.values()][0]!;
    expect(checkoutAnswer.parse(res.body).url).toBe(session.url);

    const order = await orderOf(t.db, session.id);
    expect(order).toMatchObject({ provider: 'stripe', status: 'pending', totalCents: 2 * 1999 + 3999, userId: me.user.id });
    expect(sent.headers.authorization).toBe('Bearer sk_test_x');
    expect(sent.headers['idempotency-key']).toBe(`checkout-${order.id}`);
    expect(sent.form).toMatchObject({
      mode: 'payment',
      client_reference_id: order.id,
      'metadata[orderId]': order.id,
      success_url: `${t.config.publicOrigin}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${t.config.publicOrigin}/cart`,
    });
    // The session ends before the hold does, so a payment made at the last second still finds its units.
    expect(Number(sent.form.expires_at) * 1000).toBeLessThanOrEqual(order.expiresAt.getTime());
    expect(Number(sent.form.expires_at) * 1000).toBeGreaterThanOrEqual(before + CHECKOUT_HOLD_MINUTES * 60_000 - 1000);

    const lines = [0, 1].map((i) => ({
      name: sent.form[`line_items[${i}][price_data][product_data][name]`],
      unitAmount: Number(sent.form[`line_items[${i}][price_data][unit_amount]`]),
      currency: sent.form[`line_items[${i}][price_data][currency]`],
      quantity: Number(sent.form[`line_items[${i}][quantity]`]),
    }));
    expect(lines.sort((a, b) => String(a.name).localeCompare(String(b.name)))).toEqual([
      { name: 'Spa Day', unitAmount: 3999, currency: 'usd', quantity: 1 },
      { name: 'Sushi Platter', unitAmount: 1999, currency: 'usd', quantity: 2 },
    ]);
    expect(session.amount_total).toBe(order.totalCents);
    expect(await stockOf(t.db, sushi.id)).toMatchObject({ unitsTaken: 2, held: 2 });
  });

  it('asks for a session lifetime Stripe accepts: 30 minutes after creation at the least, with a minute to spare', async () => {
    // Stripe refuses expires_at under 30 minutes after it creates the session; a value computed
    // as exactly 30 minutes before the transaction and the network call arrives short of that.
    const { deal } = await buyableDeal(t.db);
    await stripeCheckout(await customer(t), { dealId: deal.id });
    const sent = stripe.lastPost('/v1/checkout/sessions');
    const lifetimeSeconds = Number(sent.form.expires_at) - sent.receivedAt / 1000;
    // The minute's margin is taken when the request is built; the time it spends on its way (a few
    // milliseconds, seconds on a loaded machine) comes off it before the stand-in receives it.
    expect(lifetimeSeconds).toBeGreaterThan(30 * 60 + 30);
    expect(lifetimeSeconds).toBeLessThan(24 * 60 * 60 - 60);
  });

  it('releases the holds and answers 502 when Stripe refuses the session', async () => {
    const { deal } = await buyableDeal(t.db, { inventory: 1 });
    const me = await customer(t);
    stripe.failCreate = { status: 400, message: 'Invalid currency' };
    const res = await postCheckout(t.app, me, { dealId: deal.id });
    expectStatus(res, 502);
    expect(messageOf(res)).toBe('Failed to initiate checkout: Invalid currency');
    expect(await stockOf(t.db, deal.id)).toMatchObject({ unitsTaken: 0, held: 0 });

    stripe.failCreate = null;
    await stripeCheckout(me, { dealId: deal.id });
  });
});

describe('POST /api/webhooks/stripe', () => {
  it('fulfils on checkout.session.completed when paid, once however often it arrives', async () => {
    const { me, session, order, deal } = await pendingStripeOrder(2);
    const event = stripeEvent('checkout.session.completed', stripe.markPaid(session.id));
    const res = await webhook(event);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true, result: 'fulfilled' });
    expect((await webhook(event)).json()).toEqual({ received: true, result: 'duplicate' });
    expect((await webhook(stripeEvent('checkout.session.completed', session))).json()).toEqual({ received: true, result: 'already-fulfilled' });

    expect(await voucherCount(order.id)).toBe(2);
    expect(await stockOf(t.db, deal.id)).toMatchObject({ unitsTaken: 2, held: 0, vouchers: 2 });
    const status = await paymentStatusOf(t.app, me, session.id);
    expect(status.status).toBe('paid');
    expect(status.vouchers).toHaveLength(2);
    expect(status.order.id).toBe(order.id);
  });

  it('waits on a completed but unpaid session until checkout.session.async_payment_succeeded', async () => {
    const { me, session, order } = await pendingStripeOrder(1);
    const completed = await webhook(stripeEvent('checkout.session.completed', stripe.markPaid(session.id, 'unpaid')));
    expect(completed.json()).toEqual({ received: true, result: 'ignored' });
    expect((await orderOf(t.db, session.id)).status).toBe('pending');
    expect(await voucherCount(order.id)).toBe(0);
    expect((await paymentStatusOf(t.app, me, session.id)).status).toBe('pending');

    const succeeded = await webhook(stripeEvent('checkout.session.async_payment_succeeded', stripe.markPaid(session.id, 'paid')));
    expect(succeeded.json()).toEqual({ received: true, result: 'fulfilled' });
    expect(await voucherCount(order.id)).toBe(1);
  });

  it('releases the holds on checkout.session.async_payment_failed', async () => {
    const { me, session, order, deal } = await pendingStripeOrder(2, { inventory: 3 });
    await webhook(stripeEvent('checkout.session.completed', stripe.markPaid(session.id, 'unpaid')));
    const res = await webhook(stripeEvent('checkout.session.async_payment_failed', session));
    expect(res.statusCode).toBe(200);
    expect((await orderOf(t.db, session.id)).status).toBe('cancelled');
    expect(await stockOf(t.db, deal.id)).toMatchObject({ unitsTaken: 0, held: 0 });
    expect(await voucherCount(order.id)).toBe(0);
    expect((await paymentStatusOf(t.app, me, session.id)).status).toBe('failed');
  });

  it('releases the holds on checkout.session.expired', async () => {
    const { session, deal } = await pendingStripeOrder(2, { inventory: 3 });
    const res = await webhook(stripeEvent('checkout.session.expired', stripe.markExpired(session.id)));
    expect(res.statusCode).toBe(200);
    expect((await orderOf(t.db, session.id)).status).toBe('expired');
    expect(await stockOf(t.db, deal.id)).toMatchObject({ unitsTaken: 0, held: 0 });
  });

  it('refuses a bad, missing or foreign signature, or a changed body (400), and does nothing', async () => {
    const { session, order } = await pendingStripeOrder(1);
    const event = stripeEvent('checkout.session.completed', stripe.markPaid(session.id));
    const signed = signedStripeEvent(event, WEBHOOK_SECRET);
    const attempts = [
      { body: signed.body, signature: 't=1,v1=deadbeef' },
      { body: signed.body, signature: undefined },
      { body: signed.body, signature: signedStripeEvent(event, 'whsec_other').headers['stripe-signature'] },
      { body: signed.body.replace(order.id, '00000000-0000-4000-8000-000000000000'), signature: signed.headers['stripe-signature'] },
    ];
    for (const a of attempts) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        headers: { 'content-type': 'application/json', ...(a.signature ? { 'stripe-signature': a.signature } : {}) },
        payload: a.body,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/^Webhook signature verification failed/);
    }
    expect((await orderOf(t.db, session.id)).status).toBe('pending');
    expect(await voucherCount(order.id)).toBe(0);
  });

  it('answers 200 to event types it does not act on', async () => {
    const { session, order } = await pendingStripeOrder(1);
    for (const type of ['payment_intent.succeeded', 'customer.created', 'charge.refunded']) {
      const res = await webhook(stripeEvent(type, { id: 'pi_123', object: 'payment_intent' }));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ received: true, result: 'ignored' });
    }
    expect((await orderOf(t.db, session.id)).status).toBe('pending');
    expect(await voucherCount(order.id)).toBe(0);
  });

  it('refunds a late payment through Stripe when the deal sold out meanwhile', async () => {
    const { me, session, order, deal } = await pendingStripeOrder(1, { inventory: 1 });
    await lapse(t.db, session.id);
    expect(await releaseExpiredOrders(t.db)).toBe(1);
    const rival = await customer(t);
    const rivalSession = await stripeCheckout(rival, { dealId: deal.id });
    await webhook(stripeEvent('checkout.session.completed', stripe.markPaid(rivalSession.id)));

    const paid = stripe.markPaid(session.id);
    const res = await webhook(stripeEvent('checkout.session.completed', paid));
    expect(res.json()).toEqual({ received: true, result: 'refunded' });
    // The whole payment goes back as a refund of its own, asked with that attempt's key and named in its metadata.
    const [attempt] = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(attempt).toMatchObject({ status: 'succeeded', reason: 'sold_out', amountCents: order.totalCents, voucherId: null, groupMemberId: null });
    const refund = stripe.lastPost('/v1/refunds');
    expect(refund.form).toMatchObject({
      payment_intent: paid.payment_intent,
      amount: String(order.totalCents),
      'metadata[refundId]': attempt!.id,
      'metadata[orderId]': order.id,
      'metadata[reason]': 'sold_out',
    });
    expect(refund.headers['idempotency-key']).toBe(refundIdempotencyKey(attempt!.id));
    expect(attempt!.providerRef).toBe([...stripe.refunds.keys()].at(-1));
    expect((await orderOf(t.db, session.id)).status).toBe('refunded');
    expect(await voucherCount(order.id)).toBe(0);
    expect((await paymentStatusOf(t.app, me, session.id)).status).toBe('failed');
    expect(await stockOf(t.db, deal.id)).toMatchObject({ unitsTaken: 1, vouchers: 1 });
  });
});

describe('GET /api/payment-status/{sessionId} with Stripe', () => {
  it('catches up with Stripe when no webhook came: a paid session is fulfilled', async () => {
    const { me, session, order } = await pendingStripeOrder(2);
    expect((await paymentStatusOf(t.app, me, session.id)).status).toBe('pending');
    stripe.markPaid(session.id);
    stripe.requests.length = 0;

    const status = await paymentStatusOf(t.app, me, session.id);
    expect(status.status).toBe('paid');
    expect(status.vouchers).toHaveLength(2);
    expect(stripe.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /v1/checkout/sessions/${session.id}`]);

    // Once paid, the answer comes from the database alone, and a late webhook changes nothing.
    stripe.requests.length = 0;
    expect((await paymentStatusOf(t.app, me, session.id)).vouchers).toHaveLength(2);
    expect(stripe.requests).toEqual([]);
    expect((await webhook(stripeEvent('checkout.session.completed', session))).json()).toEqual({ received: true, result: 'already-fulfilled' });
    expect(await voucherCount(order.id)).toBe(2);
  });

  it('releases the holds when Stripe says the session expired', async () => {
    const { me, session, deal } = await pendingStripeOrder(1, { inventory: 2 });
    stripe.markExpired(session.id);
    expect((await paymentStatusOf(t.app, me, session.id)).status).toBe('failed');
    expect(await stockOf(t.db, deal.id)).toMatchObject({ unitsTaken: 0, held: 0 });
  });

  it('is 404 for another customer, without asking Stripe', async () => {
    const { session } = await pendingStripeOrder(1);
    stripe.requests.length = 0;
    expectStatus(await call(t.app, 'GET', `/api/payment-status/${session.id}`, { sessionId: (await customer(t)).sessionId }), 404);
    expect(stripe.requests).toEqual([]);
  });
});
