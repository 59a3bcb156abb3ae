/**
 * Statements and payouts under real concurrency: two servers (each with a pool of its own on one
 * PostgreSQL database) drawing up the same weeks at once write each merchant's week once, and a
 * payout asked for ten times at once is paid, and written to the ledger, once.
 */
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { STATEMENT_CLOSE_DELAY_MINUTES } from '../../contract/constants';
import { openDatabase, type Database } from '../db/client';
import { buildCustomer, buildDeal, buildMerchant, buildUser } from '../db/factories';
import { ledgerEntries, redemptions, statementLines, statements, vouchers } from '../db/schema';
import { buildApp, testConfig } from '../test/app';
import { call, loginAs } from '../test/auth-helpers';
import { createNamedTestDatabase, resetDatabase, type NamedTestDatabase } from '../test/database';
import { buildVouchers } from '../test/fixtures';
import { statusCounts } from '../test/purchase-helpers';
import { drawUpStatements, weekStartOf } from './statements.service';

const SERVERS = 2;
const HOUR = 3_600_000;
const WEEK = 7 * 24 * HOUR;
const week = (n: number) => new Date(weekStartOf(new Date()).getTime() + (n - 5) * WEEK);
const closed = (n: number) => new Date(week(n + 1).getTime() + STATEMENT_CLOSE_DELAY_MINUTES * 60_000);

let named: NamedTestDatabase;
const databases: Database[] = [];
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  named = await createNamedTestDatabase();
  for (let i = 0; i < SERVERS; i++) {
    const database = await openDatabase({ kind: 'postgres', url: named.url, poolSize: 5 });
    if (i === 0) await database.migrate();
    databases.push(database);
    apps.push(await buildApp({ config: testConfig(), database }));
  }
}, 60_000);

afterAll(async () => {
  for (const app of apps) await app.close();
  for (const database of databases) await database.close();
  await named?.drop();
});

beforeEach(async () => {
  await resetDatabase(databases[0]!);
});

const db = () => databases[0]!.db;

/** A merchant with, in each of weeks 0 to 2, one voucher redeemed and one expired. */
async function busyMerchant(): Promise<string> {
  const merchant = await buildMerchant(db());
  const deal = await buildDeal(db(), { merchantId: merchant.id, priceCents: 1999, autoRefundOnExpiry: false });
  const buyer = await buildCustomer(db());
  for (let n = 0; n < 3; n++) {
    const { vouchers: [used, lapsed] } = await buildVouchers(db(), { userId: buyer.id, dealId: deal.id, count: 2 });
    const at = new Date(week(n).getTime() + 30 * HOUR);
    await db().update(vouchers).set({ status: 'redeemed', redeemed: true, redeemedAt: at }).where(eq(vouchers.id, used!.id));
    await db().insert(redemptions).values({ voucherId: used!.id, voucherCode: used!.code, dealId: deal.id, merchantId: merchant.id, success: true, priceCents: 1999, createdAt: at });
    await db().update(vouchers).set({ status: 'expired', validUntil: new Date(at.getTime() + HOUR) }).where(eq(vouchers.id, lapsed!.id));
  }
  return merchant.id;
}

it('writes one statement per merchant and week when servers draw up together', async () => {
  const merchants = [await busyMerchant(), await busyMerchant(), await busyMerchant()];
  for (let round = 0; round < 3; round++) {
    // Each round closes one more week, drawn up by four callers over the two servers at once.
    const counts = await Promise.all(Array.from({ length: 4 }, (_, i) => drawUpStatements(databases[i % SERVERS]!.db, closed(round))));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(merchants.length);
  }

  const perWeek = await db()
    .select({ merchantId: statements.merchantId, periodStart: statements.periodStart, n: sql<number>`count(*)::int` })
    .from(statements)
    .groupBy(statements.merchantId, statements.periodStart);
  expect(perWeek).toHaveLength(merchants.length * 3);
  expect(perWeek.every((row) => row.n === 1)).toBe(true);
  const perVoucher = await db()
    .select({ voucherId: statementLines.voucherId, n: sql<number>`count(*)::int` })
    .from(statementLines)
    .groupBy(statementLines.voucherId);
  expect(perVoucher).toHaveLength(merchants.length * 3 * 2);
  expect(perVoucher.every((row) => row.n === 1)).toBe(true);
});

it('draws up every closed week once when servers start from nothing together', async () => {
  const merchants = [await busyMerchant(), await busyMerchant()];
  const counts = await Promise.all(Array.from({ length: 6 }, (_, i) => drawUpStatements(databases[i % SERVERS]!.db, closed(2))));
  expect(counts.reduce((a, b) => a + b, 0)).toBe(merchants.length * 3);
  expect(await db().select().from(statements)).toHaveLength(merchants.length * 3);
});

it('pays a statement once when ten payouts arrive together', async () => {
  await busyMerchant();
  await drawUpStatements(db(), closed(0));
  const [drawn] = await db().select().from(statements);
  const admin = await loginAs({ db: db() }, await buildUser(db(), { role: 'superadmin' }));

  const answers = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      call(apps[i % SERVERS]!, 'POST', `/api/admin/statements/${drawn!.id}/payout`, { body: { reference: `TRX-${i}` }, sessionId: admin.sessionId }),
    ),
  );
  expect(statusCounts(answers)).toEqual({ 200: 1, 409: 9 });
  for (const a of answers.filter((x) => x.status === 409)) expect(a.body).toEqual({ message: 'This statement is already paid' });

  const payouts = await db().select().from(ledgerEntries).where(eq(ledgerEntries.kind, 'payout'));
  expect(payouts).toHaveLength(1);
  const [paid] = await db().select().from(statements).where(eq(statements.id, drawn!.id));
  expect(payouts[0]).toMatchObject({ statementId: drawn!.id, amountCents: -paid!.netCents, providerRef: paid!.payoutReference });
});
