/**
 * Statement weeks in the merchant's time zone (ADR 039): a Los Angeles merchant's week runs from its Monday
 * midnight, 167 or 169 hours in the weeks its clocks change; each zone's weeks are drawn up once (the watermark
 * keyed by zone and start); a statement keeps its zone and its CSV writes the zone's times; a merchant moved to
 * another zone is credited for the hours between the two zones' weeks. Time is moved by drawing up at a given `now`
 * and by dating the redemptions.
 */
import { describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { STATEMENT_CLOSE_DELAY_MINUTES } from '../../contract/constants';
import { statementList, statementWithLines, type StatementWithLines } from '../../contract/workspace';
import { buildMerchantAccount } from '../db/factories';
import { merchants, redemptions, statements, statementWeeks, vouchers } from '../db/schema';
import { testConfig, useTestApp } from '../test/app';
import { call, expectStatus, loginAs, type TestSession } from '../test/auth-helpers';
import { buy, buyableDeal, customer, orderOf, testProviderFor } from '../test/purchase-helpers';
import { drawUpStatements, lastClosedWeekEnd, weekAfter, weekStartOf } from './statements.service';

const t = useTestApp({ deps: { payments: testProviderFor(testConfig()) } });

const LA = 'America/Los_Angeles';
const HOUR = 3_600_000;
const DELAY = STATEMENT_CLOSE_DELAY_MINUTES * 60_000;
const at = (iso: string) => new Date(iso);

type Voucher = typeof vouchers.$inferSelect;

/** A merchant in `timeZone` with one deal and a signed-in owner. */
async function shop(timeZone: string, name = 'Harbor Outfitters') {
  const made = await buyableDeal(t.db, { title: 'Sunset Kayak Tour', priceCents: 2000, maxPerUser: 10 }, { name, timeZone });
  const owner = await loginAs(t, await buildMerchantAccount(t.db, made.merchant.id, { merchantRole: 'owner' }));
  return { ...made, owner };
}

async function bought(dealId: string, count: number): Promise<Voucher[]> {
  const order = await orderOf(t.db, await buy(t.app, await customer(t), { items: [{ dealId, quantity: count }] }));
  return t.db.select().from(vouchers).where(eq(vouchers.orderId, order.id)).orderBy(vouchers.unitIndex);
}

/** Redeems a voucher through the API and dates the redemption `when`. */
async function redeem(owner: TestSession, v: Voucher, when: Date): Promise<void> {
  expectStatus(await call(t.app, 'POST', '/api/redeem', { body: { code: v.code, pin: v.pin }, sessionId: owner.sessionId }), 200);
  await t.db.update(redemptions).set({ createdAt: when }).where(and(eq(redemptions.voucherId, v.id), eq(redemptions.success, true), isNull(redemptions.undoneAt)));
  await t.db.update(vouchers).set({ redeemedAt: when }).where(eq(vouchers.id, v.id));
}

/** The owner's statements, oldest week first, each with its lines. */
async function statementsOf(owner: TestSession): Promise<StatementWithLines[]> {
  const res = await call(t.app, 'GET', '/api/merchant/statements', { sessionId: owner.sessionId });
  expectStatus(res, 200);
  const out = [];
  for (const s of statementList.parse(res.body).reverse()) {
    const one = await call(t.app, 'GET', `/api/merchant/statements/${s.id}`, { sessionId: owner.sessionId });
    expectStatus(one, 200);
    out.push(statementWithLines.parse(one.body));
  }
  return out;
}

const periodOf = (s: StatementWithLines) => [s.periodStart, s.periodEnd, s.timeZone];
const codesOf = (s: StatementWithLines) => s.lines.map((l) => l.voucherCode).sort();

describe("a zone's weeks", () => {
  it('start at Monday midnight in the zone, and last 167 or 169 hours in the weeks its clocks change', () => {
    // Winter: Monday 00:00 in Los Angeles is 08:00 UTC; a Sunday 23:30 there is already Monday in UTC.
    expect(weekStartOf(at('2026-11-23T07:30:00Z'), LA).toISOString()).toBe('2026-11-16T08:00:00.000Z');
    expect(weekStartOf(at('2026-11-23T08:00:00Z'), LA).toISOString()).toBe('2026-11-23T08:00:00.000Z');
    expect(weekStartOf(at('2026-11-23T07:30:00Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    // The clocks go forward on Sunday, March 8, 2026: that week has 167 hours, and the next starts at 07:00 UTC.
    const spring = weekStartOf(at('2026-03-05T12:00:00Z'), LA);
    expect(spring.toISOString()).toBe('2026-03-02T08:00:00.000Z');
    expect(weekAfter(spring, LA).toISOString()).toBe('2026-03-09T07:00:00.000Z');
    expect((weekAfter(spring, LA).getTime() - spring.getTime()) / HOUR).toBe(167);
    // They go back on Sunday, November 1: 169 hours.
    const autumn = weekStartOf(at('2026-10-28T12:00:00Z'), LA);
    expect(autumn.toISOString()).toBe('2026-10-26T07:00:00.000Z');
    expect((weekAfter(autumn, LA).getTime() - autumn.getTime()) / HOUR).toBe(169);
    // A week closes its delay after its own Monday midnight.
    expect(lastClosedWeekEnd(new Date(at('2026-03-09T07:00:00Z').getTime() + DELAY - 1), LA).toISOString()).toBe('2026-03-02T08:00:00.000Z');
    expect(lastClosedWeekEnd(new Date(at('2026-03-09T07:00:00Z').getTime() + DELAY), LA).toISOString()).toBe('2026-03-09T07:00:00.000Z');
  });
});

describe("drawing up in the merchant's zone", () => {
  it("puts a Sunday-night redemption in Los Angeles' week and a Monday-morning one in the next, where a UTC merchant's fall otherwise", async () => {
    const la = await shop(LA);
    const utc = await shop('UTC', 'Greenwich Bikes');
    const [a, b] = await bought(la.deal.id, 2);
    const [c, d] = await bought(utc.deal.id, 2);
    // Sunday, Nov 22, 23:30 and Monday, Nov 23, 00:30 in Los Angeles; both are Monday in UTC.
    await redeem(la.owner, a!, at('2026-11-23T07:30:00Z'));
    await redeem(la.owner, b!, at('2026-11-23T08:30:00Z'));
    await redeem(utc.owner, c!, at('2026-11-22T23:30:00Z'));
    await redeem(utc.owner, d!, at('2026-11-23T07:30:00Z'));

    // An hour after Los Angeles' Monday midnight of Nov 30 both zones have closed the weeks of Nov 16 and Nov 23.
    expect(await drawUpStatements(t.db, at('2026-11-30T09:00:00Z'))).toBe(4);
    const laWeeks = await statementsOf(la.owner);
    expect(laWeeks.map(periodOf)).toEqual([
      ['2026-11-16T08:00:00.000Z', '2026-11-23T08:00:00.000Z', LA],
      ['2026-11-23T08:00:00.000Z', '2026-11-30T08:00:00.000Z', LA],
    ]);
    expect(laWeeks.map(codesOf)).toEqual([[a!.code], [b!.code]]);
    const utcWeeks = await statementsOf(utc.owner);
    expect(utcWeeks.map(periodOf)).toEqual([
      ['2026-11-16T00:00:00.000Z', '2026-11-23T00:00:00.000Z', 'UTC'],
      ['2026-11-23T00:00:00.000Z', '2026-11-30T00:00:00.000Z', 'UTC'],
    ]);
    expect(utcWeeks.map(codesOf)).toEqual([[c!.code], [d!.code]]);

    // Each zone's weeks are recorded once, under the zone.
    const recorded = (await t.db.select().from(statementWeeks)).map((w) => `${w.timeZone} ${w.periodStart.toISOString()}`).sort();
    expect(recorded).toEqual([
      'America/Los_Angeles 2026-11-16T08:00:00.000Z',
      'America/Los_Angeles 2026-11-23T08:00:00.000Z',
      'UTC 2026-11-16T00:00:00.000Z',
      'UTC 2026-11-23T00:00:00.000Z',
    ]);
    expect(await drawUpStatements(t.db, at('2026-11-30T09:00:00Z'))).toBe(0);
    expect(await t.db.select().from(statementWeeks)).toHaveLength(4);
  });

  it("draws up the 167-hour week of March's change of clocks, to its own Monday midnight and not before", async () => {
    const la = await shop(LA);
    const [early, late, next] = await bought(la.deal.id, 3);
    await redeem(la.owner, early!, at('2026-03-02T08:00:00Z')); // Monday, March 2, 00:00 PST: the week's first moment
    await redeem(la.owner, late!, at('2026-03-09T06:59:00Z')); // Sunday, March 8, 23:59 PDT: its last minute
    await redeem(la.owner, next!, at('2026-03-09T07:00:00Z')); // Monday, March 9, 00:00 PDT: the next week

    const end = at('2026-03-09T07:00:00Z');
    expect(await drawUpStatements(t.db, new Date(end.getTime() + DELAY - 1))).toBe(0);
    expect(await t.db.select().from(statements)).toEqual([]);
    expect(await drawUpStatements(t.db, new Date(end.getTime() + DELAY))).toBe(1);
    const [week] = await statementsOf(la.owner);
    expect(periodOf(week!)).toEqual(['2026-03-02T08:00:00.000Z', '2026-03-09T07:00:00.000Z', LA]);
    expect((Date.parse(week!.periodEnd) - Date.parse(week!.periodStart)) / HOUR).toBe(167);
    expect(codesOf(week!)).toEqual([early!.code, late!.code].sort());

    // The CSV writes the zone's times with their offsets, and is named after the zone's Monday.
    const csv = await call(t.app, 'GET', `/api/merchant/statements/${week!.id}/csv`, { sessionId: la.owner.sessionId });
    expectStatus(csv, 200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="statement-2026-03-02.csv"');
    const rows = String(csv.body).split('\r\n');
    expect(rows.slice(1, 3).map((r) => r.split(',')[0])).toEqual(['2026-03-02T00:00:00-08:00', '2026-03-08T23:59:00-07:00']);

    // The next week, from Monday 07:00 UTC, holds the third.
    expect(await drawUpStatements(t.db, at('2026-03-16T09:00:00Z'))).toBe(1);
    const [, second] = await statementsOf(la.owner);
    expect(periodOf(second!)).toEqual(['2026-03-09T07:00:00.000Z', '2026-03-16T07:00:00.000Z', LA]);
    expect(codesOf(second!)).toEqual([next!.code]);
  });

  it('credits a merchant moved to another zone for the hours between the two zones\u2019 weeks, once', async () => {
    const la = await shop(LA);
    const mover = await shop('UTC', 'Greenwich Bikes');
    const [first] = await bought(la.deal.id, 1);
    const [before, gap, after] = await bought(mover.deal.id, 3);
    await redeem(la.owner, first!, at('2026-11-18T20:00:00Z'));
    await redeem(mover.owner, before!, at('2026-11-20T12:00:00Z'));
    // Monday, Nov 23, 03:00 UTC: in UTC's week of Nov 23, but in Los Angeles' week of Nov 16 (Sunday evening there).
    await redeem(mover.owner, gap!, at('2026-11-23T03:00:00Z'));
    // Both zones draw up the week of Nov 16: the gap is in neither statement.
    expect(await drawUpStatements(t.db, at('2026-11-23T09:00:00Z'))).toBe(2);
    expect((await statementsOf(mover.owner)).map(codesOf)).toEqual([[before!.code]]);

    // The merchant moves to Los Angeles before UTC's week of Nov 23 is drawn up.
    await t.db.update(merchants).set({ timeZone: LA }).where(eq(merchants.id, mover.merchant.id));
    await redeem(mover.owner, after!, at('2026-11-25T20:00:00Z'));
    expect(await drawUpStatements(t.db, at('2026-11-30T09:00:00Z'))).toBe(1);
    const weeks = await statementsOf(mover.owner);
    expect(weeks.map(periodOf)).toEqual([
      ['2026-11-16T00:00:00.000Z', '2026-11-23T00:00:00.000Z', 'UTC'],
      ['2026-11-23T08:00:00.000Z', '2026-11-30T08:00:00.000Z', LA],
    ]);
    expect(weeks.map(codesOf)).toEqual([[before!.code], [gap!.code, after!.code].sort()]);
    expect(await drawUpStatements(t.db, at('2026-12-07T09:00:00Z'))).toBe(0);
  });
});
