/**
 * The check before redeeming (POST /api/merchant/redemptions/preview, ADR 028): the refusals of
 * POST /api/redeem, wrong PINs counted toward the same lockout and failure budget, but a right PIN
 * leaves the voucher unused and the log untouched.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PIN_MAX_FAILURES } from '../../contract/constants';
import { redemptionPreview } from '../../contract/workspace';
import { createTestApp, type TestApp } from '../test/app';
import { call, expectStatus, loginAs, type TestSession } from '../test/auth-helpers';
import { buildVouchers } from '../test/fixtures';
import { buildCustomer, buildDeal, buildMerchant, buildMerchantAccount, buildUser } from '../db/factories';
import { orderItems, orders, rateLimits, redemptions, vouchers } from '../db/schema';
import { renderText } from '../i18n';
import { MERCHANT_FAILURE_BUDGET, maskPhone } from './redemption.service';

let t: TestApp;
let owner: TestSession;
let staff: TestSession;
let otherOwner: TestSession;
let dealId: string;
let buyerId: string;

beforeAll(async () => {
  t = await createTestApp();
  const shop = await buildMerchant(t.db, { name: 'Code Cafe' });
  const other = await buildMerchant(t.db, { name: 'Other Place' });
  owner = await loginAs(t, await buildMerchantAccount(t.db, shop.id));
  staff = await loginAs(t, await buildMerchantAccount(t.db, shop.id, { merchantRole: 'staff' }));
  otherOwner = await loginAs(t, await buildMerchantAccount(t.db, other.id));
  buyerId = (await buildCustomer(t.db, { phone: '+15551234567' })).id;
  dealId = (await buildDeal(t.db, { merchantId: shop.id, title: 'Espresso flight', priceCents: 1250 })).id;
});

afterAll(async () => {
  await t.close();
});

beforeEach(async () => {
  await t.db.delete(rateLimits);
});

/** What each voucher was bought for: less than the deal's 1250 of today, and the price the counter confirms. */
const PAID_CENTS = 990;

async function freshVoucher() {
  const { order, item, vouchers: [v] } = await buildVouchers(t.db, { userId: buyerId, dealId, count: 1 });
  await t.db.update(orderItems).set({ unitPriceCents: PAID_CENTS }).where(eq(orderItems.id, item.id));
  await t.db.update(orders).set({ totalCents: PAID_CENTS }).where(eq(orders.id, order.id));
  return v!;
}

const wrongPin = (pin: string) => (pin === '000000' ? '111111' : '000000');
const preview = (session: TestSession | null, body: Record<string, unknown>) =>
  call(t.app, 'POST', '/api/merchant/redemptions/preview', { body, sessionId: session?.sessionId ?? null });
const redeem = (session: TestSession, body: Record<string, unknown>) => call(t.app, 'POST', '/api/redeem', { body, sessionId: session.sessionId });
const logOf = (voucherCode: string) => t.db.select().from(redemptions).where(eq(redemptions.voucherCode, voucherCode));

describe('POST /api/merchant/redemptions/preview', () => {
  it('answers what the counter confirms for a right PIN, and neither redeems nor logs', async () => {
    const v = await freshVoucher();
    for (const session of [owner, staff]) {
      const res = await preview(session, { code: v.code.toLowerCase(), pin: v.pin });
      expectStatus(res, 200);
      expect(redemptionPreview.parse(res.body)).toEqual({
        voucherId: v.id,
        voucherCode: v.code,
        dealTitle: 'Espresso flight',
        priceCents: PAID_CENTS,
        phoneMasked: '•••• 4567',
        validUntil: v.validUntil.toISOString(),
      });
    }
    const [row] = await t.db.select().from(vouchers).where(eq(vouchers.id, v.id));
    expect(row).toMatchObject({ status: 'active', redeemed: false, redeemedAt: null });
    expect(await logOf(v.code)).toEqual([]);
    expectStatus(await redeem(owner, { code: v.code, pin: v.pin }), 200);
  });

  it('refuses exactly as POST /api/redeem does, for every state of a voucher, and logs the refusal', async () => {
    const unknown = { code: 'ZZZZZZZZ', pin: '123456' };
    const used = await freshVoucher();
    expectStatus(await redeem(owner, { code: used.code, pin: used.pin }), 200);
    const refunded = await freshVoucher();
    await t.db.update(vouchers).set({ status: 'refunded' }).where(eq(vouchers.id, refunded.id));
    const expired = await freshVoucher();
    await t.db.update(vouchers).set({ validUntil: new Date(Date.now() - 60_000) }).where(eq(vouchers.id, expired.id));
    const cases: [string, Record<string, unknown>, number][] = [
      ['an unknown code', unknown, 404],
      ['a used voucher', { code: used.code, pin: used.pin }, 409],
      ['a refunded voucher', { code: refunded.code, pin: refunded.pin }, 409],
      ['an expired voucher', { code: expired.code, pin: expired.pin }, 410],
    ];
    for (const [what, body, status] of cases) {
      const checked = await preview(owner, body);
      const redeemed = await redeem(owner, body);
      expect(checked.status, what).toBe(status);
      expect(checked.body, what).toEqual(redeemed.body);
      expect(checked.body).toMatchObject({ ok: false, reason: expect.any(String) });
    }
    const log = await logOf(refunded.code);
    // The log keeps the reason's key and values (server/i18n/texts.ts), which read in English as the refusal did.
    expect(log.map((r) => [r.success, renderText('en', r.reason)])).toEqual([
      [false, 'Voucher was refunded'],
      [false, 'Voucher was refunded'],
    ]);
  });

  it('counts wrong PINs toward the same lockout as redeeming: checks and redemptions together lock the code', async () => {
    const v = await freshVoucher();
    const reasons: string[] = [];
    for (let i = 0; i < PIN_MAX_FAILURES; i++) {
      const res = i % 2 === 0 ? await preview(staff, { code: v.code, pin: wrongPin(v.pin) }) : await redeem(owner, { code: v.code, pin: wrongPin(v.pin) });
      expectStatus(res, 400);
      reasons.push((res.body as { reason: string }).reason);
    }
    expect(reasons[0]).toBe('Incorrect PIN (4 attempts left)');
    expect(reasons[1]).toBe('Incorrect PIN (3 attempts left)');
    expect(reasons.at(-1)).toMatch(/locked for 15 minutes/);
    for (const res of [await preview(owner, { code: v.code, pin: v.pin }), await redeem(owner, { code: v.code, pin: v.pin })]) {
      expectStatus(res, 429);
      expect((res.body as { reason: string }).reason).toMatch(/^Too many wrong PINs for this voucher/);
    }
    const failures = await t.db.select().from(redemptions).where(and(eq(redemptions.voucherCode, v.code), eq(redemptions.success, false)));
    expect(failures).toHaveLength(PIN_MAX_FAILURES + 2);
  });

  it('neither counts nor clears wrong PINs with a right one', async () => {
    const v = await freshVoucher();
    for (let i = 0; i < PIN_MAX_FAILURES - 1; i++) expectStatus(await preview(owner, { code: v.code, pin: wrongPin(v.pin) }), 400);
    expectStatus(await preview(owner, { code: v.code, pin: v.pin }), 200);
    const last = await preview(owner, { code: v.code, pin: wrongPin(v.pin) });
    expect((last.body as { reason: string }).reason).toMatch(/locked for 15 minutes/);
  });

  it("charges failed checks to the merchant's failure budget, which then pauses redeeming too", async () => {
    for (let i = 0; i < MERCHANT_FAILURE_BUDGET.failures; i++) {
      expectStatus(await preview(staff, { code: `NOPE${String(i).padStart(4, '2')}`, pin: '123456' }), 404);
    }
    const v = await freshVoucher();
    for (const res of [await redeem(owner, { code: v.code, pin: v.pin }), await preview(owner, { code: v.code, pin: v.pin })]) {
      expectStatus(res, 429);
      expect((res.body as { reason: string }).reason).toMatch(/^Too many failed attempts/);
    }
    expectStatus(await preview(otherOwner, { code: 'NOPENOPE', pin: '123456' }), 404);
  });

  it("refuses another merchant's voucher like redeeming does, without a word on the PIN, and logs nothing of it", async () => {
    const v = await freshVoucher();
    for (const pin of [v.pin, wrongPin(v.pin)]) {
      const res = await preview(otherOwner, { code: v.code, pin });
      expectStatus(res, 403);
      expect(res.body).toEqual({ ok: false, reason: 'This voucher belongs to another merchant', message: 'This voucher belongs to another merchant' });
    }
    const log = await logOf(v.code);
    expect(log).toHaveLength(2);
    for (const row of log) expect(row).toMatchObject({ voucherId: null, dealId: null, priceCents: null, success: false });
  });

  it('takes the merchant from the session, and refuses guests, other roles and malformed input', async () => {
    const v = await freshVoucher();
    const mismatch = await preview(owner, { code: v.code, pin: v.pin, merchantId: '6f1c1e8e-2d7a-4c3b-9a55-0a4f1f2b9c11' });
    expectStatus(mismatch, 403);
    expect((mismatch.body as { reason: string }).reason).toBe('merchantId does not match your account');
    expectStatus(await preview(null, { code: v.code, pin: v.pin }), 401);
    expectStatus(await preview(await loginAs(t, await buildCustomer(t.db)), { code: v.code, pin: v.pin }), 403);
    expectStatus(await preview(await loginAs(t, await buildUser(t.db, { role: 'superadmin' })), { code: v.code, pin: v.pin }), 403);
    expectStatus(await preview(owner, { code: v.code, pin: '12ab' }), 400);
    expectStatus(await preview(owner, { code: '', pin: '123456' }), 400);
    const [row] = await t.db.select().from(vouchers).where(eq(vouchers.id, v.id));
    expect(row!.status).toBe('active');
  });
});

describe('maskPhone', () => {
  it('keeps only the last four digits', () => {
    expect(maskPhone('+15551234567')).toBe('•••• 4567');
    expect(maskPhone('5550100001')).toBe('•••• 0001');
  });
});
