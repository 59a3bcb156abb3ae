/**
 * The money ledger, read by superadmins (ADR 027): newest row first, a page at a time by `seq`, with
 * the totals of the whole ledger beside every page. The rows themselves are written only by the
 * database's triggers and never change (migration 0010).
 */
import { desc, lt, sql } from 'drizzle-orm';
import type { LedgerEntry, LedgerPage, LedgerTotals } from '../../contract/orders';
import type { Db } from '../db/client';
import { ledgerEntries } from '../db/schema';
import { badRequest } from '../http/errors';
import { msg } from '../i18n';

type LedgerRow = typeof ledgerEntries.$inferSelect;

/** A cursor is the `seq` of the last row of the page before, as decimal text. */
function decodeSeq(cursor: string): number {
  if (!/^[1-9]\d{0,15}$/.test(cursor)) throw badRequest(msg('http.cursorInvalid'));
  return Number(cursor);
}

function presentEntry(e: LedgerRow): LedgerEntry {
  return {
    seq: e.seq,
    kind: e.kind,
    amountCents: e.amountCents,
    orderId: e.orderId,
    refundId: e.refundId,
    merchantId: e.merchantId,
    provider: e.provider,
    providerRef: e.providerRef,
    note: e.note,
    createdAt: e.createdAt.toISOString(),
  };
}

/** Sums by kind over the whole ledger, the balance they leave and the number of rows. */
export async function ledgerTotals(db: Db): Promise<LedgerTotals> {
  const sumOf = (kind: string) => sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.kind} = ${kind}), 0)::bigint`;
  const [row] = await db
    .select({
      payments: sumOf('payment'),
      refunds: sumOf('refund'),
      payouts: sumOf('payout'),
      reversals: sumOf('reversal'),
      entries: sql<string>`count(*)::bigint`,
    })
    .from(ledgerEntries);
  const paymentsCents = Number(row?.payments ?? 0);
  const refundsCents = Number(row?.refunds ?? 0);
  const payoutsCents = Number(row?.payouts ?? 0);
  const reversalsCents = Number(row?.reversals ?? 0);
  return {
    paymentsCents,
    refundsCents,
    payoutsCents,
    reversalsCents,
    balanceCents: paymentsCents + refundsCents + payoutsCents + reversalsCents,
    entries: Number(row?.entries ?? 0),
  };
}

export async function ledgerPage(db: Db, params: { limit: number; cursor?: string | undefined }): Promise<LedgerPage> {
  const before = params.cursor === undefined ? undefined : decodeSeq(params.cursor);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(ledgerEntries)
      .where(before === undefined ? undefined : lt(ledgerEntries.seq, before))
      .orderBy(desc(ledgerEntries.seq))
      .limit(params.limit + 1),
    ledgerTotals(db),
  ]);
  const page = rows.slice(0, params.limit);
  const last = page[page.length - 1];
  return { entries: page.map(presentEntry), totals, nextCursor: rows.length > params.limit && last ? String(last.seq) : null };
}
