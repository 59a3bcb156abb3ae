/** GET /api/user/orders: a customer's own orders, newest first, with lines, vouchers and refunds. */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { NEXT_CURSOR_HEADER } from '../../contract/constants';
import { customerOrderList, type CustomerOrder } from '../../contract/orders';
import { refunds, vouchers } from '../db/schema';
import { testConfig, useTestApp } from '../test/app';
import { call, expectStatus, messageOf, type TestSession } from '../test/auth-helpers';
import { buy, buyableDeal, checkoutOk, customer, orderOf, testProviderFor } from '../test/purchase-helpers';

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
    await t.db.insert(refunds).values({ ...base, status: 'failed', failure: 'card closed', createdAt: new Date(Date.now() - 60_000), settledAt: new Date(Date.now() - 59_000) });
    const [done] = await t.db.insert(refunds).values({ ...base, status: 'succeeded', providerRef: 're_1', settledAt: new Date() }).returning();
    await t.db.update(vouchers).set({ status: 'refunded' }).where(eq(vouchers.id, breadVoucher!.id));

    const { orders: list, next } = await ordersOf(ada);
    expect(next).toBeUndefined();
    expect(list.map((o) => o.id)).toEqual([unpaid.id, second.id, first.id]);

    const [pending, , paid] = list;
    expect(pending).toMatchObject({ status: 'pending', paidAt: null, totalCents: 800, refundedCents: 0, vouchers: [], refunds: [] });
    expect(pending!.items).toEqual([{ dealId: bread.id, title: 'Sourdough loaf', quantity: 1, unitPriceCents: 800, imageUrl: '/img/bread.jpg' }]);

    expect(paid).toMatchObject({ status: 'paid', totalCents: 2050, refundedCents: 800 });
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
