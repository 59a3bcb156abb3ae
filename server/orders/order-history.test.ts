/**
 * GET /api/user/orders: a customer's own orders, newest first, with lines, vouchers and refunds, and the
 * status they read as once money went back.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { NEXT_CURSOR_HEADER } from '../../contract/constants';
import { customerOrderList, type CustomerOrder } from '../../contract/orders';
import { refunds, vouchers } from '../db/schema';
import { testConfig, useTestApp } from '../test/app';
import { call, expectStatus, messageOf, type TestSession } from '../test/auth-helpers';
import { buy, buyableDeal, checkoutOk, customer, orderOf, testProviderFor } from '../test/purchase-helpers';
import { orderStatusOf } from './order-history.service';

const provider = testProviderFor(testConfig());
const t = useTestApp({ deps: { payments: provider } });

async function ordersOf(who: TestSession, query = ''): Promise<{ orders: CustomerOrder[]; next: string | undefined }> {
  const res = await call(t.app, 'GET', `/api/user/orders${query}`, { sessionId: who.sessionId });
  expectStatus(res, 200);
  const next = res.headers[NEXT_CURSOR_HEADER];
  return { orders: customerOrderList.parse(res.body), next: typeof next === 'string' ? next : undefined };
}

describe('GET /api/user/orders', () => {
  it('lists the caller’s orders newest first, paid and unpaid, with items, vouchers and refunds', async () => {
    const ada = await customer(t);
    const bob = await customer(t);
    const { deal: bread } = await buyableDeal(t.db, { title: 'Sourdough loaf', priceCents: 800, imageUrl: '/img/bread.jpg', maxPerUser: 5 });
    const { deal: cake } = await buyableDeal(t.db, { title: 'Carrot cake', priceCents: 450, maxPerUser: 5 });

    const first = await orderOf(t.db, await buy(t.app, ada, { items: [{ dealId: bread.id, quantity: 2 }, { dealId: cake.id, quantity: 1 }] }));
    const second = await orderOf(t.db, await buy(t.app, ada, { dealId: cake.id }));
    const unpaid = await orderOf(t.db, await checkoutOk(t.app, ada, { dealId: bread.id }));
    await buy(t.app, bob, { dealId: bread.id });

    // One voucher of the first order refunded after a failed try; the failure stays in its history.
    const [breadVoucher] = await t.db
      .select()
      .from(vouchers)
      .where(and(eq(vouchers.orderId, first.id), eq(vouchers.dealId, bread.id)))
      .orderBy(vouchers.unitIndex);
    const base = { voucherId: breadVoucher!.id, orderId: first.id, userId: ada.user.id, amountCents: 800, reason: 'customer' as const, voucherStatusBefore: 'active' as const, provider: 'test' as const };
    await t.db.insert(refunds).values({ ...base, status: 'failed', failure: 'card closed', idempotencyKey: `refund-${randomUUID()}`, createdAt: new Date(Date.now() - 60_000), settledAt: new Date(Date.now() - 59_000) });
    const [done] = await t.db.insert(refunds).values({ ...base, status: 'succeeded', providerRef: 're_1', idempotencyKey: `refund-${randomUUID()}`, settledAt: new Date() }).returning();
    await t.db.update(vouchers).set({ status: 'refunded' }).where(eq(vouchers.id, breadVoucher!.id));

    const { orders: list, next } = await ordersOf(ada);
    expect(next).toBeUndefined();
    expect(list.map((o) => o.id)).toEqual([unpaid.id, second.id, first.id]);

    const [pending, , paid] = list;
    expect(pending).toMatchObject({ status: 'pending', paidAt: null, totalCents: 800, refundedCents: 0, vouchers: [], refunds: [] });
    expect(pending!.items).toEqual([{ dealId: bread.id, title: 'Sourdough loaf', quantity: 1, unitPriceCents: 800, imageUrl: '/img/bread.jpg' }]);

    expect(paid).toMatchObject({ status: 'partially_refunded', totalCents: 2050, refundedCents: 800 });
    expect(paid!.paidAt).not.toBeNull();
    expect(paid!.items.map((i) => [i.title, i.quantity])).toEqual([
      ['Carrot cake', 1],
      ['Sourdough loaf', 2],
    ]);
    expect(paid!.vouchers).toHaveLength(3);
    const refunded = paid!.vouchers.find((v) => v.id === breadVoucher!.id)!;
    expect(refunded).toMatchObject({ dealTitle: 'Sourdough loaf', voucherCode: breadVoucher!.code, status: 'refunded', priceCents: 800, redeemedAt: null });
    expect(refunded.refund).toMatchObject({ id: done!.id, status: 'succeeded', amountCents: 800, reason: 'customer' });
    expect(paid!.vouchers.filter((v) => v.id !== breadVoucher!.id).every((v) => v.status === 'active' && v.refund === null)).toBe(true);
    expect(paid!.refunds.map((r) => [r.status, r.voucherId])).toEqual([
      ['succeeded', breadVoucher!.id],
      ['failed', breadVoucher!.id],
    ]);
  });

  it('pages by cursor without skipping or repeating an order', async () => {
    const ada = await customer(t);
    const { deal } = await buyableDeal(t.db, { maxPerUser: 10 });
    for (let i = 0; i < 5; i++) await buy(t.app, ada, { dealId: deal.id });
    const all = (await ordersOf(ada)).orders.map((o) => o.id);
    expect(all).toHaveLength(5);

    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 5; page++) {
      const { orders: some, next } = await ordersOf(ada, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...some.map((o) => o.id));
      cursor = next;
      if (!cursor) break;
    }
    expect(cursor).toBeUndefined();
    expect(seen).toEqual(all);
  });

  it('refuses a guest, a cursor it did not make and a limit out of range', async () => {
    expectStatus(await call(t.app, 'GET', '/api/user/orders'), 401);
    const ada = await customer(t);
    const bad = await call(t.app, 'GET', '/api/user/orders?cursor=nonsense', { sessionId: ada.sessionId });
    expectStatus(bad, 400);
    expect(messageOf(bad)).toBe('cursor: is invalid');
    expectStatus(await call(t.app, 'GET', '/api/user/orders?limit=0', { sessionId: ada.sessionId }), 400);
    expect((await ordersOf(ada)).orders).toEqual([]);
  });
});

describe('the status an order reads as', () => {
  type VoucherRow = typeof vouchers.$inferSelect;

  async function refundOf(v: VoucherRow, amountCents: number, status: 'pending' | 'succeeded' | 'failed') {
    await t.db.insert(refunds).values({
      voucherId: v.id,
      orderId: v.orderId,
      userId: v.userId,
      amountCents,
      status,
      reason: 'customer',
      voucherStatusBefore: 'active',
      provider: 'test',
      idempotencyKey: `refund-${randomUUID()}`,
      settledAt: status === 'pending' ? null : new Date(),
    });
  }

  it('is refunded once every unit’s money went back, partly refunded while some did, and paid while refunds are failed or pending', async () => {
    const ada = await customer(t);
    const { deal } = await buyableDeal(t.db, { priceCents: 800, maxPerUser: 10 });
    const bought = async () => {
      const order = await orderOf(t.db, await buy(t.app, ada, { items: [{ dealId: deal.id, quantity: 2 }] }));
      const issued = await t.db.select().from(vouchers).where(eq(vouchers.orderId, order.id)).orderBy(vouchers.unitIndex);
      return { order, issued: issued as [VoucherRow, VoucherRow] };
    };
    const whole = await bought();
    await refundOf(whole.issued[0], 800, 'succeeded');
    await refundOf(whole.issued[1], 800, 'succeeded');
    const half = await bought();
    await refundOf(half.issued[0], 800, 'succeeded');
    await refundOf(half.issued[1], 800, 'failed');
    const failed = await bought();
    await refundOf(failed.issued[0], 800, 'failed');
    const pending = await bought();
    await refundOf(pending.issued[0], 800, 'pending');

    const { orders: list } = await ordersOf(ada);
    const statusOf = (id: string) => list.find((o) => o.id === id)!.status;
    expect(statusOf(whole.order.id)).toBe('refunded');
    expect(statusOf(half.order.id)).toBe('partially_refunded');
    expect(statusOf(failed.order.id)).toBe('paid');
    expect(statusOf(pending.order.id)).toBe('paid');
  });
});

describe('orderStatusOf', () => {
  const paid = (totalCents: number) => ({ status: 'paid' as const, totalCents });
  const refund = (amountCents: number, status: 'pending' | 'succeeded' | 'failed', voucherId: string | null = 'v1') => ({ amountCents, status, voucherId });

  it('keeps every stored status but paid as it is', () => {
    for (const status of ['pending', 'expired', 'cancelled', 'refunded'] as const) {
      expect(orderStatusOf({ status, totalCents: 1000 }, [refund(1000, 'succeeded')], ['v1'])).toBe(status);
    }
  });

  it('counts the money of succeeded refunds only', () => {
    expect(orderStatusOf(paid(1000), [], ['v1', 'v2'])).toBe('paid');
    expect(orderStatusOf(paid(1000), [refund(500, 'failed'), refund(500, 'pending', 'v2')], ['v1', 'v2'])).toBe('paid');
    expect(orderStatusOf(paid(1000), [refund(500, 'succeeded')], ['v1', 'v2'])).toBe('partially_refunded');
    expect(orderStatusOf(paid(1000), [refund(500, 'succeeded'), refund(500, 'failed', 'v2')], ['v1', 'v2'])).toBe('partially_refunded');
    expect(orderStatusOf(paid(1000), [refund(500, 'succeeded'), refund(500, 'succeeded', 'v2')], ['v1', 'v2'])).toBe('refunded');
    // A group member's or an unfulfilled order's whole payment, given back without a voucher.
    expect(orderStatusOf(paid(1499), [refund(1499, 'succeeded', null)], [])).toBe('refunded');
  });

  it('counts the vouchers of a $0 order, which has no money to count', () => {
    expect(orderStatusOf(paid(0), [], ['v1', 'v2'])).toBe('paid');
    expect(orderStatusOf(paid(0), [refund(0, 'succeeded'), refund(0, 'failed', 'v2')], ['v1', 'v2'])).toBe('partially_refunded');
    expect(orderStatusOf(paid(0), [refund(0, 'succeeded'), refund(0, 'succeeded', 'v2')], ['v1', 'v2'])).toBe('refunded');
    expect(orderStatusOf(paid(0), [refund(0, 'succeeded', null)], [])).toBe('refunded');
    expect(orderStatusOf(paid(0), [refund(0, 'pending', null)], [])).toBe('paid');
  });
});
