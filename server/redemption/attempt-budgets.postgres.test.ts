/**
 * Attempt budgets under parallel requests on a real PostgreSQL server: at most PIN_MAX_FAILURES wrong
 * PINs are ever compared for one code in a lock window, right PINs arriving together are not taken
 * for guesses, and a merchant's failures stop at its budget, however many attempts arrive at once. A
 * check-then-count variant is shown to let more through.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, gt, sql } from 'drizzle-orm';
import { PIN_MAX_FAILURES } from '../../contract/constants';
import { createTestApp, type TestApp } from '../test/app';
import { loginAs, type TestSession } from '../test/auth-helpers';
import { buildVouchers } from '../test/fixtures';
import { http, listen } from '../test/purchase-helpers';
import { buildCustomer, buildDeal, buildMerchant, buildMerchantAccount } from '../db/factories';
import { pinFailures, rateLimits, redemptions, vouchers } from '../db/schema';
import { MERCHANT_FAILURE_BUDGET } from './redemption.service';

let t: TestApp;
let base: string;
let merchant: TestSession;
let dealId: string;
let customerId: string;

beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t.app);
  const shop = await buildMerchant(t.db);
  merchant = await loginAs(t, await buildMerchantAccount(t.db, shop.id));
  dealId = (await buildDeal(t.db, { merchantId: shop.id })).id;
  customerId = (await buildCustomer(t.db)).id;
});

afterAll(async () => {
  await t.close();
});

beforeEach(async () => {
  await t.db.delete(rateLimits);
});

async function freshVoucher() {
  const { vouchers: [v] } = await buildVouchers(t.db, { userId: customerId, dealId, count: 1 });
  return v!;
}

const wrongPin = (pin: string) => String((Number(pin) + 1) % 1_000_000).padStart(6, '0');
const redeem = (code: string, pin: string) => http(base, 'POST', '/api/redeem', { sessionId: merchant.sessionId, body: { code, pin } });
const reasonOf = (a: { body: unknown }) => (a.body as { reason?: string }).reason ?? '';

describe('wrong PINs in parallel', () => {
  it(`compare at most ${PIN_MAX_FAILURES} of 24 guesses, and the right PIN then finds the code locked`, async () => {
    const v = await freshVoucher();
    const answers = await Promise.all(Array.from({ length: 24 }, () => redeem(v.code, wrongPin(v.pin))));
    const compared = answers.filter((a) => reasonOf(a).startsWith('Incorrect PIN'));
    expect(compared.length).toBe(PIN_MAX_FAILURES);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(24 - PIN_MAX_FAILURES);

    const right = await redeem(v.code, v.pin);
    expect(right.status).toBe(429);
    expect(reasonOf(right)).toMatch(/^Too many wrong PINs for this voucher/);
    const [row] = await t.db.select().from(vouchers).where(eq(vouchers.id, v.id));
    expect(row!.redeemed).toBe(false);
  });

  it('a right PIN among parallel wrong ones redeems at most once, and never after the code locked', async () => {
    const v = await freshVoucher();
    const guesses = Array.from({ length: 12 }, (_, i) => (i === 6 ? v.pin : wrongPin(v.pin)));
    const answers = await Promise.all(guesses.map((pin) => redeem(v.code, pin)));
    const wins = answers.filter((a) => a.status === 200);
    expect(wins.length).toBeLessThanOrEqual(1);
    expect(answers.filter((a) => reasonOf(a).startsWith('Incorrect PIN')).length).toBeLessThanOrEqual(PIN_MAX_FAILURES);
    const successes = await t.db.select().from(redemptions).where(and(eq(redemptions.voucherId, v.id), eq(redemptions.success, true)));
    expect(successes).toHaveLength(wins.length);
  });

  it('right PINs arriving together are never taken for guesses: one redeems, the rest are told it was used', async () => {
    const v = await freshVoucher();
    const answers = await Promise.all(Array.from({ length: 20 }, () => redeem(v.code, v.pin)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 && reasonOf(a).startsWith('Voucher already redeemed'))).toHaveLength(19);
  });

  it('a check-then-count variant (the lock read before the compare) lets more guesses be compared', async () => {
    const v = await freshVoucher();
    let compared = 0;
    /** The shape the budget must not have: read the lock, then compare, then count. */
    const naiveAttempt = async () => {
      const [lock] = await t.db
        .select()
        .from(pinFailures)
        .where(and(eq(pinFailures.voucherCode, v.code), gt(pinFailures.lockedUntil, new Date())));
      if (lock) return;
      await t.db.execute(sql`select pg_sleep(0.02)`);
      compared++;
      await t.db.execute(
        sql`insert into pin_failures (voucher_code, failures, locked_until, updated_at) values (${v.code}, 1, null, now())
            on conflict (voucher_code) do update set failures = pin_failures.failures + 1,
              locked_until = case when pin_failures.failures + 1 >= ${PIN_MAX_FAILURES} then now() + interval '15 minutes' else null end`,
      );
    };
    await Promise.all(Array.from({ length: 24 }, naiveAttempt));
    expect(compared).toBeGreaterThan(PIN_MAX_FAILURES);
  });
});

describe("a merchant's failure budget in parallel", () => {
  it(`evaluates at most ${MERCHANT_FAILURE_BUDGET.failures} failing attempts of 60 at once`, async () => {
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => redeem(`NOPE${String(i).padStart(4, '2')}`, '123456')));
    const evaluated = answers.filter((a) => a.status === 404);
    expect(evaluated.length).toBe(MERCHANT_FAILURE_BUDGET.failures);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(60 - MERCHANT_FAILURE_BUDGET.failures);
  });

  it('successful redemptions give their charge back, so they never use up the budget', async () => {
    const codes = await Promise.all(Array.from({ length: MERCHANT_FAILURE_BUDGET.failures + 10 }, freshVoucher));
    // Ten at a time: more successes than the budget, never more in flight than it holds.
    for (let i = 0; i < codes.length; i += 10) {
      const answers = await Promise.all(codes.slice(i, i + 10).map((v) => redeem(v.code, v.pin)));
      expect(answers.map((a) => a.status)).toEqual(Array(answers.length).fill(200));
    }
    const [row] = await t.db.select().from(rateLimits).where(sql`${rateLimits.key} like 'redeem-failures:%'`);
    expect(row?.count ?? 0).toBe(0);
  });
});
