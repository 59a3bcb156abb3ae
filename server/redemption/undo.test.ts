/** Undoing a redemption: POST /api/merchant/redemptions/{voucherId}/undo (docs/product/rules.md#refunds-and-the-voucher-s-life, ADR 027). */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { REDEMPTION_UNDO_MINUTES } from '../../contract/constants';
import { undoRedemptionAnswer } from '../../contract/orders';
import { redeemAnswer, redemptionRecordList, redemptionSummary } from '../../contract/redemption';
import { createTestApp, type TestApp } from '../test/app';
import { call, expectStatus, loginAs, messageOf, type TestSession } from '../test/auth-helpers';
import { buildVouchers } from '../test/fixtures';
import { buildCustomer, buildDeal, buildMerchant, buildMerchantAccount, buildUser } from '../db/factories';
import { rateLimits, redemptions, vouchers } from '../db/schema';

let t: TestApp;
let merchantSession: TestSession;
let otherMerchantSession: TestSession;
let customerSession: TestSession;
let adminSession: TestSession;
let dealId: string;
let customerId: string;

beforeAll(async () => {
  t = await createTestApp();
  const merchant = await buildMerchant(t.db, { name: 'Undo Bakery' });
  const other = await buildMerchant(t.db, { name: 'Elsewhere' });
  merchantSession = await loginAs(t, await buildMerchantAccount(t.db, merchant.id));
  otherMerchantSession = await loginAs(t, await buildMerchantAccount(t.db, other.id));
  const customer = await buildCustomer(t.db);
  customerId = customer.id;
  customerSession = await loginAs(t, customer);
  adminSession = await loginAs(t, await buildUser(t.db, { role: 'superadmin' }));
  dealId = (await buildDeal(t.db, { merchantId: merchant.id, title: 'Sourdough loaf', priceCents: 800 })).id;
});

afterAll(async () => {
  await t.close();
});

beforeEach(async () => {
  await t.db.delete(rateLimits);
});

async function redeemedVoucher() {
  const { vouchers: [v] } = await buildVouchers(t.db, { userId: customerId, dealId, count: 1 });
  const res = await call(t.app, 'POST', '/api/redeem', { body: { code: v!.code, pin: v!.pin }, sessionId: merchantSession.sessionId });
  expectStatus(res, 200);
  return { voucher: v!, answer: redeemAnswer.parse(res.body) };
}

const undo = (session: TestSession | null, voucherId: string) =>
  call(t.app, 'POST', `/api/merchant/redemptions/${voucherId}/undo`, { sessionId: session?.sessionId ?? null });

const voucherRow = async (id: string) => (await t.db.select().from(vouchers).where(eq(vouchers.id, id)))[0]!;

describe('POST /api/merchant/redemptions/{voucherId}/undo', () => {
  it('puts the merchant’s own voucher back to active within the window, logs it, and lets it be redeemed again', async () => {
    const { voucher, answer } = await redeemedVoucher();
    expect(answer.voucher?.voucherId).toBe(voucher.id);

    const res = await undo(merchantSession, voucher.id);
    expectStatus(res, 200);
    const body = undoRedemptionAnswer.parse(res.body);
    expect(body).toMatchObject({ voucherId: voucher.id, voucherCode: voucher.code, status: 'active' });
    expect(Date.parse(body.undoneAt)).toBeGreaterThan(Date.now() - 60_000);

    const row = await voucherRow(voucher.id);
    expect(row).toMatchObject({ status: 'active', redeemed: false, redeemedAt: null, redeemedBy: null });

    const [logged] = await t.db.select().from(redemptions).where(eq(redemptions.voucherId, voucher.id));
    expect(logged!.success).toBe(true);
    expect(logged!.undoneAt?.toISOString()).toBe(body.undoneAt);
    expect(logged!.undoneBy).not.toBeNull();

    // The merchant's log and the admin log show the success as undone.
    const mine = redemptionRecordList.parse((await call(t.app, 'GET', '/api/merchant/redemptions', { sessionId: merchantSession.sessionId })).body);
    // It names the voucher, which its undo is addressed by.
    expect(mine.find((r) => r.id === logged!.id)).toMatchObject({ success: true, undone_at: body.undoneAt, voucher_id: voucher.id });
    const all = redemptionRecordList.parse((await call(t.app, 'GET', '/api/admin/redemptions', { sessionId: adminSession.sessionId })).body);
    expect(all.find((r) => r.id === logged!.id)?.undone_at).toBe(body.undoneAt);

    // Redeemed again: a second success stands beside the undone one.
    const again = await call(t.app, 'POST', '/api/redeem', { body: { code: voucher.code, pin: voucher.pin }, sessionId: merchantSession.sessionId });
    expectStatus(again, 200);
    expect((await voucherRow(voucher.id)).status).toBe('redeemed');
    const log = await t.db.select().from(redemptions).where(eq(redemptions.voucherId, voucher.id));
    expect(log.filter((r) => r.success).map((r) => r.undoneAt === null).sort()).toEqual([false, true]);
  });

  it('counts only standing successes in the summary', async () => {
    const before = redemptionSummary.parse((await call(t.app, 'GET', '/api/admin/redemptions/summary', { sessionId: adminSession.sessionId })).body);
    const { voucher } = await redeemedVoucher();
    expectStatus(await undo(merchantSession, voucher.id), 200);
    const after = redemptionSummary.parse((await call(t.app, 'GET', '/api/admin/redemptions/summary', { sessionId: adminSession.sessionId })).body);
    expect(after).toEqual({
      total: before.total + 1,
      successes: before.successes,
      failures: before.failures,
      undone: before.undone + 1,
      redeemedValueCents: before.redeemedValueCents,
    });
  });

  it(`refuses once ${REDEMPTION_UNDO_MINUTES} minutes have passed`, async () => {
    const { voucher } = await redeemedVoucher();
    await t.db
      .update(vouchers)
      .set({ redeemedAt: new Date(Date.now() - (REDEMPTION_UNDO_MINUTES + 1) * 60_000) })
      .where(eq(vouchers.id, voucher.id));
    const res = await undo(merchantSession, voucher.id);
    expectStatus(res, 409);
    expect(messageOf(res)).toBe('Redemptions can only be undone within 10 minutes');
    expect((await voucherRow(voucher.id)).status).toBe('redeemed');
  });

  it('answers 404 for another merchant’s voucher and for an unknown one, and changes nothing', async () => {
    const { voucher } = await redeemedVoucher();
    const res = await undo(otherMerchantSession, voucher.id);
    expectStatus(res, 404);
    expect(messageOf(res)).toBe('Voucher not found');
    expect((await voucherRow(voucher.id)).status).toBe('redeemed');
    const unknown = await undo(merchantSession, '00000000-0000-4000-8000-000000000000');
    expectStatus(unknown, 404);
    expect(messageOf(unknown)).toBe('Voucher not found');
  });

  it('refuses a voucher that is not redeemed', async () => {
    const { vouchers: [v] } = await buildVouchers(t.db, { userId: customerId, dealId, count: 1 });
    const res = await undo(merchantSession, v!.id);
    expectStatus(res, 409);
    expect(messageOf(res)).toBe('This voucher is not redeemed');
  });

  it('refuses a voucher a refund took after its redemption', async () => {
    const { voucher } = await redeemedVoucher();
    // What a goodwill refund does to a redeemed voucher: a conditional move from `redeemed`.
    await t.db
      .update(vouchers)
      .set({ status: 'refunded', redeemed: false, redeemedAt: null })
      .where(eq(vouchers.id, voucher.id));
    const res = await undo(merchantSession, voucher.id);
    expectStatus(res, 409);
    expect(messageOf(res)).toBe('This voucher is not redeemed');
    expect((await voucherRow(voucher.id)).status).toBe('refunded');
  });

  it('needs a session and a merchant bound to the account', async () => {
    const { voucher } = await redeemedVoucher();
    expectStatus(await undo(null, voucher.id), 401);
    for (const session of [customerSession, adminSession]) {
      const res = await undo(session, voucher.id);
      expectStatus(res, 403);
      expect(messageOf(res)).toBe('No merchantId bound to current account');
    }
    expect((await voucherRow(voucher.id)).status).toBe('redeemed');
  });

  it('lets exactly one of two parallel undos through', async () => {
    for (let round = 0; round < 3; round++) {
      const { voucher } = await redeemedVoucher();
      const answers = await Promise.all([undo(merchantSession, voucher.id), undo(merchantSession, voucher.id)]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(messageOf(answers.find((a) => a.status === 409)!)).toBe('This voucher is not redeemed');
      const log = await t.db.select().from(redemptions).where(eq(redemptions.voucherId, voucher.id));
      expect(log.filter((r) => r.undoneAt !== null)).toHaveLength(1);
      expect((await voucherRow(voucher.id)).status).toBe('active');
    }
  });

  it('leaves one outcome when an undo and a new redemption race', async () => {
    const { voucher } = await redeemedVoucher();
    const [undone, redeemed] = await Promise.all([
      undo(merchantSession, voucher.id),
      call(t.app, 'POST', '/api/redeem', { body: { code: voucher.code, pin: voucher.pin }, sessionId: merchantSession.sessionId }),
    ]);
    expectStatus(undone, 200);
    // The redemption either came first (already redeemed) or after the undo (redeemed again); never both at once.
    const row = await voucherRow(voucher.id);
    const standing = (await t.db.select().from(redemptions).where(eq(redemptions.voucherId, voucher.id))).filter((r) => r.success && r.undoneAt === null);
    if (redeemed.status === 200) {
      expect(row.status).toBe('redeemed');
      expect(standing).toHaveLength(1);
    } else {
      expectStatus(redeemed, 409);
      expect(row.status).toBe('active');
      expect(standing).toHaveLength(0);
    }
  });
});
