/**
 * Weekly statements and payouts (ADR 028, 039). A merchant's week runs from Monday 00:00 to the next
 * Monday 00:00 in its time zone (167 or 169 hours when its clocks change in the week); once it has been
 * over for STATEMENT_CLOSE_DELAY_MINUTES, the minute sweep draws it up for every merchant of that zone
 * with something in it:
 * - `redeemed`: a successful redemption made in the week that was not undone;
 * - `expired`: a voucher the sweep marked `expired` (never refunded) whose validity ended by the
 *   week's end, normally within it; one that was marked late (the sweep was off) is credited in the
 *   first week drawn up after, so the merchant is never left unpaid for it;
 * - `refund`: a refund that succeeded in the week of a voucher already credited, in an earlier
 *   statement or in this one, taking back exactly what its credit line gave.
 * A voucher is credited once and taken back at most once, ever (the unique indexes of
 * `statement_lines`). The commission of a credit line is the merchant's rate when the statement is
 * drawn up, rounded half up to the cent; a statement's totals are the sums of its lines.
 *
 * Each zone the merchants are in has its own weeks. A zone's weeks are drawn up oldest first, each in
 * one transaction for every merchant of the zone at once under an advisory transaction lock, so servers
 * sweeping together take turns and the later one finds the week done; the unique key of merchant and
 * period stands behind it. Every week drawn up, with statements or none, is recorded in
 * `statement_weeks` under its zone: each zone's latest closed week is always recorded, so the sweep's
 * every-minute check is two small reads (the merchants' zones, each zone's latest week) until a week
 * closes. A merchant whose zone changes has the hours between its old zone's last week and its new
 * zone's next one credited in the first week drawn up after: the lines look back STRAGGLER_DAYS before
 * the week for anything not credited yet. A payout is one conditional update of the statement and its
 * ledger row, in one transaction.
 */
import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, max, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { STATEMENT_CLOSE_DELAY_MINUTES } from '../../contract/constants';
import { DEFAULT_TIME_ZONE, zonedIsoDay, zonedIsoTime, zonedWeekStart } from '../../contract/time-zones';
import type { Statement, StatementLine, StatementWithLines } from '../../contract/workspace';
import type { Db, Tx } from '../db/client';
import { databaseFunction } from '../db/prepared';
import { deals, ledgerEntries, merchants, orderItems, redemptions, refunds, statementLines, statements, statementWeeks, vouchers } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import type { UserRow } from '../http/session-lookup';
import { msg, textOfMessage } from '../i18n';

/**
 * How far before a week its lines look for redemptions and refunds not yet on a statement: more than the
 * widest gap a change of zone can leave between two zones' weeks (a week and the 26 hours between the
 * earliest and latest zones), so a merchant moved to another zone is never left unpaid for those hours.
 */
const STRAGGLER_DAYS = 14;
const STRAGGLER_MS = STRAGGLER_DAYS * 86_400_000;

/** An arbitrary constant key: one server draws up statements at a time. */
const STATEMENTS_LOCK_KEY = 9_280_417;

const advisoryTransactionLock = databaseFunction('pg_advisory_xact_lock', 1);

export const STATEMENT_MESSAGES = {
  notFound: msg('notFound.statement'),
  alreadyPaid: msg('statements.alreadyPaid'),
  nothingToPay: msg('statements.nothingToPay'),
} as const;

/** Monday 00:00 in `zone` (UTC unless told) of the week `time` falls in. */
export function weekStartOf(time: Date, zone: string = DEFAULT_TIME_ZONE): Date {
  return zonedWeekStart(time, zone);
}

/** The Monday 00:00 in `zone` a week later than `weekStart`'s: 168 hours on, or 167 or 169 across a change of clocks. */
export function weekAfter(weekStart: Date, zone: string = DEFAULT_TIME_ZONE): Date {
  return zonedWeekStart(weekStart, zone, 1);
}

/** The end of the latest week of `zone` that may be drawn up at `now`: a Monday midnight at least the close delay past. */
export function lastClosedWeekEnd(now: Date, zone: string = DEFAULT_TIME_ZONE): Date {
  return zonedWeekStart(new Date(now.getTime() - STATEMENT_CLOSE_DELAY_MINUTES * 60_000), zone);
}

/** The commission on a price: price × bps / 10000 rounded half up, in integer cents. */
export function commissionOf(priceCents: number, bps: number): number {
  return Math.floor((priceCents * bps + 5000) / 10000);
}

type LineKind = StatementLine['kind'];

export interface DraftLine {
  voucherId: string;
  kind: LineKind;
  occurredAt: Date;
  voucherCode: string;
  dealTitle: string;
  amountCents: number;
  commissionCents: number;
  netCents: number;
}

export interface StatementTotals {
  grossCents: number;
  commissionCents: number;
  refundsCents: number;
  netCents: number;
}

/** A statement's totals from its lines: gross of the credit lines, all commission, refunds as a positive number. */
export function totalsOf(lines: readonly Pick<DraftLine, 'kind' | 'amountCents' | 'commissionCents'>[]): StatementTotals {
  let grossCents = 0;
  let commissionCents = 0;
  let refundsCents = 0;
  for (const line of lines) {
    if (line.kind === 'refund') refundsCents -= line.amountCents;
    else grossCents += line.amountCents;
    commissionCents += line.commissionCents;
  }
  return { grossCents, commissionCents, refundsCents, netCents: grossCents - commissionCents - refundsCents };
}

// ---------------------------------------------------------------------------------------------
// Drawing up

/**
 * The Monday of a timestamp's week in a zone, as 'yyyy-MM-dd', in SQL; its first instant is found in
 * TypeScript (zonedDayStart), which knows what to do where a clock change skips midnight.
 */
const weekOf = (column: AnyColumn, zone: string) => sql<string>`to_char(date_trunc('week', ${column} at time zone ${zone}), 'YYYY-MM-DD')`;

/** The first instant of a 'yyyy-MM-dd' Monday in a zone. */
function mondayIn(day: string, zone: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return zonedWeekStart(new Date(Date.UTC(year, month - 1, date, 12)), zone);
}

/** True once a credit line names the voucher; `voucherId` spells out the outer column. */
const credited = (voucherId: SQL) => sql`exists (select 1 from statement_lines sl where sl.voucher_id = ${voucherId} and sl.kind <> 'refund')`;
const notCredited = (voucherId: SQL) => sql`not ${credited(voucherId)}`;
const notTakenBack = (voucherId: SQL) => sql`not exists (select 1 from statement_lines sl where sl.voucher_id = ${voucherId} and sl.kind = 'refund')`;
const standingRedemption = and(eq(redemptions.success, true), isNull(redemptions.undoneAt));
/** The deal's merchant keeps its clock in `zone`. */
const dealMerchantIn = (zone: string) => sql`exists (select 1 from merchants m where m.id = "deals"."merchant_id" and m.time_zone = ${zone})`;

/**
 * Draws up every week closed at `now` that has not been drawn up, in every zone the merchants are in,
 * each zone's oldest first, for every merchant with lines in it. Safe to call from any number of
 * servers at once and as often as wanted: a zone's week is drawn up once. Answers the number of
 * statements written.
 */
export async function drawUpStatements(db: Db, now: Date): Promise<number> {
  const [zones, latestWeeks] = await Promise.all([
    db.selectDistinct({ zone: merchants.timeZone }).from(merchants),
    db.select({ zone: statementWeeks.timeZone, start: max(statementWeeks.periodStart) }).from(statementWeeks).groupBy(statementWeeks.timeZone),
  ]);
  const latestOf = new Map(latestWeeks.map((w) => [w.zone, w.start]));
  // UTC's weeks are kept whether or not a merchant is in it: the default zone, and every week drawn up before zones.
  const inUse = [...new Set([DEFAULT_TIME_ZONE, ...zones.map((z) => z.zone)])];
  let written = 0;
  for (const zone of inUse) written += await drawUpZone(db, zone, latestOf.get(zone) ?? null, now);
  return written;
}

/** Draws up a zone's weeks closed at `now` after `latest`, the last of its weeks drawn up (null: none yet). */
async function drawUpZone(db: Db, zone: string, latest: Date | null, now: Date): Promise<number> {
  const closedUntil = lastClosedWeekEnd(now, zone);
  const from = latest ? weekAfter(latest, zone) : null;
  // Nothing closed since the zone's last week drawn up: the sweep's usual case.
  if (from && from >= closedUntil) return 0;
  const weeks = await weeksToDrawUp(db, zone, from, closedUntil);
  // The last closed week is recorded even when nobody had a line in it.
  const lastWeek = zonedWeekStart(closedUntil, zone, -1).getTime();
  if (!weeks.some((week) => week.getTime() === lastWeek)) weeks.push(new Date(lastWeek));
  let written = 0;
  for (const week of weeks) written += await drawUpWeek(db, zone, week);
  return written;
}

/**
 * The weeks of a zone before `closedUntil` that something of its merchants will be credited or taken
 * back in, after the zone's last week drawn up. Weeks are drawn up in order, so everything before that
 * week has been; a voucher marked expired late, or a line a change of zone left behind, is due in the
 * first week still to draw up.
 */
async function weeksToDrawUp(db: Db, zone: string, from: Date | null, closedUntil: Date): Promise<Date[]> {
  const since = (column: AnyColumn) => (from ? gte(column, new Date(from.getTime() - STRAGGLER_MS)) : undefined);

  const [redeemed, expired, refunded] = await Promise.all([
    db
      .selectDistinct({ week: weekOf(redemptions.createdAt, zone) })
      .from(redemptions)
      .innerJoin(vouchers, eq(vouchers.id, redemptions.voucherId))
      .innerJoin(deals, eq(deals.id, vouchers.dealId))
      .where(
        and(
          standingRedemption,
          since(redemptions.createdAt),
          lt(redemptions.createdAt, closedUntil),
          dealMerchantIn(zone),
          notCredited(sql`"redemptions"."voucher_id"`),
        ),
      ),
    db
      .selectDistinct({ week: weekOf(vouchers.validUntil, zone) })
      .from(vouchers)
      .innerJoin(deals, eq(deals.id, vouchers.dealId))
      .where(and(eq(vouchers.status, 'expired'), lt(vouchers.validUntil, closedUntil), dealMerchantIn(zone), notCredited(sql`"vouchers"."id"`))),
    db
      .selectDistinct({ week: weekOf(refunds.settledAt, zone) })
      .from(refunds)
      .innerJoin(vouchers, eq(vouchers.id, refunds.voucherId))
      .innerJoin(deals, eq(deals.id, vouchers.dealId))
      .where(
        and(
          eq(refunds.status, 'succeeded'),
          since(refunds.settledAt),
          lt(refunds.settledAt, closedUntil),
          dealMerchantIn(zone),
          notTakenBack(sql`"refunds"."voucher_id"`),
          // Only a voucher credited, or about to be, is taken back: the refund of one never used is no business of the statements.
          sql`(${credited(sql`"refunds"."voucher_id"`)} or exists (select 1 from redemptions r where r.voucher_id = "refunds"."voucher_id" and r.success and r.undone_at is null))`,
        ),
      ),
  ]);
  const weeks = new Set<number>();
  for (const { week } of [...redeemed, ...expired, ...refunded]) weeks.add(Math.max(mondayIn(week, zone).getTime(), from?.getTime() ?? -Infinity));
  return [...weeks]
    .filter((t) => t < closedUntil.getTime())
    .sort((a, b) => a - b)
    .map((t) => new Date(t));
}

/** A voucher to credit, before its commission. */
interface Credit {
  voucherId: string;
  merchantId: string;
  kind: 'redeemed' | 'expired';
  occurredAt: Date;
  voucherCode: string;
  dealTitle: string;
  amountCents: number;
}

/** Rows written per insert, well within PostgreSQL's limit on a statement's parameters. */
const INSERT_BATCH = 1000;

/**
 * Draws up one week of a zone for every merchant in it, in one transaction under the lock. A week
 * another server has drawn up meanwhile is left as it is. A merchant that already has a statement
 * starting at the same instant (one drawn up in another zone that shares this Monday, before the
 * merchant moved) is left for the next week, whose lines look back for what this one would have held.
 * Answers the number of statements written.
 */
async function drawUpWeek(db: Db, zone: string, periodStart: Date): Promise<number> {
  const periodEnd = weekAfter(periodStart, zone);
  return db.transaction(async (tx) => {
    await advisoryTransactionLock(tx, [STATEMENTS_LOCK_KEY]);
    const recorded = await tx
      .insert(statementWeeks)
      .values({ timeZone: zone, periodStart })
      .onConflictDoNothing()
      .returning({ periodStart: statementWeeks.periodStart });
    if (recorded.length === 0) return 0;

    const credits = await creditsOf(tx, zone, periodStart, periodEnd);
    const takenBack = await refundsOf(tx, zone, periodStart, periodEnd);
    const withLines = [...new Set([...credits.map((c) => c.merchantId), ...takenBack.map((r) => r.merchantId)])];
    if (withLines.length === 0) return 0;
    const drawnAlready = new Set(
      (
        await tx
          .select({ merchantId: statements.merchantId })
          .from(statements)
          .where(and(inArray(statements.merchantId, withLines), eq(statements.periodStart, periodStart)))
      ).map((r) => r.merchantId),
    );
    const merchantIds = withLines.filter((id) => !drawnAlready.has(id));
    if (merchantIds.length === 0) return 0;
    // The rate each merchant has now is the one its statement keeps.
    const rates = new Map(
      (await tx.select({ id: merchants.id, bps: merchants.commissionBps }).from(merchants).where(inArray(merchants.id, merchantIds))).map((m) => [m.id, m.bps]),
    );

    const linesOf = new Map<string, DraftLine[]>();
    const add = (merchantId: string, line: DraftLine) => {
      const lines = linesOf.get(merchantId);
      if (lines) lines.push(line);
      else linesOf.set(merchantId, [line]);
    };
    const creditedNow = new Map<string, DraftLine>();
    for (const { merchantId, ...credit } of credits) {
      if (!rates.has(merchantId)) continue;
      const commissionCents = commissionOf(credit.amountCents, rates.get(merchantId)!);
      const line = { ...credit, commissionCents, netCents: credit.amountCents - commissionCents };
      creditedNow.set(line.voucherId, line);
      add(merchantId, line);
    }
    for (const { merchantId, credit: earlier, ...refund } of takenBack) {
      if (!rates.has(merchantId)) continue;
      const credit = earlier ?? creditedNow.get(refund.voucherId);
      // Never credited (refunded while unused): nothing to take back.
      if (!credit) continue;
      add(merchantId, {
        ...refund,
        kind: 'refund',
        amountCents: -credit.amountCents,
        commissionCents: -credit.commissionCents,
        netCents: -(credit.amountCents - credit.commissionCents),
      });
    }
    if (linesOf.size === 0) return 0;

    const drafted = [...linesOf].map(([merchantId, lines]) => ({
      merchantId,
      periodStart,
      periodEnd,
      timeZone: zone,
      commissionBps: rates.get(merchantId)!,
      ...totalsOf(lines),
      lineCount: lines.length,
    }));
    const rows: (typeof statementLines.$inferInsert)[] = [];
    for (let i = 0; i < drafted.length; i += INSERT_BATCH) {
      const drawn = await tx
        .insert(statements)
        .values(drafted.slice(i, i + INSERT_BATCH))
        .returning({ id: statements.id, merchantId: statements.merchantId });
      for (const { id, merchantId } of drawn) for (const line of linesOf.get(merchantId)!) rows.push({ ...line, statementId: id });
    }
    for (let i = 0; i < rows.length; i += INSERT_BATCH) await tx.insert(statementLines).values(rows.slice(i, i + INSERT_BATCH));
    return drafted.length;
  });
}

/** What a credit is made of: the voucher, its merchant, and the price paid for it. */
const creditFields = {
  voucherId: vouchers.id,
  merchantId: deals.merchantId,
  voucherCode: vouchers.code,
  dealTitle: orderItems.title,
  amountCents: orderItems.unitPriceCents,
};

/**
 * The week's credits for the merchants of a zone, oldest first: redemptions made in it (or in the days
 * before it that a change of zone left out), and vouchers expired by its end, none credited before.
 */
async function creditsOf(tx: Tx, zone: string, periodStart: Date, periodEnd: Date): Promise<Credit[]> {
  const lookBack = new Date(periodStart.getTime() - STRAGGLER_MS);
  const redeemed = await tx
    .select({ ...creditFields, occurredAt: redemptions.createdAt })
    .from(redemptions)
    .innerJoin(vouchers, eq(vouchers.id, redemptions.voucherId))
    .innerJoin(orderItems, eq(orderItems.id, vouchers.orderItemId))
    .innerJoin(deals, eq(deals.id, vouchers.dealId))
    .where(
      and(
        standingRedemption,
        gte(redemptions.createdAt, lookBack),
        lt(redemptions.createdAt, periodEnd),
        dealMerchantIn(zone),
        notCredited(sql`"vouchers"."id"`),
      ),
    );
  const expired = await tx
    .select({ ...creditFields, occurredAt: vouchers.validUntil })
    .from(vouchers)
    .innerJoin(orderItems, eq(orderItems.id, vouchers.orderItemId))
    .innerJoin(deals, eq(deals.id, vouchers.dealId))
    .where(and(eq(vouchers.status, 'expired'), lt(vouchers.validUntil, periodEnd), dealMerchantIn(zone), notCredited(sql`"vouchers"."id"`)));
  return [...redeemed.map((r) => ({ ...r, kind: 'redeemed' as const })), ...expired.map((e) => ({ ...e, kind: 'expired' as const }))].sort(byOccurrence);
}

/**
 * The week's succeeded refunds not taken back yet (or from the days before it that a change of zone
 * left out), for the merchants of a zone, with the credit line of an earlier statement when there is
 * one. The merchant is the one the credit went to.
 */
async function refundsOf(tx: Tx, zone: string, periodStart: Date, periodEnd: Date) {
  const rows = await tx
    .select({
      // A voucher's refund: a failed group's refund has no voucher, was never credited, and is left out by the join.
      voucherId: vouchers.id,
      dealMerchantId: deals.merchantId,
      creditMerchantId: statements.merchantId,
      occurredAt: refunds.settledAt,
      voucherCode: vouchers.code,
      dealTitle: orderItems.title,
      creditAmount: statementLines.amountCents,
      creditCommission: statementLines.commissionCents,
    })
    .from(refunds)
    .innerJoin(vouchers, eq(vouchers.id, refunds.voucherId))
    .innerJoin(orderItems, eq(orderItems.id, vouchers.orderItemId))
    .innerJoin(deals, eq(deals.id, vouchers.dealId))
    .leftJoin(statementLines, and(eq(statementLines.voucherId, refunds.voucherId), ne(statementLines.kind, 'refund')))
    .leftJoin(statements, eq(statements.id, statementLines.statementId))
    .where(
      and(
        eq(refunds.status, 'succeeded'),
        gte(refunds.settledAt, new Date(periodStart.getTime() - STRAGGLER_MS)),
        lt(refunds.settledAt, periodEnd),
        sql`exists (select 1 from merchants m where m.id = coalesce(${statements.merchantId}, ${deals.merchantId}) and m.time_zone = ${zone})`,
        notTakenBack(sql`"refunds"."voucher_id"`),
      ),
    );
  return rows
    .map((r) => ({
      voucherId: r.voucherId,
      merchantId: r.creditMerchantId ?? r.dealMerchantId,
      occurredAt: r.occurredAt!,
      voucherCode: r.voucherCode,
      dealTitle: r.dealTitle,
      credit: r.creditAmount === null || r.creditCommission === null ? null : { amountCents: r.creditAmount, commissionCents: r.creditCommission },
    }))
    .sort(byOccurrence);
}

function byOccurrence(a: { occurredAt: Date; voucherCode: string }, b: { occurredAt: Date; voucherCode: string }): number {
  return a.occurredAt.getTime() - b.occurredAt.getTime() || a.voucherCode.localeCompare(b.voucherCode);
}

// ---------------------------------------------------------------------------------------------
// Reads

type StatementRow = typeof statements.$inferSelect;
type LineRow = typeof statementLines.$inferSelect;

function presentStatement(row: StatementRow, merchantName: string): Statement {
  return {
    id: row.id,
    merchantId: row.merchantId,
    merchantName,
    periodStart: row.periodStart.toISOString(),
    periodEnd: row.periodEnd.toISOString(),
    timeZone: row.timeZone,
    commissionBps: row.commissionBps,
    grossCents: row.grossCents,
    commissionCents: row.commissionCents,
    refundsCents: row.refundsCents,
    netCents: row.netCents,
    lineCount: row.lineCount,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    payoutReference: row.payoutReference,
  };
}

function presentLine(line: LineRow): StatementLine {
  return {
    kind: line.kind,
    occurredAt: line.occurredAt.toISOString(),
    voucherCode: line.voucherCode,
    dealTitle: line.dealTitle,
    amountCents: line.amountCents,
    commissionCents: line.commissionCents,
    netCents: line.netCents,
  };
}

async function statementsWhere(db: Db, where: SQL | undefined): Promise<Statement[]> {
  const rows = await db
    .select({ statement: statements, merchantName: merchants.name })
    .from(statements)
    .innerJoin(merchants, eq(merchants.id, statements.merchantId))
    .where(where)
    .orderBy(desc(statements.periodStart), desc(statements.id));
  return rows.map((r) => presentStatement(r.statement, r.merchantName));
}

/** A merchant's own statements, newest week first. */
export function listMerchantStatements(db: Db, merchantId: string): Promise<Statement[]> {
  return statementsWhere(db, eq(statements.merchantId, merchantId));
}

/**
 * Every merchant's statements for a superadmin, newest week first, optionally of one merchant;
 * `unpaid` keeps those awaiting a payout (not paid, and something to pay).
 */
export function listAllStatements(db: Db, filter: { merchantId?: string | undefined; unpaid?: boolean | undefined }): Promise<Statement[]> {
  return statementsWhere(
    db,
    and(
      filter.merchantId ? eq(statements.merchantId, filter.merchantId) : undefined,
      filter.unpaid ? and(isNull(statements.paidAt), gt(statements.netCents, 0)) : undefined,
    ),
  );
}

/**
 * One statement with its lines, in the order they happened. With `merchantId` (a merchant asking),
 * another merchant's statement is not found, exactly as a missing one.
 */
export async function statementWithLines(db: Db, id: string, merchantId?: string): Promise<StatementWithLines> {
  const [found] = await statementsWhere(db, and(eq(statements.id, id), merchantId ? eq(statements.merchantId, merchantId) : undefined));
  if (!found) throw notFound(STATEMENT_MESSAGES.notFound);
  const lines = await db
    .select()
    .from(statementLines)
    .where(eq(statementLines.statementId, id))
    .orderBy(asc(statementLines.occurredAt), asc(statementLines.voucherCode));
  return { ...found, lines: lines.map(presentLine) };
}

// ---------------------------------------------------------------------------------------------
// CSV

/** Cents as a decimal amount with two places: 1999 → "19.99", -5 → "-0.05". */
export function decimalAmount(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * One text cell: quoted when it holds a separator, a quote or a line break (RFC 4180), and kept
 * from being read as a formula by a spreadsheet when it starts like one.
 */
function textCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const STATEMENT_CSV_HEADER = ['Date', 'Kind', 'Voucher', 'Deal', 'Amount', 'Commission', 'Net'] as const;

/**
 * A statement as CSV: the header, one row per line, then the totals row, whose columns sum the lines'.
 * Times are written in the statement's zone with their offset, and the file is named after its Monday there.
 */
export function statementCsv(s: StatementWithLines): { filename: string; body: string } {
  const rows = [
    STATEMENT_CSV_HEADER.join(','),
    ...s.lines.map((l) =>
      [zonedIsoTime(new Date(l.occurredAt), s.timeZone), l.kind, textCell(l.voucherCode), textCell(l.dealTitle), decimalAmount(l.amountCents), decimalAmount(l.commissionCents), decimalAmount(l.netCents)].join(','),
    ),
    ['Total', '', '', '', decimalAmount(s.grossCents - s.refundsCents), decimalAmount(s.commissionCents), decimalAmount(s.netCents)].join(','),
  ];
  return { filename: `statement-${zonedIsoDay(new Date(s.periodStart), s.timeZone)}.csv`, body: `${rows.join('\r\n')}\r\n` };
}

// ---------------------------------------------------------------------------------------------
// Payouts

/**
 * Records the bank transfer that paid a statement: the statement marked paid by one conditional
 * update (still unpaid, something to pay) and the ledger's payout row (−net), in one transaction, so
 * of any number of tries one pays and the others are refused. 404 for a statement that does not
 * exist, 409 once paid or when there is nothing to pay.
 */
export async function recordPayout(db: Db, admin: UserRow, statementId: string, reference: string): Promise<Statement> {
  const paid = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(statements)
      .set({ paidAt: new Date(), payoutReference: reference, paidBy: admin.id })
      .where(and(eq(statements.id, statementId), isNull(statements.paidAt), gt(statements.netCents, 0)))
      .returning();
    if (!row) return null;
    await tx.insert(ledgerEntries).values({
      kind: 'payout',
      amountCents: -row.netCents,
      merchantId: row.merchantId,
      statementId: row.id,
      provider: 'bank',
      providerRef: reference,
      // A key and its values, shown in the reader's language (server/i18n/texts.ts).
      note: textOfMessage(msg('ledger.payout', { from: zonedIsoDay(row.periodStart, row.timeZone) })),
    });
    return row;
  });
  if (!paid) {
    const [current] = await db.select({ paidAt: statements.paidAt }).from(statements).where(eq(statements.id, statementId));
    if (!current) throw notFound(STATEMENT_MESSAGES.notFound);
    throw conflict(current.paidAt ? STATEMENT_MESSAGES.alreadyPaid : STATEMENT_MESSAGES.nothingToPay);
  }
  const [merchant] = await db.select({ name: merchants.name }).from(merchants).where(eq(merchants.id, paid.merchantId));
  return presentStatement(paid, merchant!.name);
}
