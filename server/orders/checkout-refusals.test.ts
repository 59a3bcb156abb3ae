/**
 * Checkouts that must not turn into a sale: a total no provider takes is refused before the provider
 * is called, and a payment for a deal withdrawn since its checkout opened is refunded, not fulfilled.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MAX_CHECKOUT_TOTAL_CENTS } from '../../contract/checkout';
import { deals, merchants, vouchers } from '../db/schema';
import { testConfig, useTestApp } from '../test/app';
import { expectStatus, messageOf } from '../test/auth-helpers';
import {
  buyableDeal,
  checkoutOk,
  customer,
  lapse,
  orderOf,
  pay,
  paymentStatusOf,
  postCheckout,
  postTestWebhook,
  signedPaidEvent,
  stockOf,
  testProviderFor,
  userUnitsOf,
} from '../test/purchase-helpers';

const provider = testProviderFor(testConfig());
const t = useTestApp({ deps: { payments: provider } });

/** The refunds the provider made from one checkout session's payment. */
const refundsOfSession = (sid: string) => provider.unitRefunds.filter((r) => r.sessionId === sid);

/** The one refund a payment that could not be fulfilled gets: the order's whole amount, for neither a voucher nor a group member. */
const wholeRefund = (order: { id: string; totalCents: number }, reason: string) =>
  expect.objectContaining({ orderId: order.id, amountCents: order.totalCents, reason, voucherId: null, groupMemberId: null, status: 'succeeded' });

describe('checkout totals', () => {
  it('refuses a total beyond what the provider takes with 400, before opening a payment page', async () => {
    const { deal } = await buyableDeal(t.db, { priceCents: 100_000_000, maxPerUser: 50 });
    const me = await customer(t);
    const before = provider.checkouts.length;
    const res = await postCheckout(t.app, me, { items: [{ dealId: deal.id, quantity: 22 }] });
    expectStatus(res, 400);
    expect(messageOf(res)).toBe('A checkout can total at most $999,999.99');
    expect(provider.checkouts.length).toBe(before);
    expect(await stockOf(t.db, deal.id)).toMatchObject({ unitsTaken: 0, held: 0 });
  });

  it('refuses a total one cent over the limit across several lines, and takes one at the limit', async () => {
    // No deal costs less than 50 cents, so the cent over comes from two lines a cent apart.
    const { deal: a } = await buyableDeal(t.db, { priceCents: 33_333_300, maxPerUser: 5 });
    const { deal: over } = await buyableDeal(t.db, { priceCents: 100, maxPerUser: 5 });
    const { deal: at } = await buyableDeal(t.db, { priceCents: 99, maxPerUser: 5 });
    const me = await customer(t);
    expect(33_333_300 * 3 + 100).toBe(MAX_CHECKOUT_TOTAL_CENTS + 1);
    expectStatus(await postCheckout(t.app, me, { items: [{ dealId: a.id, quantity: 3 }, { dealId: over.id, quantity: 1 }] }), 400);
    const sid = await checkoutOk(t.app, me, { items: [{ dealId: a.id, quantity: 3 }, { dealId: at.id, quantity: 1 }] });
    expect((await orderOf(t.db, sid)).totalCents).toBe(MAX_CHECKOUT_TOTAL_CENTS);
  });
});

describe('a deal withdrawn between checkout and payment', () => {
  const withdrawals = {
    archived: (dealId: string) => t.db.update(deals).set({ status: 'archived', active: false }).where(eq(deals.id, dealId)),
    unpublished: (dealId: string) => t.db.update(deals).set({ status: 'draft', active: false }).where(eq(deals.id, dealId)),
    'switched off': (dealId: string) => t.db.update(deals).set({ active: false }).where(eq(deals.id, dealId)),
    'merchant deactivated': async (dealId: string) => {
      const [d] = await t.db.select({ merchantId: deals.merchantId }).from(deals).where(eq(deals.id, dealId));
      await t.db.update(merchants).set({ status: 'inactive' }).where(eq(merchants.id, d!.merchantId));
    },
  };

  for (const [how, withdraw] of Object.entries(withdrawals)) {
    it(`${how}: the built-in provider's payment is refunded, no voucher is issued and the units go back`, async () => {
      const { deal } = await buyableDeal(t.db, { inventory: 10, maxPerUser: 3 });
      const me = await customer(t);
      const sid = await checkoutOk(t.app, me, { items: [{ dealId: deal.id, quantity: 2 }] });
      await withdraw(deal.id);

      const res = await pay(t.app, me, sid);
      expectStatus(res, 409);
      expect(messageOf(res)).toBe('Sorry, this deal is no longer available. Your payment has been refunded.');
      expect(await t.db.select().from(vouchers).where(eq(vouchers.dealId, deal.id))).toHaveLength(0);
      const order = await orderOf(t.db, sid);
      expect(order.status).toBe('refunded');
      expect(refundsOfSession(sid)).toEqual([wholeRefund(order, 'withdrawn')]);
      // Given back from the payment the provider took on its page.
      expect(refundsOfSession(sid)[0]!.paymentRef).toBe(order.paymentRef);
      expect(await stockOf(t.db, deal.id)).toMatchObject({ unitsTaken: 0, held: 0, vouchers: 0 });
      expect(await userUnitsOf(t.db, me.user.id, deal.id)).toBe(0);
      expect((await paymentStatusOf(t.app, me, sid)).vouchers).toEqual([]);
    });
  }

  it('a provider webhook for the withdrawn deal refunds once, however often it is delivered', async () => {
    const { deal } = await buyableDeal(t.db, { inventory: 5 });
    const me = await customer(t);
    const sid = await checkoutOk(t.app, me, { dealId: deal.id });
    await withdrawals.archived(deal.id);
    const order = await orderOf(t.db, sid);
    for (let i = 0; i < 3; i++) {
      expect((await postTestWebhook(t.app, signedPaidEvent(provider, order, `evt_withdrawn_${i}`))).statusCode).toBe(200);
    }
    expect(await t.db.select().from(vouchers).where(eq(vouchers.orderId, order.id))).toHaveLength(0);
    expect(refundsOfSession(sid)).toEqual([wholeRefund(order, 'withdrawn')]);
    expect((await orderOf(t.db, sid)).status).toBe('refunded');
  });

  it('a late payment (hold lapsed) for a withdrawn deal is refunded too', async () => {
    const { deal } = await buyableDeal(t.db, { inventory: 5 });
    const me = await customer(t);
    const sid = await checkoutOk(t.app, me, { dealId: deal.id });
    await lapse(t.db, sid);
    await withdrawals['switched off'](deal.id);
    const order = await orderOf(t.db, sid);
    expect((await postTestWebhook(t.app, signedPaidEvent(provider, order, 'evt_late_withdrawn'))).statusCode).toBe(200);
    expect(await t.db.select().from(vouchers).where(eq(vouchers.orderId, order.id))).toHaveLength(0);
    expect((await orderOf(t.db, sid)).status).toBe('refunded');
    expect(refundsOfSession(sid)).toEqual([wholeRefund(order, 'withdrawn')]);
  });
});
