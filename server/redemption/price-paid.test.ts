/**
 * The counter, the redeem answer and the redemption log show what the customer paid for the voucher
 * (its order line's unit price), and the log keeps that price, so its totals are the money the vouchers
 * brought in: a group member's voucher at the group price, a voucher bought before the deal's price changed
 * at its old price.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { redeemAnswer, redemptionRecordList, redemptionSummary } from '../../contract/redemption';
import { redemptionPreview } from '../../contract/workspace';
import { buildMerchantAccount, buildUser } from '../db/factories';
import { deals, redemptions, vouchers } from '../db/schema';
import { useTestApp } from '../test/app';
import { call, expectStatus, loginAs, type TestSession } from '../test/auth-helpers';
import { buy, buyableDeal, customer, formedGroupOfTwo, orderOf } from '../test/purchase-helpers';

const t = useTestApp();

type VoucherRow = typeof vouchers.$inferSelect;

/** Previews and redeems the voucher at the counter; the price each answer shows, and the log's. */
async function pricesAtTheCounter(shop: TestSession, v: VoucherRow) {
  const body = { code: v.code, pin: v.pin };
  const checked = await call(t.app, 'POST', '/api/merchant/redemptions/preview', { sessionId: shop.sessionId, body });
  expectStatus(checked, 200);
  const redeemed = await call(t.app, 'POST', '/api/redeem', { sessionId: shop.sessionId, body });
  expectStatus(redeemed, 200);
  const log = await call(t.app, 'GET', '/api/merchant/redemptions', { sessionId: shop.sessionId });
  expectStatus(log, 200);
  const [stored] = await t.db.select().from(redemptions).where(eq(redemptions.voucherId, v.id));
  return {
    preview: redemptionPreview.parse(checked.body).priceCents,
    answer: redeemAnswer.parse(redeemed.body).voucher?.priceCents,
    log: redemptionRecordList.parse(log.body).find((r) => r.voucher_id === v.id)?.price_cents,
    stored: stored?.priceCents,
  };
}

async function redeemedValue(): Promise<number> {
  const admin = await loginAs(t, await buildUser(t.db, { role: 'superadmin' }));
  const res = await call(t.app, 'GET', '/api/admin/redemptions/summary', { sessionId: admin.sessionId });
  expectStatus(res, 200);
  return redemptionSummary.parse(res.body).redeemedValueCents;
}

describe('the price at the counter and in the log', () => {
  it('is the group price for a group member’s voucher', async () => {
    const { deal, merchant } = await buyableDeal(t.db, { priceCents: 1999, groupSize: 2, groupPriceCents: 1499, groupWindowHours: 24 });
    const shop = await loginAs(t, await buildMerchantAccount(t.db, merchant.id));
    const { ada } = await formedGroupOfTwo(t, deal.id);
    const [adas] = await t.db.select().from(vouchers).where(eq(vouchers.userId, ada.user.id));

    expect(await pricesAtTheCounter(shop, adas!)).toEqual({ preview: 1499, answer: 1499, log: 1499, stored: 1499 });
    expect(await redeemedValue()).toBe(1499);
  });

  it('is what was paid when the deal’s price changed after the purchase', async () => {
    const { deal, merchant } = await buyableDeal(t.db, { priceCents: 2500 });
    const shop = await loginAs(t, await buildMerchantAccount(t.db, merchant.id));
    const ada = await customer(t);
    const order = await orderOf(t.db, await buy(t.app, ada, { dealId: deal.id }));
    await t.db.update(deals).set({ priceCents: 3500 }).where(eq(deals.id, deal.id));
    const [v] = await t.db.select().from(vouchers).where(eq(vouchers.orderId, order.id));

    expect(await pricesAtTheCounter(shop, v!)).toEqual({ preview: 2500, answer: 2500, log: 2500, stored: 2500 });
    expect(await redeemedValue()).toBe(2500);
  });
});
