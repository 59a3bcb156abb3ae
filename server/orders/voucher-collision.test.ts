/**
 * A drawn voucher code that already exists is drawn again. The code generator is not injectable
 * into fulfilment, so this file replaces the module's generator to force the collision.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { vouchers } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { expectStatus, messageOf } from '../test/auth-helpers';
import { resetDatabase } from '../test/database';
import { buildVouchers } from '../test/fixtures';
import { buyableDeal, checkoutOk, customer, orderOf, pay, stockOf } from '../test/purchase-helpers';
import { generateVoucherCode } from './voucher-codes';

vi.mock('./voucher-codes', async (importOriginal) => {
  const real = await importOriginal<typeof import('./voucher-codes')>();
  return { ...real, generateVoucherCode: vi.fn(real.generateVoucherCode) };
});

const TAKEN = 'TAKEN234';
const draw = vi.mocked(generateVoucherCode);
let t: TestApp;
let realDraw: typeof generateVoucherCode;

beforeAll(async () => {
  realDraw = (await vi.importActual<typeof import('./voucher-codes')>('./voucher-codes')).generateVoucherCode;
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await resetDatabase(t.database);
  draw.mockReset();
  draw.mockImplementation(realDraw);
});

/** An existing voucher that owns the code TAKEN. */
async function seedTakenCode() {
  const { deal } = await buyableDeal(t.db);
  const owner = await customer(t);
  const seeded = await buildVouchers(t.db, { userId: owner.user.id, dealId: deal.id, count: 1 });
  await t.db.update(vouchers).set({ code: TAKEN }).where(eq(vouchers.id, seeded.vouchers[0]!.id));
}

describe('voucher code collisions', () => {
  it('draw a new code and issue the voucher', async () => {
    await seedTakenCode();
    const { deal } = await buyableDeal(t.db, { maxPerUser: 2 });
    const me = await customer(t);
    const sid = await checkoutOk(t.app, me, { items: [{ dealId: deal.id, quantity: 2 }] });
    draw.mockReturnValueOnce(TAKEN).mockReturnValueOnce(TAKEN);

    expectStatus(await pay(t.app, me, sid), 200);
    const issued = await t.db.select().from(vouchers).where(eq(vouchers.orderId, (await orderOf(t.db, sid)).id));
    expect(issued).toHaveLength(2);
    expect(issued.map((v) => v.code)).not.toContain(TAKEN);
    expect(new Set(issued.map((v) => v.code)).size).toBe(2);
    // The first call drew two taken codes and changed nothing; the second drew one per unit again.
    expect(draw).toHaveBeenCalledTimes(4);
    expect(await t.db.select().from(vouchers).where(eq(vouchers.code, TAKEN))).toHaveLength(1);
  });

  it('give up after 10 calls without issuing anything, and the payment can be retried', async () => {
    await seedTakenCode();
    const { deal } = await buyableDeal(t.db, { maxPerUser: 2 });
    const me = await customer(t);
    const sid = await checkoutOk(t.app, me, { items: [{ dealId: deal.id, quantity: 2 }] });
    draw.mockReturnValue(TAKEN);

    const failed = await pay(t.app, me, sid);
    expectStatus(failed, 502);
    expect(messageOf(failed)).toBe('The payment could not be confirmed. Please try again.');
    // One draw per unit in each of the ten calls of fulfil_order before giving up.
    expect(draw).toHaveBeenCalledTimes(2 * 10);
    const order = await orderOf(t.db, sid);
    expect(order.status).toBe('pending');
    expect(await t.db.select().from(vouchers).where(eq(vouchers.orderId, order.id))).toHaveLength(0);
    expect(await stockOf(t.db, deal.id)).toMatchObject({ unitsTaken: 2, held: 2 });

    draw.mockImplementation(realDraw);
    expectStatus(await pay(t.app, me, sid), 200);
    expect(await t.db.select().from(vouchers).where(eq(vouchers.orderId, order.id))).toHaveLength(2);
    expect(await stockOf(t.db, deal.id)).toMatchObject({ unitsTaken: 2, held: 0, vouchers: 2 });
  });
});
