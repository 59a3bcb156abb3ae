/**
 * Shows that the race tests of redemption.test.ts and undo.test.ts can fail: without their conditional updates,
 * parallel requests on a real PostgreSQL server redeem one voucher, or undo one redemption, several times.
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
    await t.db.update(vouchers).set({ status: 'redeemed', redeemed: true, redeemedAt: new Date() }).where(eq(vouchers.id, v!.id));
    return true;
  };
  const wins = (await Promise.all(Array.from({ length: 10 }, naiveRedeem))).filter(Boolean).length;
  expect(wins).toBeGreaterThan(1);
});

it('a read-then-write undo lets several requests take the same redemption back', async () => {
  const merchant = await buildMerchant(t.db);
  const deal = await buildDeal(t.db, { merchantId: merchant.id });
  const customer = await buildCustomer(t.db);
  const { vouchers: [v] } = await buildVouchers(t.db, { userId: customer.id, dealId: deal.id, count: 1 });
  await t.db.update(vouchers).set({ status: 'redeemed', redeemed: true, redeemedAt: new Date() }).where(eq(vouchers.id, v!.id));

  /** What undoRedemption would be without the state in its update's condition: check, then write. */
  const naiveUndo = async (): Promise<boolean> => {
    const [row] = await t.db.select({ status: vouchers.status }).from(vouchers).where(eq(vouchers.id, v!.id));
    if (row!.status !== 'redeemed') return false;
    await t.db.execute(sql`select pg_sleep(0.02)`);
    await t.db.update(vouchers).set({ status: 'active', redeemed: false, redeemedAt: null }).where(eq(vouchers.id, v!.id));
    return true;
  };
  const wins = (await Promise.all(Array.from({ length: 10 }, naiveUndo))).filter(Boolean).length;
  expect(wins).toBeGreaterThan(1);
});
