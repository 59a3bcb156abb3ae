/**
 * /admin/statements (superadmins): every merchant's weekly statements, newest week first, filtered by merchant and to
 * those awaiting a payout (the filter stays in the address). Each opens to its lines; an unpaid one with something to
 * pay takes the payout's reference, and then reads Paid with it.
 */
import { lazy, Suspense, useId, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLocation, useSearch } from 'wouter';
import { paths } from '../../../contract/routes';
import type { Statement } from '../../../contract/workspace';
import { Button, buttonClasses } from '../../components/ui/button';
import { inputClasses } from '../../components/ui/field';
import { DownloadIcon, ReceiptIcon } from '../../components/ui/icons';
import { LoadFailed, StatePanel } from '../../components/ui/panel';
import { useT } from '../../i18n';
import { cn } from '../../lib/cn';
import { useDocumentTitle } from '../../lib/use-document-title';
import { adminMerchantsQueryOptions } from '../admin-catalog';
import { MoneyFrame } from '../admin-money';
import { adminStatementQueryOptions } from './api/get-admin-statement';
import { adminStatementsQueryOptions, type StatementFilter } from './api/get-admin-statements';
import { PaidBadge, PayoutNote } from './components/paid-status';
import { StatementLines } from './components/statement-lines';
import { StatementTotals } from './components/statement-totals';
import { statementCsvHref, weekLabel, zoneValues } from './statement-format';

// The dialog library loads when the payout dialog is first opened.
const PayoutDialog = lazy(async () => ({ default: (await import('./components/payout-dialog')).PayoutDialog }));

function filterFrom(search: string): StatementFilter {
  const params = new URLSearchParams(search);
  return { merchantId: params.get('merchantId') ?? '', unpaid: params.get('unpaid') === 'true' };
}

function addressOf(filter: StatementFilter): string {
  const params = new URLSearchParams();
  if (filter.merchantId) params.set('merchantId', filter.merchantId);
  if (filter.unpaid) params.set('unpaid', 'true');
  const query = params.toString();
  return query ? `${paths.adminStatements}?${query}` : paths.adminStatements;
}

function Filters({ filter, onChange }: { filter: StatementFilter; onChange: (next: StatementFilter) => void }) {
  const merchants = useQuery(adminMerchantsQueryOptions);
  const { t } = useT('statements');
  return (
    <div role="group" aria-label={t('adminStatements.filters')} className="flex flex-wrap items-end gap-4 surface p-4 sm:p-5">
      <div className="grid min-w-0 flex-1 basis-56 gap-1.5">
        <label htmlFor="statement-merchant" className="text-sm font-semibold text-slate-800">
          {t('adminStatements.merchant')}
        </label>
        <select
          id="statement-merchant"
          className={cn(inputClasses, 'h-11')}
          value={filter.merchantId}
          onChange={(event) => onChange({ ...filter, merchantId: event.target.value })}
        >
          <option value="">{t('adminStatements.allMerchants')}</option>
          {(merchants.data ?? []).map((merchant) => (
            <option key={merchant.id} value={merchant.id}>
              {merchant.name}
            </option>
          ))}
        </select>
      </div>
      <label className="flex h-11 items-center gap-2 text-sm font-semibold text-slate-800">
        <input
          type="checkbox"
          checked={filter.unpaid}
          onChange={(event) => onChange({ ...filter, unpaid: event.target.checked })}
          className="h-5 w-5 rounded accent-brand-700 focus-ring"
        />
        {t('adminStatements.unpaidOnly')}
      </label>
    </div>
  );
}

function Lines({ id, label }: { id: string; label: string }) {
  const query = useQuery(adminStatementQueryOptions(id));
  const { t } = useT('statements');
  if (query.isPending) return <p className="text-sm text-slate-600">{t('adminStatements.loadingLines')}</p>;
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-800">
        {t('adminStatements.linesFailed')}
        <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
          {t('adminStatements.tryAgain')}
        </Button>
      </div>
    );
  }
  return <StatementLines lines={query.data.lines} timeZone={query.data.timeZone} label={label} />;
}

function StatementCard({ statement, onPay }: { statement: Statement; onPay: (statement: Statement) => void }) {
  const [open, setOpen] = useState(false);
  const linesId = useId();
  const { t } = useT('statements');
  const week = weekLabel(statement);
  const name = t('adminStatements.name', { merchant: statement.merchantName, week });
  const titleId = `statement-${statement.id}-title`;
  const payable = statement.paidAt === null && statement.netCents > 0;

  return (
    <article aria-labelledby={titleId} className="surface p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={titleId} className="font-semibold wrap-anywhere text-slate-900">
            {statement.merchantName}
            <span className="block text-sm font-normal text-slate-600">{t('adminStatements.weekOf', { week })}</span>
          </h3>
          <p className="text-xs text-slate-600">{t('adminStatements.timeZone', zoneValues(statement.timeZone))}</p>
        </div>
        <PaidBadge statement={statement} />
      </div>
      <div className="mt-3">
        <StatementTotals statement={statement} compact />
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <PayoutNote statement={statement} />
        {statement.paidAt === null && !payable ? <p className="text-sm text-slate-600">{t('adminStatements.nothingToPay')}</p> : null}
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" variant="outline" aria-expanded={open} aria-controls={linesId} onClick={() => setOpen((shown) => !shown)}>
          {open ? t('adminStatements.hideLines') : t('adminStatements.showLines', { count: statement.lineCount })}
        </Button>
        <a href={statementCsvHref('admin', statement.id)} download aria-label={t('adminStatements.downloadCsvLabel', { name })} className={buttonClasses('ghost', 'sm')}>
          <DownloadIcon className="h-4 w-4" />
          {t('adminStatements.downloadCsv')}
        </a>
        {payable ? (
          <Button size="sm" aria-label={t('adminStatements.recordPayoutLabel', { name })} onClick={() => onPay(statement)}>
            {t('adminStatements.recordPayout')}
          </Button>
        ) : null}
      </div>
      <div id={linesId} hidden={!open} className="mt-4">
        {open ? <Lines id={statement.id} label={t('adminStatements.linesLabel', { name })} /> : null}
      </div>
    </article>
  );
}

function AdminStatements() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const filter = filterFrom(search);
  const statements = useQuery({ ...adminStatementsQueryOptions(filter), placeholderData: keepPreviousData });
  const [paying, setPaying] = useState<Statement | null>(null);
  const { t } = useT('statements');

  let list;
  if (statements.isPending) {
    list = <StatePanel state="loading" title={t('adminStatements.loading')} />;
  } else if (statements.isError && !statements.data) {
    list = (
      <LoadFailed title={t('adminStatements.loadFailed')} onRetry={() => void statements.refetch()} />
    );
  } else if (statements.data.length === 0) {
    list = (
      <StatePanel
        icon={<ReceiptIcon className="h-7 w-7" />}
        tone="neutral"
        title={filter.unpaid ? t('adminStatements.nothingAwaits') : t('adminStatements.emptyTitle')}
        message={t('adminStatements.emptyMessage')}
      />
    );
  } else {
    list = (
      <ul aria-label={t('adminStatements.listLabel')} aria-busy={statements.isPlaceholderData || undefined} className={cn('grid grid-cols-1 gap-4', statements.isPlaceholderData && 'opacity-60')}>
        {statements.data.map((statement) => (
          <li key={statement.id}>
            <StatementCard statement={statement} onPay={setPaying} />
          </li>
        ))}
      </ul>
    );
  }

  // One column no wider than the page (grid-cols-1 is minmax(0, 1fr)): an open statement's table is as wide as its
  // longest line, and it scrolls inside its own box instead of widening the cards, and the page with them.
  return (
    <div className="grid grid-cols-1 gap-6">
      <Filters filter={filter} onChange={(next) => navigate(addressOf(next), { replace: true })} />
      {list}
      <Suspense fallback={null}>{paying ? <PayoutDialog statement={paying} onClose={() => setPaying(null)} /> : null}</Suspense>
    </div>
  );
}

export default function AdminStatementsPage() {
  const { t } = useT('statements');
  useDocumentTitle(t('adminStatements.title'));
  return (
    <MoneyFrame title={t('adminStatements.title')} intro={t('adminStatements.intro')}>
      <AdminStatements />
    </MoneyFrame>
  );
}
