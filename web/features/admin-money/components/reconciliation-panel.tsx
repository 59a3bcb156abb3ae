/**
 * The ledger screen's panel on the latest reconciliation with the payment provider: the period it covered, when and why
 * it ran, whether the two agreed, both sides' totals, and each difference. Run now compares the last 24 hours at once.
 */
import { useQuery } from '@tanstack/react-query';
import { Trans } from 'react-i18next';
import { Link } from 'wouter';
import type { ReconciliationDifference, ReconciliationRun } from '../../../../contract/money';
import { paths } from '../../../../contract/routes';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { SpinnerIcon } from '../../../components/ui/icons';
import { Missing } from '../../../components/ui/missing';
import { LoadFailed, StatePanel } from '../../../components/ui/panel';
import { Price } from '../../../components/ui/price';
import { translate, useT } from '../../../i18n';
import { messageOf } from '../../../lib/message-of';
import { formatIso, formatLogTime } from '../../../lib/date-format';
import { orderNumber } from '../../vouchers';
import { reconciliationQueryOptions } from '../api/get-reconciliation';
import { useRunReconciliation } from '../api/run-reconciliation';

const STATUS_TONES: Record<ReconciliationRun['status'], BadgeTone> = { running: 'neutral', matched: 'success', differences: 'warning', failed: 'danger' };

/** The texts of this file's components: the money catalogue, then the admin one (the providers' names). */
const useTexts = () => useT(['money', 'admin']);

function Time({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatIso(iso, formatLogTime)}</time>;
}

function Amount({ cents }: { cents: number | null }) {
  return cents === null ? <Missing /> : <Price cents={cents} />;
}

/** Matched, Failed, or how many differences were found. */
function useStatusLabel() {
  const { t } = useTexts();
  return (run: ReconciliationRun) =>
    run.status === 'differences' ? t('reconciliation.statuses.differences', { count: run.differences.length }) : t(`reconciliation.statuses.${run.status}`);
}

function RunStatus({ run }: { run: ReconciliationRun }) {
  const label = useStatusLabel()(run);
  return (
    <span className="flex flex-wrap items-center gap-2">
      <Badge tone={STATUS_TONES[run.status]}>{label}</Badge>
      {run.status === 'failed' && run.error ? <span className="break-words text-red-800">{run.error}</span> : null}
    </span>
  );
}

function Totals({ run }: { run: ReconciliationRun }) {
  const { t } = useTexts();
  const rows = [
    { key: 'payments', label: t('reconciliation.payments'), ledger: run.ledgerPaymentsCents, provider: run.providerPaymentsCents },
    { key: 'refunds', label: t('reconciliation.refunds'), ledger: run.ledgerRefundsCents, provider: run.providerRefundsCents },
  ];
  return (
    <div className="overflow-x-auto rounded-xl ring-1 ring-slate-200">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{t('reconciliation.totals')}</caption>
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-4 py-2">
              {t('reconciliation.total')}
            </th>
            <th scope="col" className="px-4 py-2 text-right">
              {t('reconciliation.ledger')}
            </th>
            <th scope="col" className="px-4 py-2 text-right">
              {t('reconciliation.atProvider')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {rows.map((row) => (
            <tr key={row.key} className={row.ledger === row.provider ? undefined : 'bg-amber-50'}>
              <th scope="row" className="px-4 py-2 font-medium text-slate-700">
                {row.label}
              </th>
              <td className="px-4 py-2 text-right font-semibold text-slate-900 tabular-nums">
                <Price cents={row.ledger} />
              </td>
              <td className="px-4 py-2 text-right font-semibold text-slate-900 tabular-nums">
                <Price cents={row.provider} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const DIFFERENCE_COLUMNS = ['kind', 'what', 'providerRef', 'order', 'ledgerAmount', 'providerAmount'] as const;

function Differences({ differences }: { differences: ReconciliationDifference[] }) {
  const { t } = useTexts();
  return (
    <div role="region" aria-labelledby="reconciliation-differences-title" tabIndex={0} className="overflow-x-auto rounded-xl ring-1 ring-slate-200 focus-ring">
      <table className="w-full border-collapse text-left text-sm">
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            {DIFFERENCE_COLUMNS.map((column) => (
              <th key={column} scope="col" className="px-4 py-2 whitespace-nowrap">
                {t(`reconciliation.columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {differences.map((difference) => (
            <tr key={`${difference.what}-${difference.providerRef}`} className="align-top">
              <td className="px-4 py-2 font-medium text-slate-900">{t(`reconciliation.kinds.${difference.kind}`)}</td>
              <td className="px-4 py-2 text-slate-700">{t(`reconciliation.what.${difference.what}`)}</td>
              <td className="max-w-56 px-4 py-2 font-mono text-xs break-all text-slate-700">{difference.providerRef}</td>
              <td className="px-4 py-2 font-mono whitespace-nowrap text-slate-900">{difference.orderId ? `#${orderNumber(difference.orderId)}` : <Missing />}</td>
              <td className="px-4 py-2 whitespace-nowrap">
                <Amount cents={difference.ledgerCents} />
              </td>
              <td className="px-4 py-2 whitespace-nowrap">
                <Amount cents={difference.providerCents} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RunDetails({ run }: { run: ReconciliationRun }) {
  const { t } = useTexts();
  const facts = [
    {
      key: 'period',
      term: t('reconciliation.period'),
      value: t('reconciliation.periodValue', { from: formatIso(run.periodStart, formatLogTime), to: formatIso(run.periodEnd, formatLogTime) }),
    },
    { key: 'ranAt', term: t('reconciliation.ranAt'), value: <Time iso={run.finishedAt ?? run.startedAt} /> },
    { key: 'trigger', term: t('reconciliation.trigger'), value: t(`reconciliation.triggers.${run.trigger}`) },
    { key: 'provider', term: t('reconciliation.provider'), value: t(`orderCard.providers.${run.provider}`) },
    { key: 'status', term: t('reconciliation.status'), value: <RunStatus run={run} /> },
  ];
  return (
    <div className="grid gap-4">
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]">
        {facts.map((fact) => (
          <div key={fact.key} className="contents">
            <dt className="text-slate-600">{fact.term}</dt>
            <dd className="min-w-0 text-slate-900">{fact.value}</dd>
          </div>
        ))}
      </dl>
      <Totals run={run} />
      {run.differences.length > 0 ? (
        <div className="grid gap-2">
          <h3 id="reconciliation-differences-title" className="font-semibold text-slate-900">
            {t('reconciliation.differences')}
          </h3>
          <Differences differences={run.differences} />
        </div>
      ) : null}
    </div>
  );
}

function Latest() {
  const { t } = useTexts();
  const query = useQuery(reconciliationQueryOptions);
  if (query.isPending) return <StatePanel state="loading" title={t('reconciliation.loading')} size="md" />;
  if (query.isError && !query.data) return <LoadFailed title={t('reconciliation.loadFailed')} heading="h3" onRetry={() => void query.refetch()} />;
  const { run } = query.data;
  if (!run) {
    return (
      <div className="rounded-xl bg-slate-50 p-4 text-sm ring-1 ring-slate-200">
        <p className="font-semibold text-slate-900">{t('reconciliation.notRun')}</p>
        <p className="mt-1 text-slate-600">{t('reconciliation.notRunMessage')}</p>
      </div>
    );
  }
  return <RunDetails run={run} />;
}

function RunNow() {
  const { t } = useTexts();
  const statusLabel = useStatusLabel();
  const run = useRunReconciliation();
  const done = run.isSuccess ? run.data.run : null;
  return (
    <div className="grid justify-items-start gap-2">
      <Button variant="secondary" size="sm" disabled={run.isPending} onClick={() => run.mutate()}>
        {run.isPending ? <SpinnerIcon className="h-4 w-4" /> : null}
        {t('reconciliation.runNow')}
      </Button>
      {/* The new run takes the old one's place below; this reads its outcome out. */}
      <p role="status" className="sr-only">
        {done ? statusLabel(done) : ''}
      </p>
      {run.isError ? (
        <p role="alert" className="grid rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
          <span className="font-semibold">{t('reconciliation.runFailed')}</span>
          <span>{messageOf(run.error, translate('money:attention.failedFallback'), { providerAnswer: true })}</span>
        </p>
      ) : null}
    </div>
  );
}

export function ReconciliationPanel() {
  const { t } = useTexts();
  return (
    <section aria-labelledby="reconciliation-title" className="grid gap-4 surface p-5 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id="reconciliation-title" className="text-xl font-bold text-slate-900">
          {t('reconciliation.title')}
        </h2>
        <RunNow />
      </div>
      <Latest />
      <p className="text-sm text-slate-600">
        <Trans
          t={t}
          i18nKey='reconciliation.attentionNote'
          components={{ attention: <Link href={paths.adminAttention} className="font-semibold text-brand-800 underline underline-offset-2 focus-ring" /> }}
        />
      </p>
    </section>
  );
}
