/**
 * Weekly statements (ADR 028): what is credited and taken back, once ever and in which week; totals
 * that are the sums of the lines; the commission's rounding and rate; the CSV; payouts into the
 * ledger; who may read what. Time is moved by drawing up at a given `now` and by dating the
 * redemptions, expiries and refunds into past weeks.
 */
import { describe, expect, it } from 'vitest';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { STATEMENT_CLOSE_DELAY_MINUTES } from '../../contract/constants';
import { ledgerPage } from '../../contract/orders';
import { statement, statementList, statementWithLines, type StatementWithLines } from '../../contract/workspace';
import { buildDeal, buildMerchantAccount, buildUser } from '../db/factories';
import { ledgerEntries, merchants, redemptions, refunds, statementLines, statements, statementWeeks, vouchers } from '../db/schema';
import type { SmsSender } from '../integrations/sms/sms-sender';
import { expireVouchers, refundExpiredVouchers, runExpirySweep, type ExpirySweepDeps } from '../orders/expiry';
import { expectError, fillParams, routesUnder } from '../test/admin-helpers';
import { testConfig, useTestApp } from '../test/app';
import { call, expectStatus, loginAs, type TestSession } from '../test/auth-helpers';
import { dbError } from '../test/fixtures';
import { buy, buyableDeal, customer, orderOf, testProviderFor, type Shopper } from '../test/purchase-helpers';
import { commissionOf, decimalAmount, drawUpStatements, statementCsv, totalsOf, weekStartOf } from './statements.service';

const provider = testProviderFor(testConfig());
const quietSms: SmsSender = { name: 'quiet', async send() {} };
const t = useTestApp({ deps: { payments: provider, sms: quietSms } });
const sweepDeps = (): ExpirySweepDeps => ({ db: t.db, payments: provider, logger: t.app.log });

const HOUR = 3_600_000;
const WEEK = 7 * 24 * HOUR;
const DELAY = STATEMENT_CLOSE_DELAY_MINUTES * 60_000;

/** Monday 00:00 UTC of the n-th week the tests fill: week 0 began five weeks before this one, week 4 ended this Monday. */
const week = (n: number) => new Date(weekStartOf(new Date()).getTime() + (n - 5) * WEEK);
/** A time as the CSV of a UTC week writes it: in the statement's zone, with its offset. */
const utcCsvTime = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, '+00:00');
/** A moment `hours` into week n. */
const during = (n: number, hours = 24) => new Date(week(n).getTime() + hours * HOUR);
/** The first moment week n may be drawn up. */
const closed = (n: number) => new Date(week(n + 1).getTime() + DELAY);

type Voucher = typeof vouchers.$inferSelect;

/** A merchant with one deal and a signed-in owner. */
async function shop(deal: Parameters<typeof buyableDeal>[1] = {}, merchant: Parameters<typeof buyableDeal>[2] = {}) {
  const made = await buyableDeal(t.db, { title: 'Sunset Kayak Tour', priceCents: 1999, maxPerUser: 10, autoRefundOnExpiry: false, ...deal }, { name: 'Harbor Outfitters', ...merchant });
  const owner = await loginAs(t, await buildMerchantAccount(t.db, made.merchant.id, { merchantRole: 'owner' }));
  return { ...made, owner };
}

/** `count` vouchers of a deal, bought through checkout by a fresh customer. */
async function bought(dealId: string, count = 1): Promise<{ shopper: Shopper; vouchers: Voucher[] }> {
  const shopper = await customer(t);
  const order = await orderOf(t.db, await buy(t.app, shopper, { items: [{ dealId, quantity: count }] }));
  return { shopper, vouchers: await t.db.select().from(vouchers).where(eq(vouchers.orderId, order.id)).orderBy(vouchers.unitIndex) };
}

/** Redeems a voucher through the API and dates the redemption `when`. */
async function redeem(owner: TestSession, v: Voucher, when: Date): Promise<void> {
  expectStatus(await call(t.app, 'POST', '/api/redeem', { body: { code: v.code, pin: v.pin }, sessionId: owner.sessionId }), 200);
  await t.db
    .update(redemptions)
    .set({ createdAt: when })
    .where(and(eq(redemptions.voucherId, v.id), eq(redemptions.success, true), isNull(redemptions.undoneAt)));
  await t.db.update(vouchers).set({ redeemedAt: when }).where(eq(vouchers.id, v.id));
}

/** Ends a voucher's validity `when` and lets the sweep's expiry (or automatic refund) take it. */
async function expire(v: Voucher, when: Date): Promise<void> {
  await t.db.update(vouchers).set({ validUntil: when }).where(eq(vouchers.id, v.id));
  await expireVouchers(sweepDeps(), 100);
  await refundExpiredVouchers(sweepDeps(), 100);
  await t.db.update(refunds).set({ settledAt: when }).where(eq(refunds.voucherId, v.id));
}

/** A superadmin's goodwill refund of a redeemed voucher, settled `when`. */
async function goodwillRefund(v: Voucher, when: Date): Promise<void> {
  const admin = await loginAs(t, await buildUser(t.db, { role: 'superadmin' }));
  expectStatus(await call(t.app, 'POST', `/api/admin/vouchers/${v.id}/refund`, { body: { reason: 'The tour was cancelled by the weather' }, sessionId: admin.sessionId }), 200);
  await t.db.update(refunds).set({ settledAt: when }).where(eq(refunds.voucherId, v.id));
}

/** Every statement of a merchant, oldest week first, with its lines. */
async function statementsOf(merchantId: string): Promise<StatementWithLines[]> {
  const owner = await loginAs(t, await buildMerchantAccount(t.db, merchantId, { merchantRole: 'owner' }));
  const res = await call(t.app, 'GET', '/api/merchant/statements', { sessionId: owner.sessionId });
  expectStatus(res, 200);
  const list = statementList.parse(res.body).reverse();
  const withLines = [];
  for (const s of list) {
    const one = await call(t.app, 'GET', `/api/merchant/statements/${s.id}`, { sessionId: owner.sessionId });
    expectStatus(one, 200);
    withLines.push(statementWithLines.parse(one.body));
  }
  return withLines;
}

const linesBrief = (s: StatementWithLines) => s.lines.map((l) => [l.kind, l.voucherCode, l.amountCents, l.commissionCents, l.netCents]);

/** Every statement in the database adds up: its totals are the sums of its lines. */
async function expectEveryStatementAddsUp(): Promise<void> {
  const all = await t.db.select().from(statements);
  for (const s of all) {
    const lines = await t.db.select().from(statementLines).where(eq(statementLines.statementId, s.id));
    const sums = totalsOf(lines);
    expect({ gross: s.grossCents, commission: s.commissionCents, refunds: s.refundsCents, net: s.netCents, lines: s.lineCount }).toEqual({
      gross: sums.grossCents,
      commission: sums.commissionCents,
      refunds: sums.refundsCents,
      net: sums.netCents,
      lines: lines.length,
    });
    expect(lines.reduce((n, l) => n + l.netCents, 0)).toBe(s.netCents);
  }
}

describe('the commission', () => {
  it('is price × rate rounded half up to the cent', () => {
    expect(commissionOf(1999, 1000)).toBe(200); // 199.9
    expect(commissionOf(1995, 1250)).toBe(249); // 249.375
    expect(commissionOf(5, 1000)).toBe(1); // 0.5 rounds up
    expect(commissionOf(14, 1000)).toBe(1); // 1.4
    expect(commissionOf(15, 1000)).toBe(2); // 1.5
    expect(commissionOf(1999, 0)).toBe(0);
    expect(commissionOf(1999, 10_000)).toBe(1999);
    expect(commissionOf(0, 1000)).toBe(0);
  });

  it('totals sum the lines: refunds as a positive number, net what is left', () => {
    const lines = [
      { kind: 'redeemed' as const, amountCents: 1999, commissionCents: 200 },
      { kind: 'expired' as const, amountCents: 500, commissionCents: 50 },
      { kind: 'refund' as const, amountCents: -800, commissionCents: -80 },
    ];
    expect(totalsOf(lines)).toEqual({ grossCents: 2499, commissionCents: 170, refundsCents: 800, netCents: 2499 - 170 - 800 });
  });
});

describe('weeks', () => {
  it('start on Monday 00:00 UTC', () => {
    expect(weekStartOf(new Date('2026-03-02T00:00:00Z')).toISOString()).toBe('2026-03-02T00:00:00.000Z');
    expect(weekStartOf(new Date('2026-03-08T23:59:59.999Z')).toISOString()).toBe('2026-03-02T00:00:00.000Z');
    expect(weekStartOf(new Date('2026-03-04T12:00:00Z')).toISOString()).toBe('2026-03-02T00:00:00.000Z');
    expect(weekStartOf(new Date('2026-01-01T08:00:00Z')).toISOString()).toBe('2025-12-29T00:00:00.000Z');
  });
});

describe('drawing up', () => {
  it('credits the week’s redemptions and expiries, and takes a later goodwill refund back in its own week', async () => {
    const { merchant, deal, owner } = await shop();
    const { vouchers: [a, b, c] } = await bought(deal.id, 3);
    await redeem(owner, a!, during(0, 10));
    await expire(b!, during(0, 30));
    await redeem(owner, c!, during(0, 50));
    await goodwillRefund(c!, during(1, 5));

    expect(await drawUpStatements(t.db, closed(1))).toBe(2);
    const [first, second] = await statementsOf(merchant.id);
    expect(first).toMatchObject({
      merchantId: merchant.id,
      merchantName: 'Harbor Outfitters',
      periodStart: week(0).toISOString(),
      periodEnd: week(1).toISOString(),
      commissionBps: 1000,
      grossCents: 3 * 1999,
      commissionCents: 3 * 200,
      refundsCents: 0,
      netCents: 3 * 1799,
      lineCount: 3,
      paidAt: null,
      payoutReference: null,
    });
    expect(linesBrief(first!)).toEqual([
      ['redeemed', a!.code, 1999, 200, 1799],
      ['expired', b!.code, 1999, 200, 1799],
      ['redeemed', c!.code, 1999, 200, 1799],
    ]);
    expect(first!.lines.map((l) => l.occurredAt)).toEqual([during(0, 10), during(0, 30), during(0, 50)].map((d) => d.toISOString()));
    expect(first!.lines[0]!.dealTitle).toBe('Sunset Kayak Tour');

    expect(second).toMatchObject({ periodStart: week(1).toISOString(), grossCents: 0, commissionCents: -200, refundsCents: 1999, netCents: -1799, lineCount: 1 });
    expect(linesBrief(second!)).toEqual([['refund', c!.code, -1999, -200, -1799]]);
    expect(second!.lines[0]!.occurredAt).toBe(during(1, 5).toISOString());
    await expectEveryStatementAddsUp();
  });

  it('credits and takes back a voucher refunded in the week it was redeemed', async () => {
    const { merchant, deal, owner } = await shop({ priceCents: 1000 });
    const { vouchers: [v] } = await bought(deal.id);
    await redeem(owner, v!, during(0, 10));
    await goodwillRefund(v!, during(0, 20));
    await drawUpStatements(t.db, closed(0));
    const [only] = await statementsOf(merchant.id);
    expect(linesBrief(only!)).toEqual([
      ['redeemed', v!.code, 1000, 100, 900],
      ['refund', v!.code, -1000, -100, -900],
    ]);
    expect(only).toMatchObject({ grossCents: 1000, commissionCents: 0, refundsCents: 1000, netCents: 0 });
  });

  it('never credits an undone redemption or a refunded voucher, and credits a redemption made again after an undo once', async () => {
    const { merchant, deal, owner } = await shop();
    const { shopper, vouchers: [undone, refunded, used] } = await bought(deal.id, 3);
    const refundsOnExpiry = await buildDeal(t.db, { merchantId: merchant.id, priceCents: 700, autoRefundOnExpiry: true });
    const { vouchers: [lapsed] } = await bought(refundsOnExpiry.id);

    // Redeemed, then taken back by the counter within the window.
    expectStatus(await call(t.app, 'POST', '/api/redeem', { body: { code: undone!.code, pin: undone!.pin }, sessionId: owner.sessionId }), 200);
    expectStatus(await call(t.app, 'POST', `/api/merchant/redemptions/${undone!.id}/undo`, { sessionId: owner.sessionId }), 200);
    await t.db.update(redemptions).set({ createdAt: during(0, 1) }).where(eq(redemptions.voucherId, undone!.id));
    // Refunded by its owner while unused, and one refunded by the sweep at the end of its validity.
    expectStatus(await call(t.app, 'POST', `/api/vouchers/${refunded!.id}/refund`, { sessionId: shopper.sessionId }), 200);
    await t.db.update(refunds).set({ settledAt: during(0, 2) }).where(eq(refunds.voucherId, refunded!.id));
    await expire(lapsed!, during(0, 3));
    expect((await t.db.select().from(vouchers).where(eq(vouchers.id, lapsed!.id)))[0]!.status).toBe('refunded');
    await redeem(owner, used!, during(0, 4));

    expect(await drawUpStatements(t.db, closed(0))).toBe(1);
    const [first] = await statementsOf(merchant.id);
    expect(linesBrief(first!)).toEqual([['redeemed', used!.code, 1999, 200, 1799]]);

    // The undone voucher redeemed again in a later week is credited then, once.
    await redeem(owner, undone!, during(1, 1));
    expect(await drawUpStatements(t.db, closed(1))).toBe(1);
    const [, second] = await statementsOf(merchant.id);
    expect(linesBrief(second!)).toEqual([['redeemed', undone!.code, 1999, 200, 1799]]);
  });

  it('credits each voucher once across weeks, whenever and however often it is drawn up', async () => {
    const { merchant, deal, owner } = await shop({ priceCents: 1250 });
    const { vouchers: vs } = await bought(deal.id, 6);
    await redeem(owner, vs[0]!, during(0));
    await redeem(owner, vs[1]!, during(0, 100));
    await expire(vs[2]!, during(1));
    await redeem(owner, vs[3]!, during(2));
    await expire(vs[4]!, during(3, 160));
    await redeem(owner, vs[5]!, during(3, 1));

    expect(await drawUpStatements(t.db, closed(0))).toBe(1);
    expect(await drawUpStatements(t.db, closed(0))).toBe(0);
    expect(await drawUpStatements(t.db, closed(3))).toBe(3);
    expect(await drawUpStatements(t.db, closed(3))).toBe(0);
    const drawn = await statementsOf(merchant.id);
    expect(drawn.map((s) => [s.periodStart, s.lineCount])).toEqual([
      [week(0).toISOString(), 2],
      [week(1).toISOString(), 1],
      [week(2).toISOString(), 1],
      [week(3).toISOString(), 2],
    ]);
    const credited = drawn.flatMap((s) => s.lines.map((l) => l.voucherCode)).sort();
    expect(credited).toEqual(vs.map((v) => v.code).sort());
    await expectEveryStatementAddsUp();
  });

  it('draws up a week only once it has been over for STATEMENT_CLOSE_DELAY_MINUTES, and a second time changes nothing', async () => {
    const { deal, owner } = await shop();
    const { vouchers: [v] } = await bought(deal.id);
    await redeem(owner, v!, new Date(week(1).getTime() - 60_000));

    expect(await drawUpStatements(t.db, new Date(week(1).getTime() - 1))).toBe(0);
    expect(await drawUpStatements(t.db, new Date(closed(0).getTime() - 1))).toBe(0);
    expect(await t.db.select().from(statements)).toEqual([]);
    expect(await drawUpStatements(t.db, closed(0))).toBe(1);

    const before = { statements: await t.db.select().from(statements), lines: await t.db.select().from(statementLines) };
    expect(await drawUpStatements(t.db, closed(0))).toBe(0);
    expect(await drawUpStatements(t.db, new Date())).toBe(0);
    expect({ statements: await t.db.select().from(statements), lines: await t.db.select().from(statementLines) }).toEqual(before);
  });

  it('records a week nobody had a line in, so the sweep looks at it once, and still credits what comes after', async () => {
    expect(await drawUpStatements(t.db, closed(2))).toBe(0);
    expect((await t.db.select().from(statementWeeks)).map((w) => w.periodStart)).toEqual([week(2)]);
    expect(await drawUpStatements(t.db, closed(2))).toBe(0);
    expect(await t.db.select().from(statementWeeks)).toHaveLength(1);

    const { deal, owner } = await shop();
    const { vouchers: [v] } = await bought(deal.id);
    await redeem(owner, v!, during(3));
    expect(await drawUpStatements(t.db, closed(3))).toBe(1);
    expect((await t.db.select().from(statementWeeks)).map((w) => w.periodStart).sort((a, b) => a.getTime() - b.getTime())).toEqual([week(2), week(3)]);
  });

  it('draws up a week once when two servers draw up together', async () => {
    const { deal, owner } = await shop();
    const { vouchers: vs } = await bought(deal.id, 2);
    await redeem(owner, vs[0]!, during(0));
    await redeem(owner, vs[1]!, during(1));
    const counts = await Promise.all([drawUpStatements(t.db, closed(1)), drawUpStatements(t.db, closed(1))]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(2);
    expect(await t.db.select().from(statements)).toHaveLength(2);
  });

  it('keeps to each merchant its own lines and its own rate, taken when the statement is drawn up', async () => {
    const first = await shop({ priceCents: 1995 }, { commissionBps: 1250 });
    // 10% of 55 cents is 5.5: the commission rounds half up to 6.
    const second = await shop({ priceCents: 55 }, { name: 'Corner Café' });
    const { vouchers: [a, b] } = await bought(first.deal.id, 2);
    const { vouchers: [c] } = await bought(second.deal.id);
    await redeem(first.owner, a!, during(0));
    await redeem(second.owner, c!, during(0));
    expect(await drawUpStatements(t.db, closed(0))).toBe(2);

    // A new rate applies from the next statement on; the one drawn up keeps its own, and so does a refund of its line.
    await t.db.update(merchants).set({ commissionBps: 0 }).where(eq(merchants.id, first.merchant.id));
    await redeem(first.owner, b!, during(1));
    await goodwillRefund(a!, during(1, 30));
    expect(await drawUpStatements(t.db, closed(1))).toBe(1);

    const [firstWeek, secondWeek] = await statementsOf(first.merchant.id);
    expect(firstWeek).toMatchObject({ commissionBps: 1250, grossCents: 1995, commissionCents: 249, netCents: 1746 });
    expect(secondWeek).toMatchObject({ commissionBps: 0 });
    expect(linesBrief(secondWeek!)).toEqual([
      ['redeemed', b!.code, 1995, 0, 1995],
      ['refund', a!.code, -1995, -249, -1746],
    ]);
    const [cafe] = await statementsOf(second.merchant.id);
    expect(cafe).toMatchObject({ merchantName: 'Corner Café', commissionBps: 1000 });
    expect(linesBrief(cafe!)).toEqual([['redeemed', c!.code, 55, 6, 49]]);
    await expectEveryStatementAddsUp();
  });

  it('credits a voucher the sweep marked expired after its week was drawn up in the next week drawn up', async () => {
    const { merchant, deal, owner } = await shop();
    const { vouchers: [used, late] } = await bought(deal.id, 2);
    await redeem(owner, used!, during(0));
    // Its validity ended in week 0, but no sweep ran until week 0 had been drawn up.
    await t.db.update(vouchers).set({ validUntil: during(0, 2) }).where(eq(vouchers.id, late!.id));
    expect(await drawUpStatements(t.db, closed(0))).toBe(1);
    await expireVouchers(sweepDeps(), 100);

    expect(await drawUpStatements(t.db, closed(1))).toBe(1);
    const [first, second] = await statementsOf(merchant.id);
    expect(linesBrief(first!)).toEqual([['redeemed', used!.code, 1999, 200, 1799]]);
    expect(second!.periodStart).toBe(week(1).toISOString());
    expect(second!.lines).toEqual([expect.objectContaining({ kind: 'expired', voucherCode: late!.code, occurredAt: during(0, 2).toISOString(), amountCents: 1999 })]);
  });

  it('runs from the minute sweep', async () => {
    const { merchant, deal, owner } = await shop();
    const { vouchers: [v] } = await bought(deal.id);
    await redeem(owner, v!, during(3));
    expect((await runExpirySweep(sweepDeps())).statements).toBe(1);
    expect((await runExpirySweep(sweepDeps())).statements).toBe(0);
    expect(await statementsOf(merchant.id)).toHaveLength(1);
  });

  it('has one statement per merchant and week, and one credit per voucher, in the database too', async () => {
    const { merchant, deal, owner } = await shop();
    const { vouchers: [v] } = await bought(deal.id);
    await redeem(owner, v!, during(0));
    await drawUpStatements(t.db, closed(0));
    const [drawn] = await t.db.select().from(statements);
    const again = { merchantId: merchant.id, periodStart: week(0), periodEnd: week(1), commissionBps: 1000, grossCents: 0, commissionCents: 0, refundsCents: 0, netCents: 0, lineCount: 0 };
    expect((await dbError(t.db.insert(statements).values(again))).constraint).toBe('statements_merchant_period_key');
    const [line] = await t.db.select().from(statementLines);
    const { id: _id, ...copy } = line!;
    expect((await dbError(t.db.insert(statementLines).values({ ...copy, statementId: drawn!.id }))).constraint).toBe('statement_lines_credit_key');
  });
});

/** A fresh merchant with two vouchers redeemed in week 0. */
async function redeemedTwice(deal: Parameters<typeof buyableDeal>[1] = {}, merchant: Parameters<typeof buyableDeal>[2] = {}) {
  const made = await shop(deal, merchant);
  const { vouchers: vs } = await bought(made.deal.id, 2);
  await redeem(made.owner, vs[0]!, during(0, 10));
  await redeem(made.owner, vs[1]!, during(0, 20));
  return { ...made, vouchers: vs };
}

/** The id of a merchant's statement of week n. */
async function statementIdOf(merchantId: string, n = 0): Promise<string> {
  const [drawn] = await t.db.select().from(statements).where(and(eq(statements.merchantId, merchantId), eq(statements.periodStart, week(n))));
  return drawn!.id;
}

/** Week 0 drawn up for a fresh merchant with two redemptions. */
async function drawnUp(deal: Parameters<typeof buyableDeal>[1] = {}, merchant: Parameters<typeof buyableDeal>[2] = {}) {
  const made = await redeemedTwice(deal, merchant);
  await drawUpStatements(t.db, closed(0));
  return { ...made, statementId: await statementIdOf(made.merchant.id) };
}

describe('reading statements', () => {
  it('lists the owner’s own statements, newest week first, and one with its lines', async () => {
    const mine = await shop();
    const other = await redeemedTwice({}, { name: 'Elsewhere' });
    const { vouchers: vs } = await bought(mine.deal.id, 2);
    await redeem(mine.owner, vs[0]!, during(0));
    await redeem(mine.owner, vs[1]!, during(2));
    await drawUpStatements(t.db, closed(2));
    const othersStatement = await statementIdOf(other.merchant.id);

    const res = await call(t.app, 'GET', '/api/merchant/statements', { sessionId: mine.owner.sessionId });
    expectStatus(res, 200);
    const list = statementList.parse(res.body);
    expect(list.map((s) => [s.merchantId, s.periodStart])).toEqual([
      [mine.merchant.id, week(2).toISOString()],
      [mine.merchant.id, week(0).toISOString()],
    ]);
    expect(list.map((s) => s.id)).not.toContain(othersStatement);

    const one = await call(t.app, 'GET', `/api/merchant/statements/${list[1]!.id}`, { sessionId: mine.owner.sessionId });
    expectStatus(one, 200);
    expect(statementWithLines.parse(one.body)).toEqual({ ...list[1], lines: [expect.objectContaining({ kind: 'redeemed', voucherCode: vs[0]!.code })] });
  });

  it('lists every merchant’s for a superadmin, by merchant and awaiting payout', async () => {
    const [a, b] = [await redeemedTwice({}, { name: 'First' }), await redeemedTwice({}, { name: 'Second' })];
    await drawUpStatements(t.db, closed(0));
    const first = { ...a, statementId: await statementIdOf(a.merchant.id) };
    const second = { ...b, statementId: await statementIdOf(b.merchant.id) };
    const admin = await loginAs(t, await buildUser(t.db, { role: 'superadmin' }));
    const list = async (query = '') => {
      const res = await call(t.app, 'GET', `/api/admin/statements${query}`, { sessionId: admin.sessionId });
      expectStatus(res, 200);
      return statementList.parse(res.body).map((s) => s.id);
    };
    expect((await list()).sort()).toEqual([first.statementId, second.statementId].sort());
    expect(await list(`?merchantId=${second.merchant.id}`)).toEqual([second.statementId]);
    expectStatus(await call(t.app, 'POST', `/api/admin/statements/${first.statementId}/payout`, { body: { reference: 'TRX-1' }, sessionId: admin.sessionId }), 200);
    expect(await list('?unpaid=true')).toEqual([second.statementId]);
    expect((await list('?unpaid=false')).sort()).toEqual([first.statementId, second.statementId].sort());
    expectError(await call(t.app, 'GET', '/api/admin/statements?merchantId=nope', { sessionId: admin.sessionId }), 400, 'merchantId: must be a UUID');

    const one = await call(t.app, 'GET', `/api/admin/statements/${second.statementId}`, { sessionId: admin.sessionId });
    expectStatus(one, 200);
    expect(statementWithLines.parse(one.body).lines).toHaveLength(2);
  });

  it('answers the statement as CSV: a header, one row per line, then the totals', async () => {
    const { owner, vouchers: vs, statementId } = await drawnUp({ title: 'Kayak, "sunset" tour', priceCents: 1995 }, { commissionBps: 1250 });
    const admin = await loginAs(t, await buildUser(t.db, { role: 'superadmin' }));
    for (const [who, url] of [
      [owner, `/api/merchant/statements/${statementId}/csv`],
      [admin, `/api/admin/statements/${statementId}/csv`],
    ] as const) {
      const res = await call(t.app, 'GET', url, { sessionId: who.sessionId });
      expectStatus(res, 200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="statement-${week(0).toISOString().slice(0, 10)}.csv"`);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toBe(
        [
          'Date,Kind,Voucher,Deal,Amount,Commission,Net',
          `${utcCsvTime(during(0, 10))},redeemed,${vs[0]!.code},"Kayak, ""sunset"" tour",19.95,2.49,17.46`,
          `${utcCsvTime(during(0, 20))},redeemed,${vs[1]!.code},"Kayak, ""sunset"" tour",19.95,2.49,17.46`,
          'Total,,,,39.90,4.98,34.92',
          '',
        ].join('\r\n'),
      );
    }
  });

  it('writes amounts with two places and keeps a cell from being read as a formula', () => {
    expect([0, 5, -5, 1999, -1999, 100_000].map(decimalAmount)).toEqual(['0.00', '0.05', '-0.05', '19.99', '-19.99', '1000.00']);
    const base = { id: 'x', merchantId: 'm', merchantName: 'M', periodStart: '2026-03-02T00:00:00.000Z', periodEnd: '2026-03-09T00:00:00.000Z', timeZone: 'UTC', commissionBps: 1000, createdAt: '', paidAt: null, payoutReference: null };
    const lines = [
      { kind: 'redeemed' as const, occurredAt: '2026-03-03T10:00:00.000Z', voucherCode: 'AAAA2222', dealTitle: '=HYPERLINK("http://x")', amountCents: 1000, commissionCents: 100, netCents: 900 },
      { kind: 'refund' as const, occurredAt: '2026-03-04T10:00:00.000Z', voucherCode: 'BBBB3333', dealTitle: 'Line\nbreak', amountCents: -500, commissionCents: -50, netCents: -450 },
    ];
    const { filename, body } = statementCsv({ ...base, ...totalsOf(lines), lineCount: 2, lines });
    expect(filename).toBe('statement-2026-03-02.csv');
    expect(body.split('\r\n')).toEqual([
      'Date,Kind,Voucher,Deal,Amount,Commission,Net',
      `2026-03-03T10:00:00+00:00,redeemed,AAAA2222,"'=HYPERLINK(""http://x"")",10.00,1.00,9.00`,
      '2026-03-04T10:00:00+00:00,refund,BBBB3333,"Line\nbreak",-5.00,-0.50,-4.50',
      'Total,,,,5.00,0.50,4.50',
      '',
    ]);
  });
});

describe('who may read and pay', () => {
  it('serves the statement routes', () => {
    const routes = [...routesUnder(t.app, '/api/merchant/statements'), ...routesUnder(t.app, '/api/admin/statements')].map((r) => `${r.method} ${r.url}`);
    expect(routes.sort()).toEqual([
      'GET /api/admin/statements',
      'GET /api/admin/statements/:id',
      'GET /api/admin/statements/:id/csv',
      'GET /api/merchant/statements',
      'GET /api/merchant/statements/:id',
      'GET /api/merchant/statements/:id/csv',
      'POST /api/admin/statements/:id/payout',
    ]);
  });

  it('lets only the owner read the merchant’s statements: guests 401, customers, staff and superadmins 403', async () => {
    const { merchant, statementId } = await drawnUp();
    const staff = await loginAs(t, await buildMerchantAccount(t.db, merchant.id, { merchantRole: 'staff' }));
    const shopper = await customer(t);
    const admin = await loginAs(t, await buildUser(t.db, { role: 'superadmin' }));
    for (const route of routesUnder(t.app, '/api/merchant/statements')) {
      // Also with an id that is not one: the guard answers before the address is looked at.
      for (const id of [statementId, 'not-an-id']) {
        const url = fillParams(route.url, id);
        expectStatus(await call(t.app, route.method, url), 401);
        expectStatus(await call(t.app, route.method, url, { sessionId: shopper.sessionId }), 403);
        expectError(await call(t.app, route.method, url, { sessionId: staff.sessionId }), 403, "Only the merchant's owner account can do that");
        expectStatus(await call(t.app, route.method, url, { sessionId: admin.sessionId }), 403);
      }
    }
  });

  it('answers another merchant’s statement, and an unknown one, 404', async () => {
    const { statementId } = await drawnUp();
    const other = await shop({}, { name: 'Elsewhere' });
    const admin = await loginAs(t, await buildUser(t.db, { role: 'superadmin' }));
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const id of [statementId, unknown]) {
      expectError(await call(t.app, 'GET', `/api/merchant/statements/${id}`, { sessionId: other.owner.sessionId }), 404, 'Statement not found');
      expectError(await call(t.app, 'GET', `/api/merchant/statements/${id}/csv`, { sessionId: other.owner.sessionId }), 404, 'Statement not found');
    }
    expectError(await call(t.app, 'GET', `/api/admin/statements/${unknown}`, { sessionId: admin.sessionId }), 404, 'Statement not found');
    expectError(await call(t.app, 'GET', `/api/admin/statements/${unknown}/csv`, { sessionId: admin.sessionId }), 404, 'Statement not found');
    expectError(await call(t.app, 'POST', `/api/admin/statements/${unknown}/payout`, { body: { reference: 'TRX-1' }, sessionId: admin.sessionId }), 404, 'Statement not found');
  });

  it('keeps the admin calls to superadmins: guests 401, customers and merchants 403, before the body is looked at', async () => {
    const { owner, statementId } = await drawnUp();
    const shopper = await customer(t);
    for (const route of routesUnder(t.app, '/api/admin/statements')) {
      for (const body of route.method === 'POST' ? [undefined, {}, { reference: 'TRX-1' }] : [undefined]) {
        const url = fillParams(route.url, statementId);
        const options = body === undefined ? {} : { body };
        expectStatus(await call(t.app, route.method, url, options), 401);
        expectStatus(await call(t.app, route.method, url, { ...options, sessionId: shopper.sessionId }), 403);
        expectStatus(await call(t.app, route.method, url, { ...options, sessionId: owner.sessionId }), 403);
      }
    }
    expect((await t.db.select().from(statements))[0]!.paidAt).toBeNull();
  });
});

describe('payouts', () => {
  it('marks the statement paid and writes the ledger’s payout row, once', async () => {
    const { merchant, statementId } = await drawnUp();
    const admin = await loginAs(t, await buildUser(t.db, { role: 'superadmin' }));
    const pay = (reference: string) => call(t.app, 'POST', `/api/admin/statements/${statementId}/payout`, { body: { reference }, sessionId: admin.sessionId });

    const res = await pay('  TRX-2026-0001 ');
    expectStatus(res, 200);
    const paid = statement.parse(res.body);
    expect(paid).toMatchObject({ id: statementId, netCents: 2 * 1799, payoutReference: 'TRX-2026-0001' });
    expect(paid.paidAt).not.toBeNull();

    const payouts = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, 'payout'));
    expect(payouts).toEqual([
      expect.objectContaining({ amountCents: -2 * 1799, merchantId: merchant.id, statementId, provider: 'bank', providerRef: 'TRX-2026-0001', orderId: null, refundId: null }),
    ]);
    const ledger = await call(t.app, 'GET', '/api/admin/ledger', { sessionId: admin.sessionId });
    expectStatus(ledger, 200);
    const page = ledgerPage.parse(ledger.body);
    expect(page.totals.payoutsCents).toBe(-2 * 1799);
    expect(page.totals.balanceCents).toBe(page.totals.paymentsCents + page.totals.refundsCents - 2 * 1799);
    expect(page.entries[0]).toMatchObject({ kind: 'payout', amountCents: -2 * 1799, merchantId: merchant.id, provider: 'bank', providerRef: 'TRX-2026-0001' });
    // The note is kept as its key and the week's first day, and read in the reader's language.
    const week = paid.periodStart.slice(0, 10);
    expect(payouts[0]!.note).toBe(`{"key":"ledger.payout","params":{"from":"${week}"}}`);
    expect(page.entries[0]!.note).toBe(`Statement of the week from ${week}`);
    const chinese = await call(t.app, 'GET', '/api/admin/ledger', { sessionId: admin.sessionId, headers: { 'accept-language': 'zh-CN' } });
    expect(ledgerPage.parse(chinese.body).entries[0]!.note).toBe(`${week} 起一周的结算单`);

    expectError(await pay('TRX-2026-0002'), 409, 'This statement is already paid');
    expect(await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, 'payout'))).toHaveLength(1);
    const [row] = await t.db.select().from(statements).where(eq(statements.id, statementId));
    expect(row!.payoutReference).toBe('TRX-2026-0001');
    expect(row!.paidBy).not.toBeNull();
  });

  it('refuses a statement with nothing to pay, and a payout without a reference', async () => {
    const { vouchers: vs, statementId, merchant } = await drawnUp();
    await goodwillRefund(vs[0]!, during(1));
    await drawUpStatements(t.db, closed(1));
    const [refundWeek] = await t.db.select().from(statements).where(and(eq(statements.merchantId, merchant.id), ne(statements.id, statementId)));
    expect(refundWeek!.netCents).toBeLessThan(0);
    const admin = await loginAs(t, await buildUser(t.db, { role: 'superadmin' }));

    expectError(await call(t.app, 'POST', `/api/admin/statements/${refundWeek!.id}/payout`, { body: { reference: 'TRX-9' }, sessionId: admin.sessionId }), 409, 'This statement has nothing to pay');
    expectError(await call(t.app, 'POST', `/api/admin/statements/${statementId}/payout`, { body: { reference: '   ' }, sessionId: admin.sessionId }), 400, 'reference: Please enter the payout reference');
    expectStatus(await call(t.app, 'POST', `/api/admin/statements/${statementId}/payout`, { body: {}, sessionId: admin.sessionId }), 400);
    expect(await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, 'payout'))).toEqual([]);
  });

  it('pays a statement once when several payouts arrive together', async () => {
    const { statementId } = await drawnUp();
    const admin = await loginAs(t, await buildUser(t.db, { role: 'superadmin' }));
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => call(t.app, 'POST', `/api/admin/statements/${statementId}/payout`, { body: { reference: `TRX-${i}` }, sessionId: admin.sessionId })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, 'payout'))).toHaveLength(1);
  });
});
