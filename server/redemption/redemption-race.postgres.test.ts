/**
 * Shows that the race test of redemption.test.ts can fail: without the conditional update, parallel
 * requests on a real PostgreSQL server redeem one voucher several times.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/app';
import { buildVouchers } from '../test/fixtures';
import { buildCustomer, buildDeal, buildMerchant } from '../db/factories';
import { vouchers } from '../db/schema';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

it('a read-then-write redemption lets several requests win', async () => {
  const merchant = await buildMerchant(t.db);
  const deal = await buildDeal(t.db, { merchantId: merchant.id });
  const customer = await buildCustomer(t.db);
  const { vouchers: [v] } = await buildVouchers(t.db, { userId: customer.id, dealId: deal.id, count: 1 });

  /** What redeemVoucher would be without its conditional update: check, then write. */
  const naiveRedeem = async (): Promise<boolean> => {
    const [row] = await t.db.select({ redeemed: vouchers.redeemed }).from(vouchers).where(eq(vouchers.id, v!.id));
    if (row!.redeemed) return false;
    await t.db.execute(sql`select pg_sleep(0.02)`);
    await t.db.update(vouchers).set({ redeemed: true, redeemedAt: new Date() }).where(eq(vouchers.id, v!.id));
    return true;
  };
  const wins = (await Promise.all(Array.from({ length: 10 }, naiveRedeem))).filter(Boolean).length;
  expect(wins).toBeGreaterThan(1);
});
