/**
 * /merchant/statements/{id} (owner): one week's statement, its totals and every line, whether it was paid, and its CSV
 * as a plain download link (the session cookie signs the request in).
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { paths } from '../../../contract/routes';
import { buttonClasses } from '../../components/ui/button';
import { DownloadIcon, ReceiptIcon } from '../../components/ui/icons';
import { LoadFailed, StatePanel } from '../../components/ui/panel';
import { isApiError } from '../../lib/api-client';
import { useT } from '../../i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import { OwnerOnly, PageFrame } from '../merchant-access';
import { merchantStatementQueryOptions } from './api/get-merchant-statement';
import { PaidBadge, PayoutNote } from './components/paid-status';
import { StatementLines } from './components/statement-lines';
import { StatementTotals } from './components/statement-totals';
import { statementCsvHref, weekLabel, zoneValues } from './statement-format';

function StatementScreen({ id }: { id: string }) {
  const query = useQuery(merchantStatementQueryOptions(id));
  const { t } = useT('statements');
  const back = { href: paths.merchantStatements, label: t('statementPage.back') };
  if (query.isPending) {
    return (
      <PageFrame title={t('statementPage.title')} back={back}>
        <StatePanel state="loading" title={t('statementPage.loading')} />
      </PageFrame>
    );
  }
  if (query.isError) {
    return (
      <PageFrame title={t('statementPage.title')} back={back}>
        {isApiError(query.error, 404) ? (
          <StatePanel
            icon={<ReceiptIcon className="h-7 w-7" />}
            tone="neutral"
            title={t('statementPage.notFoundTitle')}
            message={t('statementPage.notFoundMessage')}
          >
            <Link href={paths.merchantStatements} className={buttonClasses('primary')}>
              {t('statementPage.yourStatements')}
            </Link>
          </StatePanel>
        ) : (
          <LoadFailed title={t('statementPage.loadFailed')} onRetry={() => void query.refetch()} />
        )}
      </PageFrame>
    );
  }
  const statement = query.data;
  const week = weekLabel(statement);
  return (
    <PageFrame
      title={t('statementPage.weekOf', { week })}
      back={back}
      intro={t('statementPage.intro', { merchant: statement.merchantName })}
      actions={
        <a href={statementCsvHref('merchant', statement.id)} download className={buttonClasses('outline', 'md')}>
          <DownloadIcon className="h-4 w-4" />
          {t('statementPage.downloadCsv')}
        </a>
      }
    >
      <p className="text-sm text-slate-600">{t('statementPage.timeZone', zoneValues(statement.timeZone))}</p>
      <div className="flex flex-wrap items-center gap-3">
        <PaidBadge statement={statement} />
        {statement.paidAt ? <PayoutNote statement={statement} /> : <p className="text-sm text-slate-700">{t('statementPage.notPaid')}</p>}
      </div>
      <section aria-label={t('statementPage.totals')}>
        <StatementTotals statement={statement} />
      </section>
      <section aria-labelledby="statement-lines-title" className="grid grid-cols-1 gap-3">
        <h2 id="statement-lines-title" className="text-xl font-bold text-slate-900">
          {t('statementPage.lines')}
        </h2>
        <StatementLines lines={statement.lines} timeZone={statement.timeZone} label={t('statementPage.linesLabel')} />
      </section>
    </PageFrame>
  );
}

export default function StatementPage({ id }: { id: string }) {
  const { t } = useT('statements');
  useDocumentTitle(t('statementPage.title'));
  return (
    <OwnerOnly title={t('statementPage.title')}>
      <StatementScreen id={id} />
    </OwnerOnly>
  );
}
