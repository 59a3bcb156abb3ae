/**
 * A voucher is worth what was paid for it: its order line's unit price. A group member paid the group
 * price, and a deal whose price changes later does not change what its vouchers cost, so every answer
 * that shows a voucher (My Vouchers, one voucher, the success page, the refund answers) shows that price.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { voucher as voucherSchema, voucherList } from '../../contract/checkout';
import { deals, vouchers } from '../db/schema';
import { useTestApp } from '../test/app';
import { call, expectStatus, type TestSession } from '../test/auth-helpers';
import { buy, buyableDeal, customer, formedGroupOfTwo, orderOf, paymentStatusOf } from '../test/purchase-helpers';
import { presentVoucherById } from '../orders/orders.service';

const t = useTestApp();

async function vouchersOf(who: TestSession) {
  const res = await call(t.app, 'GET', '/api/user/vouchers', { sessionId: who.sessionId });
  expectStatus(res, 200);
  return voucherList.parse(res.body);
}

async function oneVoucher(who: TestSession, id: string) {
  const res = await call(t.app, 'GET', `/api/user/vouchers/${id}`, { sessionId: who.sessionId });
  expectStatus(res, 200);
  return voucherSchema.parse(res.body);
}

describe('the price of a voucher', () => {
  it('is the group price for a member of a group, not the deal’s price', async () => {
    const { deal } = await buyableDeal(t.db, { priceCents: 1999, groupSize: 2, groupPriceCents: 1499, groupWindowHours: 24 });
    const { ada, adaSession } = await formedGroupOfTwo(t, deal.id);

    const [mine] = await vouchersOf(ada);
    expect(mine).toMatchObject({ dealId: deal.id, priceCents: 1499 });
    expect((await oneVoucher(ada, mine!.id)).priceCents).toBe(1499);
    expect((await paymentStatusOf(t.app, ada, adaSession)).vouchers.map((v) => v.priceCents)).toEqual([1499]);
    // The refund answers carry the voucher as this presents it.
    expect((await presentVoucherById(t.db, mine!.id))?.priceCents).toBe(1499);
  });

  it('stays what was paid when the deal’s price changes afterwards', async () => {
    const { deal } = await buyableDeal(t.db, { priceCents: 2500, maxPerUser: 2 });
    const ada = await customer(t);
    const sid = await buy(t.app, ada, { items: [{ dealId: deal.id, quantity: 2 }] });
    await t.db.update(deals).set({ priceCents: 3500 }).where(eq(deals.id, deal.id));

    const listed = await vouchersOf(ada);
    expect(listed.map((v) => v.priceCents)).toEqual([2500, 2500]);
    expect((await oneVoucher(ada, listed[0]!.id)).priceCents).toBe(2500);
    expect((await paymentStatusOf(t.app, ada, sid)).vouchers.map((v) => v.priceCents)).toEqual([2500, 2500]);
    const [issued] = await t.db.select().from(vouchers).where(eq(vouchers.orderId, (await orderOf(t.db, sid)).id));
    expect((await presentVoucherById(t.db, issued!.id))?.priceCents).toBe(2500);
  });
});
