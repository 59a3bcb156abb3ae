/**
 * Refunds of single vouchers through the Stripe provider, against a locally served Stripe API: the
 * payment intent kept from the webhook, each attempt's own idempotency key, a refusal and the new
 * attempt after it, and refund webhooks reconciling a pending refund once however often they are delivered.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { checkoutAnswer } from '../../../contract/checkout';
import { refundAnswer } from '../../../contract/orders';
import { ledgerEntries, orders, refunds, vouchers } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { call, expectStatus, messageOf } from '../../test/auth-helpers';
import { resetDatabase } from '../../test/database';
import { buyableDeal, customer, LocalStripe, orderOf, postCheckout, signedStripeEvent, stockOf, stripeEvent, type Shopper } from '../../test/purchase-helpers';
import { refundIdempotencyKey, REFUND_MESSAGES } from '../../orders/refunds';
import { english } from '../../i18n';
import { StripePaymentProvider } from './stripe-provider';

const WEBHOOK_SECRET = 'whsec_refunds';
const stripe = new LocalStripe();
let t: TestApp;

beforeAll(async () => {
  const apiBase = await stripe.start();
  t = await createTestApp({
    env: { STRIPE_SECRET_KEY: 'sk_test_refunds', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: apiBase },
    deps: { payments: new StripePaymentProvider({ secretKey: 'sk_test_refunds', webhookSecret: WEBHOOK_SECRET, apiBase }) },
  });
});
afterAll(async () => {
  await t?.close();
  await stripe.stop();
});
beforeEach(async () => {
  await resetDatabase(t.database);
  stripe.requests.length = 0;
  stripe.refundFailures.length = 0;
  stripe.refunds.clear();
  stripe.refundStatus = 'succeeded';
});

function webhook(event: object) {
  const signed = signedStripeEvent(event, WEBHOOK_SECRET);
  return t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers: signed.headers, payload: signed.body });
}

/** A customer who paid at Stripe for `quantity` units, fulfilled by the completed-session webhook. */
async function paidVoucher(quantity = 1) {
  const { deal } = await buyableDeal(t.db, { priceCents: 1800, inventory: 10, maxPerUser: 5 });
  const me: Shopper = await customer(t);
  const res = await postCheckout(t.app, me, { items: [{ dealId: deal.id, quantity }] });
  expectStatus(res, 200);
  const session = [...stripe.sessions.values()].find((s) => s.url === checkoutAnswer.parse(res.body).url)!;
  stripe.markPaid(session.id);
  expect((await webhook(stripeEvent('checkout.session.completed', session))).statusCode).toBe(200);
  const order = await orderOf(t.db, session.id);
  const [voucher] = await t.db.select().from(vouchers).where(eq(vouchers.orderId, order.id));
  return { deal, me, session, order, voucher: voucher! };
}

const refundPosts = () => stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');

async function ledgerRefunds(orderId: string) {
  return t.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.orderId, orderId), eq(ledgerEntries.kind, 'refund')));
}

describe('refunds through Stripe', () => {
  it("refunds the unit's price of the order's payment intent, keyed by the refund attempt, whose metadata names it, the order and the voucher", async () => {
    const { me, session, order, voucher } = await paidVoucher(2);
    expect(order.paymentRef).toBe(session.payment_intent);

    const res = await call(t.app, 'POST', `/api/vouchers/${voucher.id}/refund`, { sessionId: me.sessionId });
    expectStatus(res, 200);
    expect(refundAnswer.parse(res.body).refund).toMatchObject({ status: 'succeeded', amountCents: 1800 });
    const [row] = await t.db.select().from(refunds).where(eq(refunds.voucherId, voucher.id));
    const [post] = refundPosts();
    expect(post!.form).toEqual({
      payment_intent: session.payment_intent,
      amount: '1800',
      'metadata[refundId]': row!.id,
      'metadata[orderId]': order.id,
      'metadata[reason]': 'customer',
      'metadata[voucherId]': voucher.id,
    });
    expect(post!.headers['idempotency-key']).toBe(refundIdempotencyKey(row!.id));
    expect(row!.providerRef).toBe([...stripe.refunds.keys()][0]);
    expect(await ledgerRefunds(order.id)).toEqual([expect.objectContaining({ amountCents: -1800, provider: 'stripe', providerRef: row!.providerRef })]);
  });

  it('finds the payment intent from the checkout session when the order does not have it yet', async () => {
    const { me, session, order, voucher } = await paidVoucher();
    await t.db.update(orders).set({ paymentRef: null }).where(eq(orders.id, order.id));
    expectStatus(await call(t.app, 'POST', `/api/vouchers/${voucher.id}/refund`, { sessionId: me.sessionId }), 200);
    expect(refundPosts()[0]!.form.payment_intent).toBe(session.payment_intent);
  });

  it("answers 502 when Stripe refuses, and the owner's next request is a new attempt with a key of its own, refunding once", async () => {
    const { deal, me, order, voucher } = await paidVoucher();
    const before = await stockOf(t.db, deal.id);
    stripe.refundFailures.push({ status: 402, message: 'The charge has been disputed' });
    const failed = await call(t.app, 'POST', `/api/vouchers/${voucher.id}/refund`, { sessionId: me.sessionId });
    expectStatus(failed, 502);
    expect(messageOf(failed)).toBe(english(REFUND_MESSAGES.providerFailed));
    const [first] = await t.db.select().from(refunds).where(eq(refunds.voucherId, voucher.id));
    expect(first).toMatchObject({ status: 'failed', failure: 'Stripe: The charge has been disputed' });
    expect((await t.db.select().from(vouchers).where(eq(vouchers.id, voucher.id)))[0]!.status).toBe('active');

    expectStatus(await call(t.app, 'POST', `/api/vouchers/${voucher.id}/refund`, { sessionId: me.sessionId }), 200);
    // A third call (a double tap after success) is refused before Stripe is asked.
    expectStatus(await call(t.app, 'POST', `/api/vouchers/${voucher.id}/refund`, { sessionId: me.sessionId }), 409);
    const [second] = await t.db.select().from(refunds).where(and(eq(refunds.voucherId, voucher.id), eq(refunds.status, 'succeeded')));
    expect(second!.id).not.toBe(first!.id);
    expect(refundPosts().map((r) => r.headers['idempotency-key'])).toEqual([refundIdempotencyKey(first!.id), refundIdempotencyKey(second!.id)]);
    expect(stripe.refunds.size).toBe(1);
    expect(await ledgerRefunds(order.id)).toHaveLength(1);
    expect(await stockOf(t.db, deal.id)).toEqual({ ...before, unitsTaken: before.unitsTaken - 1 });
  });

  it('keeps a refund Stripe leaves pending until its webhook, applied once when delivered twice', async () => {
    const { deal, me, order, voucher } = await paidVoucher();
    const before = await stockOf(t.db, deal.id);
    stripe.refundStatus = 'pending';
    const res = await call(t.app, 'POST', `/api/vouchers/${voucher.id}/refund`, { sessionId: me.sessionId });
    expectStatus(res, 200);
    expect(refundAnswer.parse(res.body)).toMatchObject({ refund: { status: 'pending' }, voucher: { status: 'refunded' } });
    expect(await ledgerRefunds(order.id)).toEqual([]);
    expect(await stockOf(t.db, deal.id)).toEqual(before);

    const stripeRefund = [...stripe.refunds.values()][0]!;
    stripeRefund.status = 'succeeded';
    const event = stripeEvent('refund.updated', stripeRefund);
    const first = await webhook(event);
    const second = await webhook(event);
    expect(first.json()).toEqual({ received: true, result: 'succeeded' });
    expect(second.json()).toEqual({ received: true, result: 'duplicate' });
    // Another event about the same refund changes nothing either.
    const charge = { id: 'ch_local', object: 'charge', payment_intent: order.paymentRef, refunds: { object: 'list', data: [stripeRefund] } };
    expect((await webhook(stripeEvent('charge.refunded', charge))).json()).toEqual({ received: true, result: 'unchanged' });

    const [row] = await t.db.select().from(refunds).where(eq(refunds.voucherId, voucher.id));
    expect(row).toMatchObject({ status: 'succeeded', providerRef: stripeRefund.id });
    expect(await ledgerRefunds(order.id)).toHaveLength(1);
    expect(await stockOf(t.db, deal.id)).toEqual({ ...before, unitsTaken: before.unitsTaken - 1 });
  });

  it('puts the voucher back when Stripe reports a pending refund failed', async () => {
    const { deal, me, order, voucher } = await paidVoucher();
    const before = await stockOf(t.db, deal.id);
    stripe.refundStatus = 'pending';
    expectStatus(await call(t.app, 'POST', `/api/vouchers/${voucher.id}/refund`, { sessionId: me.sessionId }), 200);
    const stripeRefund = { ...[...stripe.refunds.values()][0]!, status: 'failed' as const, failure_reason: 'expired_or_canceled_card' };
    expect((await webhook(stripeEvent('refund.failed', stripeRefund))).json()).toEqual({ received: true, result: 'failed' });
    const [row] = await t.db.select().from(refunds).where(eq(refunds.voucherId, voucher.id));
    expect(row).toMatchObject({ status: 'failed', failure: 'Stripe: expired_or_canceled_card' });
    expect((await t.db.select().from(vouchers).where(eq(vouchers.id, voucher.id)))[0]!.status).toBe('active');
    expect(await ledgerRefunds(order.id)).toEqual([]);
    expect(await stockOf(t.db, deal.id)).toEqual(before);
  });

  it('settles a refund whose webhook came before its answer was recorded, by the voucher it names', async () => {
    const { voucher, order } = await paidVoucher();
    // The claim, as the request leaves it just before Stripe answers.
    await t.db.update(vouchers).set({ status: 'refunded' }).where(eq(vouchers.id, voucher.id));
    await t.db.insert(refunds).values({
      voucherId: voucher.id,
      orderId: order.id,
      userId: voucher.userId,
      amountCents: 1800,
      reason: 'customer',
      voucherStatusBefore: 'active',
      provider: 'stripe',
    });
    const early = { id: 're_early', object: 'refund', amount: 1800, payment_intent: order.paymentRef, metadata: { voucherId: voucher.id }, status: 'succeeded' };
    expect((await webhook(stripeEvent('refund.created', early))).json()).toEqual({ received: true, result: 'succeeded' });
    const [row] = await t.db.select().from(refunds).where(eq(refunds.voucherId, voucher.id));
    expect(row).toMatchObject({ status: 'succeeded', providerRef: 're_early' });
  });

  it('ignores a refund event about a refund it does not know', async () => {
    const unknown = { id: 're_unknown', object: 'refund', amount: 100, payment_intent: 'pi_x', metadata: {}, status: 'succeeded' };
    expect((await webhook(stripeEvent('refund.updated', unknown))).json()).toEqual({ received: true, result: 'unchanged' });
  });
});
