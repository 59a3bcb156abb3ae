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
import { useDocumentTitle } from '../../lib/use-document-title';
import { OwnerOnly, PageFrame } from '../merchant-access';
import { merchantStatementQueryOptions } from './api/get-merchant-statement';
import { PaidBadge, PayoutNote } from './components/paid-status';
import { StatementLines } from './components/statement-lines';
import { StatementTotals } from './components/statement-totals';
import { statementCsvHref, weekLabel } from './statement-format';

const BACK = { href: paths.merchantStatements, label: 'Back to statements' };

function StatementScreen({ id }: { id: string }) {
  const query = useQuery(merchantStatementQueryOptions(id));
  if (query.isPending) {
    return (
      <PageFrame title="Statement" back={BACK}>
        <StatePanel state="loading" title="Loading the statement…" />
      </PageFrame>
    );
  }
  if (query.isError) {
    return (
      <PageFrame title="Statement" back={BACK}>
        {isApiError(query.error, 404) ? (
          <StatePanel icon={<ReceiptIcon className="h-7 w-7" />} tone="neutral" title="Statement not found" message="It is not one of your statements.">
            <Link href={paths.merchantStatements} className={buttonClasses('primary')}>
              Your statements
            </Link>
          </StatePanel>
        ) : (
          <LoadFailed title="The statement could not be loaded" onRetry={() => void query.refetch()} />
        )}
      </PageFrame>
    );
  }
  const statement = query.data;
  const week = weekLabel(statement.periodStart, statement.periodEnd);
  return (
    <PageFrame
      title={`Week of ${week}`}
      back={BACK}
      intro={`Statement for ${statement.merchantName}, Monday to Sunday in UTC.`}
      actions={
        <a href={statementCsvHref('merchant', statement.id)} download className={buttonClasses('outline', 'md')}>
          <DownloadIcon className="h-4 w-4" />
          Download CSV
        </a>
      }
    >
      <div className="flex flex-wrap items-center gap-3">
        <PaidBadge statement={statement} />
        {statement.paidAt ? <PayoutNote statement={statement} /> : <p className="text-sm text-slate-700">The marketplace has not paid this week out yet.</p>}
      </div>
      <section aria-label="Totals">
        <StatementTotals statement={statement} />
      </section>
      <section aria-labelledby="statement-lines-title" className="grid gap-3">
        <h2 id="statement-lines-title" className="text-xl font-bold text-slate-900">
          Lines
        </h2>
        <StatementLines lines={statement.lines} label="Statement lines" />
      </section>
    </PageFrame>
  );
}

export default function StatementPage({ id }: { id: string }) {
  useDocumentTitle('Statement');
  return (
    <OwnerOnly title="Statement">
      <StatementScreen id={id} />
    </OwnerOnly>
  );
}
