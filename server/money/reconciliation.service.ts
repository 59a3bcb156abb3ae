/**
 * Reconciliation (ADR 032): the ledger compared with the payment provider's own records over a period.
 * Payments are matched by the provider's payment id (the ledger's row, or, for rows written before they
 * carried it, the order's), refunds by the provider's refund id, the ledger's refund and reversal rows
 * netted (a reversed refund moved nothing). Each difference is listed: missing at the provider, missing
 * in the ledger, amounts that differ. The provider's records are read over the period widened by an
 * hour each side, and a provider record found in the ledger outside the period is no difference, so a
 * movement near midnight is not reported twice. Runs daily (each day once, by whichever server claims
 * it) and on a superadmin's request; the ledger screen shows the latest.
 */
import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ReconciliationDifference, ReconciliationRun } from '../../contract/money';
import type { Db } from '../db/client';
import { isDatabaseError } from '../db/errors';
import { ledgerEntries, orders, reconciliationRuns } from '../db/schema';
import type { PaymentProvider, ProviderRecord } from '../integrations/payments/payment-provider';

export interface ReconciliationDeps {
  db: Db;
  payments: PaymentProvider;
  logger: FastifyBaseLogger;
}

/** How far past the period the provider's records are read, for movements recorded on either side of its edge. */
export const RECONCILIATION_MARGIN_MS = 3_600_000;
const DAY_MS = 86_400_000;

type RunRow = typeof reconciliationRuns.$inferSelect;

function present(run: RunRow): ReconciliationRun {
  return {
    id: run.id,
    trigger: run.trigger,
    provider: run.provider,
    periodStart: run.periodStart.toISOString(),
    periodEnd: run.periodEnd.toISOString(),
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    status: run.status,
    error: run.error,
    ledgerPaymentsCents: run.ledgerPaymentsCents,
    providerPaymentsCents: run.providerPaymentsCents,
    ledgerRefundsCents: run.ledgerRefundsCents,
    providerRefundsCents: run.providerRefundsCents,
    differences: run.differences,
  };
}

/** One reference's money on the ledger's side: a payment's amount, or a refund's net (negative). */
interface LedgerSide {
  what: 'payment' | 'refund';
  ref: string;
  orderId: string | null;
  cents: number;
}

/** The ledger's payments and refunds of one provider written in [from, to), by the provider's reference; $0 rows moved nothing and are left out. */
async function ledgerSide(db: Db, provider: string, where: ReturnType<typeof and>): Promise<LedgerSide[]> {
  const ref = sql<string>`case when ${ledgerEntries.kind} = 'payment' then coalesce(${orders.paymentRef}, ${ledgerEntries.providerRef}) else ${ledgerEntries.providerRef} end`;
  const what = sql<'payment' | 'refund'>`case when ${ledgerEntries.kind} = 'payment' then 'payment' else 'refund' end`;
  const rows = await db
    .select({ what, ref, orderId: ledgerEntries.orderId, cents: sql<string>`sum(${ledgerEntries.amountCents})::bigint` })
    .from(ledgerEntries)
    .leftJoin(orders, eq(orders.id, ledgerEntries.orderId))
    .where(and(eq(ledgerEntries.provider, provider), inArray(ledgerEntries.kind, ['payment', 'refund', 'reversal']), where))
    .groupBy(what, ref, ledgerEntries.orderId);
  return rows
    .filter((r) => r.ref !== null)
    .map((r) => ({ what: r.what, ref: r.ref, orderId: r.orderId, cents: Number(r.cents) }))
    .filter((r) => r.cents !== 0 || r.what === 'refund');
}

/** The comparison itself: every difference, and the totals of each side over the period. */
export async function compare(db: Db, provider: PaymentProvider, from: Date, to: Date) {
  const ledger = await ledgerSide(db, provider.name, and(gte(ledgerEntries.createdAt, from), lt(ledgerEntries.createdAt, to)));
  const records = await provider.listRecords(new Date(from.getTime() - RECONCILIATION_MARGIN_MS), new Date(to.getTime() + RECONCILIATION_MARGIN_MS));
  const byRef = new Map<string, ProviderRecord>(records.map((r) => [r.ref, r]));
  const signed = (r: ProviderRecord) => (r.kind === 'payment' ? r.amountCents : -r.amountCents);
  const differences: ReconciliationDifference[] = [];

  const inLedger = new Set<string>();
  for (const entry of ledger) {
    inLedger.add(entry.ref);
    const record = byRef.get(entry.ref);
    if (!record) {
      // A refund the ledger nets to nothing (made and reversed) that the provider no longer lists as moving money agrees.
      if (entry.cents !== 0) differences.push({ kind: 'missing_at_provider', what: entry.what, providerRef: entry.ref, orderId: entry.orderId, ledgerCents: entry.cents, providerCents: null });
    } else if (signed(record) !== entry.cents) {
      differences.push({ kind: 'amount_differs', what: entry.what, providerRef: entry.ref, orderId: entry.orderId, ledgerCents: entry.cents, providerCents: signed(record) });
    }
  }

  const inPeriod = records.filter((r) => r.createdAt >= from && r.createdAt < to);
  const unmatched = inPeriod.filter((r) => !inLedger.has(r.ref) && r.amountCents !== 0);
  if (unmatched.length > 0) {
    // Written to the ledger outside the period (the other side of midnight)? Then it is matched there.
    const elsewhere = await ledgerSide(db, provider.name, sql`(case when ${ledgerEntries.kind} = 'payment' then coalesce(${orders.paymentRef}, ${ledgerEntries.providerRef}) else ${ledgerEntries.providerRef} end) in (${sql.join(
      unmatched.map((r) => sql`${r.ref}`),
      sql`, `,
    )})`);
    const known = new Map(elsewhere.map((e) => [e.ref, e]));
    for (const record of unmatched) {
      const found = known.get(record.ref);
      if (!found) {
        differences.push({ kind: 'missing_in_ledger', what: record.kind, providerRef: record.ref, orderId: record.orderId, ledgerCents: null, providerCents: signed(record) });
      } else if (found.cents !== signed(record)) {
        differences.push({ kind: 'amount_differs', what: record.kind, providerRef: record.ref, orderId: found.orderId ?? record.orderId, ledgerCents: found.cents, providerCents: signed(record) });
      }
    }
  }

  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  return {
    differences,
    ledgerPaymentsCents: sum(ledger.filter((e) => e.what === 'payment').map((e) => e.cents)),
    ledgerRefundsCents: sum(ledger.filter((e) => e.what === 'refund').map((e) => e.cents)),
    providerPaymentsCents: sum(inPeriod.filter((r) => r.kind === 'payment').map((r) => r.amountCents)),
    providerRefundsCents: -sum(inPeriod.filter((r) => r.kind === 'refund').map((r) => r.amountCents)),
  };
}

/**
 * Runs a reconciliation over [from, to) and keeps it. A daily run is claimed by inserting it (one per
 * provider and day), so of several servers one does it; null when another has. A provider that cannot
 * be listed makes the run `failed`, with the reason, rather than throwing.
 */
export async function runReconciliation(
  deps: ReconciliationDeps,
  period: { from: Date; to: Date },
  trigger: 'daily' | 'manual',
  requestedBy: string | null = null,
): Promise<ReconciliationRun | null> {
  let run: RunRow | undefined;
  try {
    [run] = await deps.db
      .insert(reconciliationRuns)
      .values({ trigger, provider: deps.payments.name, periodStart: period.from, periodEnd: period.to, requestedBy })
      .returning();
  } catch (err) {
    if (trigger === 'daily' && isDatabaseError(err, '23505')) return null;
    throw err;
  }
  try {
    const result = await compare(deps.db, deps.payments, period.from, period.to);
    [run] = await deps.db
      .update(reconciliationRuns)
      .set({ ...result, status: result.differences.length > 0 ? 'differences' : 'matched', finishedAt: new Date() })
      .where(eq(reconciliationRuns.id, run!.id))
      .returning();
    if (result.differences.length > 0) deps.logger.warn({ runId: run!.id, differences: result.differences.length }, 'the ledger and the payment provider disagree');
  } catch (err) {
    deps.logger.error({ err, runId: run!.id }, 'a reconciliation could not be finished');
    [run] = await deps.db
      .update(reconciliationRuns)
      .set({ status: 'failed', error: (err instanceof Error ? err.message : String(err)).slice(0, 500), finishedAt: new Date() })
      .where(eq(reconciliationRuns.id, run!.id))
      .returning();
  }
  return present(run!);
}

/** The daily run: yesterday (UTC), once, by whichever server gets there first after midnight. */
export async function reconcileYesterday(deps: ReconciliationDeps, now = new Date()): Promise<ReconciliationRun | null> {
  const to = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
  // Claimed only once the margin has passed, so records on either side of midnight have arrived.
  if (now.getTime() - to.getTime() < RECONCILIATION_MARGIN_MS) return null;
  const [done] = await deps.db
    .select({ id: reconciliationRuns.id })
    .from(reconciliationRuns)
    .where(and(eq(reconciliationRuns.trigger, 'daily'), eq(reconciliationRuns.provider, deps.payments.name), eq(reconciliationRuns.periodStart, new Date(to.getTime() - DAY_MS))));
  if (done) return null;
  return runReconciliation(deps, { from: new Date(to.getTime() - DAY_MS), to }, 'daily');
}

/** The latest run for this provider, or null before the first. */
export async function latestReconciliation(db: Db, provider: PaymentProvider['name']): Promise<ReconciliationRun | null> {
  const [run] = await db
    .select()
    .from(reconciliationRuns)
    .where(eq(reconciliationRuns.provider, provider))
    .orderBy(desc(reconciliationRuns.startedAt))
    .limit(1);
  return run ? present(run) : null;
}
