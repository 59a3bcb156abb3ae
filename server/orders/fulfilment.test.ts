/** Fulfilment: one statement for every order, pending or lapsed, paid once or many times at once. */
import { describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { databaseError } from '../db/errors';
import { databaseFunction } from '../db/prepared';
import { holds, paymentEvents, vouchers } from '../db/schema';
import { testConfig, useTestApp } from '../test/app';
import { expectStatus } from '../test/auth-helpers';
import { buyableDeal, checkoutOk, customer, lapse, orderOf, pay, stockOf, testProviderFor } from '../test/purchase-helpers';
import { releaseExpiredOrders } from './orders.service';
import { fulfilOrder } from './fulfilment';

const provider = testProviderFor(testConfig());
const t = useTestApp({ deps: { payments: provider } });

/** A customer's pending order of `quantity` units of a fresh deal. */
async function pendingOrder(quantity: number) {
  const { deal } = await buyableDeal(t.db, { inventory: 10, maxPerUser: 5 });
  const me = await customer(t);
  const sessionId = await checkoutOk(t.app, me, { items: [{ dealId: deal.id, quantity }] });
  const order = await orderOf(t.db, sessionId);
  return { deal, me, sessionId, quantity, order, ref: { sessionId, orderId: order.id, paymentRef: 'pi_test_1' } };
}

const event = (id: string) => ({ provider: 'test', id, type: 'checkout.session.completed' });

describe('fulfilOrder', () => {
  it('issues every voucher of a pending order, converts its holds and records the event, without a transaction', async () => {
    const { deal, order, ref } = await pendingOrder(3);
    const transaction = vi.spyOn(t.db, 'transaction');
    try {
      expect(await fulfilOrder(t.db, provider, t.app.log, ref, event('evt_fast'), { id: order.id, units: 3 })).toBe('fulfilled');
      expect(transaction).not.toHaveBeenCalled();
    } finally {
      transaction.mockRestore();
    }
    const issued = await t.db.select().from(vouchers).where(eq(vouchers.orderId, order.id));
    expect(issued.map((v) => v.unitIndex).sort()).toEqual([0, 1, 2]);
    expect(new Set(issued.map((v) => v.code)).size).toBe(3);
    expect(issued.every((v) => v.userId === order.userId && v.dealId === deal.id && /^\d+$/.test(v.pin))).toBe(true);
    const paid = await orderOf(t.db, ref.sessionId);
    expect(paid.status).toBe('paid');
    expect(paid.fulfilledAt).not.toBeNull();
    expect((await t.db.select().from(holds).where(eq(holds.dealId, deal.id))).map((h) => h.status)).toEqual(['converted']);
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, 'evt_fast'))).toHaveLength(1);
    expect(await stockOf(t.db, deal.id)).toMatchObject({ unitsTaken: 3, held: 0, vouchers: 3 });
  });

  it('is the path a payment through the built-in provider takes', async () => {
    const { me, order, sessionId } = await pendingOrder(2);
    const transaction = vi.spyOn(t.db, 'transaction');
    try {
      expectStatus(await pay(t.app, me, sessionId), 200);
      expect(transaction).not.toHaveBeenCalled();
    } finally {
      transaction.mockRestore();
    }
    expect(await t.db.select().from(vouchers).where(eq(vouchers.orderId, order.id))).toHaveLength(2);
  });

  it('fulfils payments that arrive at once, each with its own outcome', async () => {
    const pending = [];
    for (let i = 0; i < 6; i++) pending.push(await pendingOrder(1 + (i % 3)));
    // Every order paid at once, the first one twice.
    const payments = [...pending, pending[0]!].map((p, i) => fulfilOrder(t.db, provider, t.app.log, p.ref, event(`evt_together_${i}`), { id: p.order.id, units: p.quantity }));
    const outcomes = await Promise.all(payments);
    expect(outcomes.filter((o) => o === 'fulfilled')).toHaveLength(6);
    expect(outcomes.filter((o) => o === 'already-fulfilled')).toHaveLength(1);
    for (const p of pending) {
      const issued = await t.db.select().from(vouchers).where(eq(vouchers.orderId, p.order.id));
      expect(issued).toHaveLength(p.quantity);
      expect((await orderOf(t.db, p.sessionId)).status).toBe('paid');
    }
  });

  it('answers already-fulfilled for a second payment, issuing nothing more', async () => {
    const { order, ref } = await pendingOrder(2);
    expect(await fulfilOrder(t.db, provider, t.app.log, ref, event('evt_1'), { id: order.id, units: 2 })).toBe('fulfilled');
    expect(await fulfilOrder(t.db, provider, t.app.log, ref, event('evt_2'), { id: order.id, units: 2 })).toBe('already-fulfilled');
    expect(await t.db.select().from(vouchers).where(eq(vouchers.orderId, order.id))).toHaveLength(2);
  });

  it('issues the right vouchers when told a wrong number of units', async () => {
    const { order, ref } = await pendingOrder(2);
    expect(await fulfilOrder(t.db, provider, t.app.log, ref, event('evt_short'), { id: ref.orderId, units: 1 })).toBe('fulfilled');
    expect(await t.db.select().from(vouchers).where(eq(vouchers.orderId, order.id))).toHaveLength(2);
  });

  it('takes the units again for an order whose hold lapsed', async () => {
    const { deal, ref } = await pendingOrder(1);
    await lapse(t.db, ref.sessionId);
    expect(await releaseExpiredOrders(t.db)).toBe(1);
    expect(await fulfilOrder(t.db, provider, t.app.log, ref, event('evt_late'), { id: ref.orderId, units: 1 })).toBe('fulfilled');
    expect(await stockOf(t.db, deal.id)).toMatchObject({ unitsTaken: 1, held: 0, vouchers: 1 });
  });

  it('undoes everything when a drawn code is taken (DM005)', async () => {
    const { order } = await pendingOrder(1);
    const other = await pendingOrder(1);
    expect(await fulfilOrder(t.db, provider, t.app.log, other.ref, event('evt_other'), { id: other.order.id, units: 1 })).toBe('fulfilled');
    const [existing] = await t.db.select().from(vouchers).where(eq(vouchers.orderId, other.order.id));
    const fulfil = databaseFunction('fulfil_order', 12);
    const refused = await fulfil(t.db, [order.id, new Date().toISOString(), 30, [existing!.code], ['1234'], null, null, null, null, null, null, null]).then(
      () => 'issued',
      (err: unknown) => databaseError(err)?.code,
    );
    expect(refused).toBe('DM005');
    expect((await orderOf(t.db, order.providerSessionId!)).status).toBe('pending');
    expect(await t.db.select().from(vouchers).where(eq(vouchers.orderId, order.id))).toHaveLength(0);
  });
});
