/** GET /api/admin/orders?q=: customer service finds an order by its id, number, the customer's phone or a voucher code. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { adminOrderList, type AdminOrder } from '../../contract/orders';
import { buildMerchantAccount, buildUser } from '../db/factories';
import { deals, refunds, vouchers } from '../db/schema';
import { testConfig, useTestApp } from '../test/app';
import { call, expectStatus, loginAs, messageOf, type TestSession } from '../test/auth-helpers';
import { buy, buyableDeal, checkoutOk, customer, lapse, orderOf, pay, testProviderFor } from '../test/purchase-helpers';
import { releaseExpiredOrders } from '../orders/orders.service';

const provider = testProviderFor(testConfig());
const t = useTestApp({ deps: { payments: provider } });

async function search(who: TestSession, q: string): Promise<AdminOrder[]> {
  const res = await call(t.app, 'GET', `/api/admin/orders?q=${encodeURIComponent(q)}`, { sessionId: who.sessionId });
  expectStatus(res, 200);
  return adminOrderList.parse(res.body);
}

/** A paid order of two vouchers: one redeemed, undone and redeemed again, the other refunded after a failed try. */
async function eventfulOrder() {
  const admin = await loginAs(t, await buildUser(t.db, { role: 'superadmin' }));
  const ada = await customer(t);
  const { deal, merchant } = await buyableDeal(t.db, { title: 'Pottery class', priceCents: 2500, maxPerUser: 4 }, { name: 'Clay Corner' });
  const shop = await loginAs(t, await buildMerchantAccount(t.db, merchant.id));
  const sid = await buy(t.app, ada, { items: [{ dealId: deal.id, quantity: 2 }] });
  const order = await orderOf(t.db, sid);
  const [used, returned] = await t.db.select().from(vouchers).where(eq(vouchers.orderId, order.id)).orderBy(vouchers.unitIndex);

  const redeem = () => call(t.app, 'POST', '/api/redeem', { body: { code: used!.code, pin: used!.pin }, sessionId: shop.sessionId });
  expectStatus(await redeem(), 200);
  expectStatus(await call(t.app, 'POST', `/api/merchant/redemptions/${used!.id}/undo`, { sessionId: shop.sessionId }), 200);
  expectStatus(await redeem(), 200);

  const base = { voucherId: returned!.id, orderId: order.id, userId: ada.user.id, amountCents: 2500, reason: 'admin' as const, voucherStatusBefore: 'active' as const, provider: 'test' as const };
  const now = Date.now();
  await t.db.insert(refunds).values({ ...base, status: 'failed', failure: 'provider unavailable', idempotencyKey: `refund-${randomUUID()}`, createdAt: new Date(now + 1_000), settledAt: new Date(now + 2_000) });
  await t.db.insert(refunds).values({ ...base, status: 'succeeded', note: 'double charge', providerRef: 're_test_1', idempotencyKey: `refund-${randomUUID()}`, createdAt: new Date(now + 3_000), settledAt: new Date(now + 4_000) });
  await t.db.update(vouchers).set({ status: 'refunded' }).where(eq(vouchers.id, returned!.id));
  return { admin, ada, order, used: used!, returned: returned! };
}

describe('GET /api/admin/orders', () => {
  it('finds an order by its id, its order number, the customer’s phone and a voucher code', async () => {
    const { admin, ada, order, used, returned } = await eventfulOrder();
    const digits = ada.user.phone.replace('+', '');
    for (const q of [order.id, order.id.toUpperCase(), order.id.slice(0, 8).toUpperCase(), `#${order.id.slice(0, 8)}`, ada.user.phone, digits, `+${digits.slice(0, 1)} (${digits.slice(1, 4)}) ${digits.slice(4, 7)}-${digits.slice(7)}`, used.code, returned.code.toLowerCase()]) {
      const found = await search(admin, q);
      expect(found.map((o) => o.id), `q=${q}`).toEqual([order.id]);
    }
    expect(await search(admin, 'no such thing')).toEqual([]);
    expect(await search(admin, '00000000')).toEqual([]);
  });

  it('tells the order’s whole story with who, how it was paid, redemptions and refunds', async () => {
    const { admin, ada, order, used, returned } = await eventfulOrder();
    const [found] = await search(admin, order.id);
    expect(found).toMatchObject({
      id: order.id,
      // One of its two vouchers' money went back; the failed try gave nothing.
      status: 'partially_refunded',
      totalCents: 5000,
      refundedCents: 2500,
      customerPhone: ada.user.phone,
      customerEmail: ada.user.email,
      provider: 'test',
      providerSessionId: order.providerSessionId,
      paymentRef: order.paymentRef,
    });
    const usedAnswer = found!.vouchers.find((v) => v.id === used.id)!;
    expect(usedAnswer).toMatchObject({ merchantName: 'Clay Corner', status: 'redeemed', dealTitle: 'Pottery class' });
    expect(usedAnswer.redemptions.map((r) => [r.success, r.undoneAt !== null])).toEqual([
      [true, true],
      [true, false],
    ]);
    expect(found!.vouchers.find((v) => v.id === returned.id)).toMatchObject({ status: 'refunded', redemptions: [], refund: { status: 'succeeded' } });
    expect(found!.refunds.map((r) => [r.status, r.note, r.providerRef, r.failure])).toEqual([
      ['succeeded', 'double charge', 're_test_1', null],
      ['failed', null, null, 'provider unavailable'],
    ]);

    expect(found!.story.map((e) => e.kind)).toEqual([
      'placed',
      'paid',
      'voucher_issued',
      'voucher_issued',
      'redeemed',
      'redemption_undone',
      'redeemed',
      'refund_requested',
      'refund_failed',
      'refund_requested',
      'refunded',
    ]);
    const times = found!.story.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(found!.story.filter((e) => e.kind === 'redeemed').every((e) => e.voucherCode === used.code)).toBe(true);
    expect(found!.story.at(-1)).toMatchObject({ kind: 'refunded', voucherCode: returned.code, text: `Refund of $25.00 for voucher ${returned.code} paid back.` });
    expect(found!.story[0]!.text).toBe('Order placed: 2 units for $50.00.');
  });

  it('reads an order refunded once the last of its vouchers’ money went back', async () => {
    const { admin, ada, order, used } = await eventfulOrder();
    await t.db.insert(refunds).values({
      voucherId: used.id,
      orderId: order.id,
      userId: ada.user.id,
      amountCents: 2500,
      status: 'succeeded',
      reason: 'goodwill',
      voucherStatusBefore: 'redeemed',
      provider: 'test',
      idempotencyKey: `refund-${randomUUID()}`,
      settledAt: new Date(),
    });
    const [found] = await search(admin, order.id);
    expect(found).toMatchObject({ status: 'refunded', totalCents: 5000, refundedCents: 5000 });
  });

  it('shows unpaid attempts and a payment returned whole', async () => {
    const admin = await loginAs(t, await buildUser(t.db, { role: 'superadmin' }));
    const bob = await customer(t);
    const { deal } = await buyableDeal(t.db, { priceCents: 700, maxPerUser: 5 });
    const lapsed = await checkoutOk(t.app, bob, { dealId: deal.id });
    await lapse(t.db, lapsed);
    await releaseExpiredOrders(t.db);
    const late = await checkoutOk(t.app, bob, { dealId: deal.id });
    await t.db.update(deals).set({ status: 'archived', active: false }).where(eq(deals.id, deal.id));
    expectStatus(await pay(t.app, bob, late), 409);

    const found = await search(admin, bob.user.phone);
    expect(found.map((o) => [o.providerSessionId, o.status])).toEqual([
      [late, 'refunded'],
      [lapsed, 'expired'],
    ]);
    const [returned, expired] = found;
    expect(expired!.story.map((e) => e.kind)).toEqual(['placed', 'expired']);
    expect(returned!.refundedCents).toBe(700);
    expect(returned!.story.map((e) => e.kind)).toEqual(['placed', 'paid', 'refund_requested', 'refunded']);
    expect(returned!.story.find((e) => e.kind === 'refund_requested')!.text).toMatch(/deal was withdrawn before the payment arrived/);
  });

  it('is for superadmins only, and needs something to look for', async () => {
    expectStatus(await call(t.app, 'GET', '/api/admin/orders?q=abc'), 401);
    const shopper = await customer(t);
    const { merchant } = await buyableDeal(t.db);
    const shop = await loginAs(t, await buildMerchantAccount(t.db, merchant.id));
    for (const who of [shopper, shop]) {
      const res = await call(t.app, 'GET', '/api/admin/orders?q=abc', { sessionId: who.sessionId });
      expectStatus(res, 403);
      expect(messageOf(res)).toBe('Only a superadmin can do that');
    }
    const admin = await loginAs(t, await buildUser(t.db, { role: 'superadmin' }));
    const empty = await call(t.app, 'GET', '/api/admin/orders?q=%20', { sessionId: admin.sessionId });
    expectStatus(empty, 400);
    expect(messageOf(empty)).toBe('q: Enter an order number, a phone number or a voucher code');
  });
});
