/**
 * /admin/ledger (superadmins): the money ledger, never edited, only added to. Totals of the whole ledger on top, the
 * latest reconciliation with the payment provider, then its rows newest first with "Load more": a table on wide screens,
 * a list on phones.
 */
import type { ReactNode } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { LedgerEntry, LedgerTotals } from '../../../contract/orders';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { ReceiptIcon } from '../../components/ui/icons';
import { LoadFailed, StatePanel } from '../../components/ui/panel';
import { Price } from '../../components/ui/price';
import { useT } from '../../i18n';
import { formatIso, formatLogTime } from '../../lib/date-format';
import { cn } from '../../lib/cn';
import { formatCount } from '../../lib/numbers';
import { useDocumentTitle } from '../../lib/use-document-title';
import { orderNumber } from '../vouchers';
import { ledgerQueryOptions } from './api/get-ledger';
import { ReconciliationPanel } from './components/reconciliation-panel';
import { MoneyFrame } from './components/superadmin-only';
import { Missing } from '../../components/ui/missing';
import { LoadMore } from '../../components/ui/load-more';

const KIND_TONES: Record<LedgerEntry['kind'], BadgeTone> = { payment: 'success', refund: 'warning', payout: 'brand', reversal: 'danger' };

function KindBadge({ kind }: { kind: LedgerEntry['kind'] }) {
  const { t } = useT('admin');
  return <Badge tone={KIND_TONES[kind]}>{t(`ledgerPage.kinds.${kind}`)}</Badge>;
}

const COLUMNS = ['date', 'kind', 'amount', 'order', 'providerReference', 'note'] as const;

/** Payments and reversals read "+$10.00", refunds and payouts "-$10.00". */
function Signed({ cents }: { cents: number }) {
  return (
    <span className={cn('font-semibold tabular-nums', cents < 0 ? 'text-red-700' : 'text-emerald-800')}>
      {cents > 0 ? '+' : ''}
      <Price cents={cents} />
    </span>
  );
}

function Totals({ totals }: { totals: LedgerTotals }) {
  const { t } = useT('admin');
  const cards: Array<{ key: string; label: string; value: ReactNode }> = [
    { key: 'payments', label: t('ledgerPage.payments'), value: <Price cents={totals.paymentsCents} /> },
    { key: 'refunds', label: t('ledgerPage.refunds'), value: <Price cents={totals.refundsCents} /> },
    { key: 'payouts', label: t('ledgerPage.payouts'), value: <Price cents={totals.payoutsCents} /> },
    // Rare, and worth noticing when there are any: refunds the provider failed after it had said they succeeded.
    ...(totals.reversalsCents !== 0 ? [{ key: 'reversals', label: t('ledgerPage.reversals'), value: <Price cents={totals.reversalsCents} /> }] : []),
    { key: 'balance', label: t('ledgerPage.balance'), value: <Price cents={totals.balanceCents} /> },
  ];
  return (
    <section aria-labelledby="ledger-totals-title">
      <h2 id="ledger-totals-title" className="sr-only">
        {t('ledgerPage.totals')}
      </h2>
      <dl className={cn('grid grid-cols-2 gap-3', cards.length > 4 ? 'lg:grid-cols-5' : 'lg:grid-cols-4')}>
        {cards.map((card) => (
          <div key={card.key} className="surface p-4">
            <dt className="text-sm text-slate-600">{card.label}</dt>
            <dd className="mt-1 text-xl font-extrabold break-all text-slate-900">{card.value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-sm text-slate-600">{t('ledgerPage.entriesInAll', { entries: formatCount(totals.entries) })}</p>
    </section>
  );
}

function EntryTable({ entries }: { entries: LedgerEntry[] }) {
  const { t } = useT('admin');
  return (
    <div role="region" aria-labelledby="ledger-entries-title" tabIndex={0} className="relative hidden overflow-x-auto rounded-xl ring-1 ring-slate-200 focus-ring md:block">
      <table className="w-full border-collapse text-left text-sm">
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="px-4 py-3 whitespace-nowrap">
                {t(`ledgerPage.columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {entries.map((entry) => (
            <tr key={entry.seq} className="align-top">
              <td className="px-4 py-3 whitespace-nowrap text-slate-700 tabular-nums">
                <time dateTime={entry.createdAt}>{formatIso(entry.createdAt, formatLogTime)}</time>
              </td>
              <td className="px-4 py-3">
                <KindBadge kind={entry.kind} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap">
                <Signed cents={entry.amountCents} />
              </td>
              <td className="px-4 py-3 font-mono whitespace-nowrap text-slate-900">{entry.orderId ? `#${orderNumber(entry.orderId)}` : <Missing />}</td>
              <td className="max-w-56 px-4 py-3 font-mono text-xs break-all text-slate-700">{entry.providerRef ?? <Missing />}</td>
              <td className="max-w-64 px-4 py-3 break-words text-slate-700">{entry.note ?? <Missing />}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function EntryList({ entries }: { entries: LedgerEntry[] }) {
  return (
    <ul aria-labelledby="ledger-entries-title" className="grid gap-3 md:hidden">
      {entries.map((entry) => (
        <li key={entry.seq} className="surface p-4 text-sm">
          <div className="flex items-center justify-between gap-3">
            <KindBadge kind={entry.kind} />
            <Signed cents={entry.amountCents} />
          </div>
          <p className="mt-2 text-slate-700 tabular-nums">
            <time dateTime={entry.createdAt}>{formatIso(entry.createdAt, formatLogTime)}</time>
            {entry.orderId ? <span className="ml-2 font-mono text-slate-900">#{orderNumber(entry.orderId)}</span> : null}
          </p>
          {entry.providerRef ? <p className="mt-1 font-mono text-xs break-all text-slate-600">{entry.providerRef}</p> : null}
          {entry.note ? <p className="mt-1 break-words text-slate-700">{entry.note}</p> : null}
        </li>
      ))}
    </ul>
  );
}

/** `reconciliation` goes under the totals, and shows while the ledger loads or when it cannot be read, as it is read apart. */
function Ledger({ reconciliation }: { reconciliation: ReactNode }) {
  const { t } = useT('admin');
  const query = useInfiniteQuery(ledgerQueryOptions);
  if (query.isPending || (query.isError && !query.data)) {
    return (
      <div className="grid grid-cols-1 gap-6">
        {query.isPending ? (
          <StatePanel state="loading" title={t('ledgerPage.loading')} />
        ) : (
          <LoadFailed title={t('ledgerPage.loadFailed')} onRetry={() => void query.refetch()} />
        )}
        {reconciliation}
      </div>
    );
  }
  const pages = query.data.pages;
  const entries = pages.flatMap((page) => page.entries);
  // Every page carries the totals; the newest read is the freshest.
  const totals = pages[pages.length - 1]?.totals;

  return (
    <div className="grid grid-cols-1 gap-6">
      {totals ? <Totals totals={totals} /> : null}
      {reconciliation}
      <div className="grid grid-cols-1 gap-4">
        <h2 id="ledger-entries-title" className="text-xl font-bold text-slate-900">
          {t('ledgerPage.entries')}
        </h2>
        {entries.length === 0 ? (
          <StatePanel icon={<ReceiptIcon className="h-7 w-7" />} tone="neutral" title={t('ledgerPage.emptyTitle')} message={t('ledgerPage.emptyMessage')} />
        ) : (
          <>
            <EntryTable entries={entries} />
            <EntryList entries={entries} />
          </>
        )}
        <LoadMore hasNextPage={query.hasNextPage} fetching={query.isFetchingNextPage} failed={query.isFetchNextPageError} onLoad={() => void query.fetchNextPage()} what="entries" />
      </div>
    </div>
  );
}

export default function LedgerPage() {
  const { t } = useT('admin');
  useDocumentTitle(t('ledgerPage.title'));
  return (
    <MoneyFrame title={t('ledgerPage.title')} intro={t('ledgerPage.intro')}>
      <Ledger reconciliation={<ReconciliationPanel />} />
    </MoneyFrame>
  );
}
