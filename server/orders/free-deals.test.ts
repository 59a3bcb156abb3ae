/**
 * Free ($0) deals: there is nothing to charge, and Stripe takes no payment below $0.50, so a checkout
 * whose every unit is free never reaches the provider. It is placed like any other (stock, allowance),
 * fulfilled at once by the one fulfilment path, and answered with the success page, which finds it paid.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { checkoutAnswer } from '../../contract/checkout';
import { refundAnswer } from '../../contract/orders';
import { ledgerEntries, orders, paymentEvents, refunds, vouchers } from '../db/schema';
import { testConfig, useTestApp } from '../test/app';
import { call, expectStatus, messageOf } from '../test/auth-helpers';
import { buyableDeal, customer, paymentStatusOf, postCheckout, stockOf, testProviderFor, userUnitsOf } from '../test/purchase-helpers';
import { refundExpiredVouchers } from './expiry';
import { fulfilOrder } from './orders.service';

const provider = testProviderFor(testConfig());
const t = useTestApp({ deps: { payments: provider } });

beforeEach(() => {
  provider.checkouts.length = 0;
});

/** Checks out and returns the answer's address; fails the test unless the checkout is accepted. */
async function checkoutUrl(who: { sessionId: string }, body: Parameters<typeof postCheckout>[2]): Promise<URL> {
  const res = await postCheckout(t.app, who, body);
  expectStatus(res, 200);
  return new URL(checkoutAnswer.parse(res.body).url);
}

async function orderOfUser(userId: string) {
  const rows = await t.db.select().from(orders).where(eq(orders.userId, userId));
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

const vouchersOf = (orderId: string) => t.db.select().from(vouchers).where(eq(vouchers.orderId, orderId));

describe('POST /api/checkout of free deals', () => {
  it('answers the success page of an order paid already, with its vouchers, without opening a payment page', async () => {
    const me = await customer(t);
    const { deal } = await buyableDeal(t.db, { title: 'Free Tasting', priceCents: 0, maxPerUser: 3 });
    const url = await checkoutUrl(me, { items: [{ dealId: deal.id, quantity: 2 }] });

    expect(provider.checkouts).toEqual([]);
    const order = await orderOfUser(me.user.id);
    const sessionId = `free_${order.id}`;
    expect(url.href).toBe(`${t.config.publicOrigin}/success?session_id=${sessionId}`);
    expect(order).toMatchObject({ status: 'paid', provider: 'test', providerSessionId: sessionId, totalCents: 0, paymentRef: null });
    expect(order.fulfilledAt).not.toBeNull();
    expect(await vouchersOf(order.id)).toHaveLength(2);

    // What the success page polls: paid, with both vouchers.
    const status = await paymentStatusOf(t.app, me, sessionId);
    expect(status.status).toBe('paid');
    expect(status.vouchers).toHaveLength(2);
    expect(status.order.totalCents).toBe(0);

    // Fulfilment recorded its event as a payment's would be, named after the free session.
    const events = await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, sessionId));
    expect(events).toMatchObject([{ provider: 'test', eventId: sessionId, type: 'free' }]);

    // The units are taken for good: converted holds, none left open.
    expect(await stockOf(t.db, deal.id)).toMatchObject({ unitsTaken: 2, held: 0, vouchers: 2 });
  });

  it('writes a $0 payment row to the ledger, so the order is accounted for like any other', async () => {
    const me = await customer(t);
    const { deal } = await buyableDeal(t.db, { priceCents: 0 });
    await checkoutUrl(me, { dealId: deal.id });
    const order = await orderOfUser(me.user.id);
    const rows = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, order.id), eq(ledgerEntries.kind, 'payment')));
    expect(rows).toMatchObject([{ amountCents: 0, provider: 'test', providerRef: `free_${order.id}` }]);
  });

  it('issues the vouchers once, however often fulfilment or the success page come again', async () => {
    const me = await customer(t);
    const { deal } = await buyableDeal(t.db, { priceCents: 0, maxPerUser: 2 });
    await checkoutUrl(me, { items: [{ dealId: deal.id, quantity: 2 }] });
    const order = await orderOfUser(me.user.id);
    const sessionId = `free_${order.id}`;
    const first = (await vouchersOf(order.id)).map((v) => v.code).sort();

    const again = await fulfilOrder(t.db, provider, t.app.log, { sessionId, orderId: order.id, paymentRef: null });
    expect(again).toBe('already-fulfilled');
    await paymentStatusOf(t.app, me, sessionId);
    await paymentStatusOf(t.app, me, sessionId);

    expect((await vouchersOf(order.id)).map((v) => v.code).sort()).toEqual(first);
    expect(provider.checkouts).toEqual([]);
  });

  it('still holds a customer to maxPerUser, across checkouts, without calling the provider for the refusal', async () => {
    const me = await customer(t);
    const { deal } = await buyableDeal(t.db, { title: 'Free Coffee', priceCents: 0, maxPerUser: 2 });
    await checkoutUrl(me, { dealId: deal.id });
    await checkoutUrl(me, { dealId: deal.id });

    const third = await postCheckout(t.app, me, { dealId: deal.id });
    expectStatus(third, 409);
    expect(messageOf(third)).toMatch(/Free Coffee/);
    const both = await postCheckout(t.app, await customer(t), { items: [{ dealId: deal.id, quantity: 3 }] });
    expectStatus(both, 409);

    expect(await userUnitsOf(t.db, me.user.id, deal.id)).toBe(2);
    expect(provider.checkouts).toEqual([]);
  });

  it('takes free units from the offer, so a free deal sells out like any other', async () => {
    const { deal } = await buyableDeal(t.db, { title: 'Free Sample', priceCents: 0, inventory: 2, maxPerUser: 2 });
    await checkoutUrl(await customer(t), { items: [{ dealId: deal.id, quantity: 2 }] });
    const late = await postCheckout(t.app, await customer(t), { dealId: deal.id });
    expectStatus(late, 409);
    expect(messageOf(late)).toBe('"Free Sample" is sold out');
    expect(await stockOf(t.db, deal.id)).toMatchObject({ inventory: 2, unitsTaken: 2, vouchers: 2 });
  });

  it('sends a cart with a free line and a paid line to the provider as before, the free line at $0', async () => {
    const me = await customer(t);
    const { deal: free } = await buyableDeal(t.db, { title: 'Free Dessert', priceCents: 0 });
    const { deal: paid } = await buyableDeal(t.db, { title: 'Dinner', priceCents: 2500 });
    const url = await checkoutUrl(me, { dealIds: [free.id, paid.id] });

    expect(url.pathname).toBe('/checkout');
    expect(url.searchParams.get('session_id')).toMatch(/^cs_test_/);
    expect(provider.checkouts).toHaveLength(1);
    expect(provider.checkouts[0]!.lines.map((l) => [l.title, l.unitPriceCents]).sort()).toEqual([
      ['Dinner', 2500],
      ['Free Dessert', 0],
    ]);
    const order = await orderOfUser(me.user.id);
    expect(order).toMatchObject({ status: 'pending', totalCents: 2500 });
    expect(await vouchersOf(order.id)).toEqual([]);
  });

  it('refuses the checkout when the deal is withdrawn between placing the order and issuing its vouchers', async () => {
    const me = await customer(t);
    const { deal } = await buyableDeal(t.db, { title: 'Free Gone', priceCents: 0 });
    // The deal is switched off by the very statement that places the order, the narrowest window there is.
    await t.db.execute(
      sql.raw(`CREATE FUNCTION test_withdraw_on_order() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN UPDATE deals SET active = false WHERE id = NEW.deal_id; RETURN NULL; END $$`),
    );
    await t.db.execute(
      sql.raw('CREATE TRIGGER test_withdraw_on_order AFTER INSERT ON order_items FOR EACH ROW EXECUTE FUNCTION test_withdraw_on_order()'),
    );
    try {
      const res = await postCheckout(t.app, me, { dealId: deal.id });
      expectStatus(res, 409);
      expect(messageOf(res)).toBe('"Free Gone" is currently unavailable');
    } finally {
      await t.db.execute(sql.raw('DROP TRIGGER test_withdraw_on_order ON order_items'));
      await t.db.execute(sql.raw('DROP FUNCTION test_withdraw_on_order()'));
    }
    const order = await orderOfUser(me.user.id);
    expect(order.status).not.toBe('paid');
    expect(await vouchersOf(order.id)).toEqual([]);
    expect(await stockOf(t.db, deal.id)).toMatchObject({ unitsTaken: 0, held: 0 });
    expect(await userUnitsOf(t.db, me.user.id, deal.id)).toBe(0);
  });

  it('refuses a free deal that is not on sale, placing nothing', async () => {
    const me = await customer(t);
    const { deal } = await buyableDeal(t.db, { title: 'Free Later', priceCents: 0, validFrom: new Date(Date.now() + 86_400_000) });
    expectStatus(await postCheckout(t.app, me, { dealId: deal.id }), 409);
    expect(await t.db.select().from(orders).where(eq(orders.userId, me.user.id))).toEqual([]);
    expect(provider.checkouts).toEqual([]);
  });
});

describe('refunding a free voucher', () => {
  it('gives nothing back through the provider, and the unit goes back to the offer, by its owner or at expiry', async () => {
    const me = await customer(t);
    const { deal } = await buyableDeal(t.db, { title: 'Free Tasting', priceCents: 0, inventory: 5, maxPerUser: 3 });
    await checkoutUrl(me, { items: [{ dealId: deal.id, quantity: 2 }] });
    const order = await orderOfUser(me.user.id);
    const [first, second] = await vouchersOf(order.id);
    const refundsBefore = provider.unitRefunds.length;

    const owner = await call(t.app, 'POST', `/api/vouchers/${first!.id}/refund`, { sessionId: me.sessionId });
    expectStatus(owner, 200);
    expect(refundAnswer.parse(owner.body).refund).toMatchObject({ amountCents: 0, status: 'succeeded' });

    // Past its date, the sweep's automatic refund settles once, and is not asked about again.
    await t.db.update(vouchers).set({ validUntil: new Date(Date.now() - 60_000) }).where(eq(vouchers.id, second!.id));
    const sweep = { db: t.db, payments: provider, sms: { name: 'quiet' as const, send: async () => undefined }, logger: t.app.log };
    expect(await refundExpiredVouchers(sweep, 50)).toEqual({ refunded: 1, failed: 0 });
    expect(await refundExpiredVouchers(sweep, 50)).toEqual({ refunded: 0, failed: 0 });

    expect(provider.unitRefunds.length).toBe(refundsBefore);
    const rows = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(rows.map((r) => [r.status, r.amountCents, r.tries])).toEqual([
      ['succeeded', 0, 0],
      ['succeeded', 0, 0],
    ]);
    expect((await stockOf(t.db, deal.id)).unitsTaken).toBe(0);
  });
});
