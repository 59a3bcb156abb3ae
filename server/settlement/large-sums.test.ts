/**
 * Money sums never overflow (docs/product/rules.md#settlement): a merchant whose redeemed value passes
 * $21,474,836.47 (the largest 32-bit number of cents) still reads its home and the superadmin the redemption
 * totals, and a week grossing more is drawn up, paid out and written to the ledger to the cent.
 */
import { describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { statementList } from '../../contract/workspace';
import { buildMerchantAccount, buildUser } from '../db/factories';
import { ledgerEntries, redemptions, statements, vouchers } from '../db/schema';
import { testConfig, useTestApp } from '../test/app';
import { call, expectStatus, loginAs } from '../test/auth-helpers';
import { buildVouchers } from '../test/fixtures';
import { buyableDeal, customer, testProviderFor } from '../test/purchase-helpers';
import { drawUpStatements, weekStartOf } from './statements.service';

const t = useTestApp({ deps: { payments: testProviderFor(testConfig()) } });

/** The most one unit may cost: a checkout's whole limit ($999,999.99). */
const PRICE = 99_999_999;
/** Vouchers enough that their sum passes 2^31 - 1 cents. */
const UNITS = 25;
const WEEK = 7 * 24 * 3_600_000;

describe('sums past 32 bits', () => {
  it("answer the merchant's home, the redemption totals, the week's statement, its payout and the ledger to the cent", async () => {
    const { deal, merchant } = await buyableDeal(t.db, { priceCents: PRICE, inventory: 100, maxPerUser: 100, autoRefundOnExpiry: false });
    const owner = await loginAs(t, await buildMerchantAccount(t.db, merchant.id, { merchantRole: 'owner' }));
    const admin = await loginAs(t, await buildUser(t.db, { role: 'superadmin' }));
    const buyer = await customer(t);
    const lastWeek = new Date(weekStartOf(new Date()).getTime() - WEEK);
    const redeemedAt = new Date(lastWeek.getTime() + 24 * 3_600_000);
    for (let i = 0; i < UNITS; i++) {
      // One order a unit: an order's total is at most one checkout's limit.
      const [v] = (await buildVouchers(t.db, { userId: buyer.user.id, dealId: deal.id, count: 1, createdAt: lastWeek, unitPriceCents: PRICE })).vouchers;
      expectStatus(await call(t.app, 'POST', '/api/redeem', { body: { code: v!.code, pin: v!.pin }, sessionId: owner.sessionId }), 200);
      await t.db
        .update(redemptions)
        .set({ createdAt: redeemedAt })
        .where(and(eq(redemptions.voucherId, v!.id), eq(redemptions.success, true), isNull(redemptions.undoneAt)));
      await t.db.update(vouchers).set({ redeemedAt }).where(eq(vouchers.id, v!.id));
    }
    const total = PRICE * UNITS;
    expect(total).toBeGreaterThan(2 ** 31 - 1);

    const home = await call(t.app, 'GET', '/api/merchant/overview', { sessionId: owner.sessionId });
    expectStatus(home, 200);
    expect((home.body as { totals: unknown }).totals, JSON.stringify(home.body)).toMatchObject({ redeemedCents: total });
    const summary = await call(t.app, 'GET', '/api/admin/redemptions/summary', { sessionId: admin.sessionId });
    expectStatus(summary, 200);
    expect(summary.body).toMatchObject({ redeemedValueCents: total });

    expect(await drawUpStatements(t.db, new Date())).toBeGreaterThan(0);
    const [week] = await t.db.select().from(statements).where(eq(statements.merchantId, merchant.id));
    expect(week).toMatchObject({ grossCents: total, lineCount: UNITS });
    const listed = statementList.parse((await call(t.app, 'GET', '/api/merchant/statements', { sessionId: owner.sessionId })).body);
    expect(listed[0]).toMatchObject({ grossCents: total, netCents: week!.netCents });

    expectStatus(await call(t.app, 'POST', `/api/admin/statements/${week!.id}/payout`, { body: { reference: 'WIRE-BIG-1' }, sessionId: admin.sessionId }), 200);
    const [payout] = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.statementId, week!.id));
    expect(payout).toMatchObject({ kind: 'payout', amountCents: -week!.netCents });
    expect(week!.netCents).toBeGreaterThan(2 ** 31 - 1);
  });
});
