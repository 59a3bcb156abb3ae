/**
 * The money ledger, read by superadmins (ADR 027): newest row first, a page at a time by `seq`, with
 * the totals of the whole ledger beside every page. The rows themselves are written only by the
 * database's triggers and never change (migration 0010).
 */
import { desc, lt, sql } from 'drizzle-orm';
import type { LedgerEntry, LedgerPage, LedgerTotals } from '../../contract/orders';
import type { Db } from '../db/client';
import { decodeSeqCursor, encodeSeqCursor, pageOf } from '../db/keyset';
import { ledgerEntries } from '../db/schema';
import { badRequest } from '../http/errors';
import { msg, renderText, type Language } from '../i18n';

type LedgerRow = typeof ledgerEntries.$inferSelect;

/** A cursor is the `seq` of the last row of the page before, as decimal text (server/db/keyset.ts). */
function decodeSeq(cursor: string): number {
  const seq = decodeSeqCursor(cursor);
  if (seq === null) throw badRequest(msg('http.cursorInvalid'));
  return seq;
}

/** A row as the API answers it, its note (a key and values: the triggers' and the payout's) in `language`. */
function presentEntry(e: LedgerRow, language: Language): LedgerEntry {
  return {
    seq: e.seq,
    kind: e.kind,
    amountCents: e.amountCents,
    orderId: e.orderId,
    refundId: e.refundId,
    merchantId: e.merchantId,
    provider: e.provider,
    providerRef: e.providerRef,
    note: renderText(language, e.note),
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

/** A page of the ledger, newest first, with its notes in `language`, and the totals of the whole ledger. */
export async function ledgerPage(db: Db, params: { limit: number; cursor?: string | undefined }, language: Language): Promise<LedgerPage> {
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
  const page = pageOf(rows, params.limit, (last) => encodeSeqCursor(last.seq));
  return { entries: page.rows.map((e) => presentEntry(e, language)), totals, nextCursor: page.nextCursor };
}
