/**
 * /merchant/statements (owner): one statement per week with anything in it, newest first: what the week earned, the
 * commission, the refunds taken back, what is owed, and whether it has been paid. A table on wide screens, cards on phones.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { paths } from '../../../contract/routes';
import type { Statement } from '../../../contract/workspace';
import { ReceiptIcon } from '../../components/ui/icons';
import { LoadFailed, StatePanel } from '../../components/ui/panel';
import { Price } from '../../components/ui/price';
import { useT } from '../../i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import { OwnerPage } from '../merchant-access';
import { merchantStatementsQueryOptions } from './api/get-merchant-statements';
import { PaidBadge } from './components/paid-status';
import { weekLabel, zoneValues } from './statement-format';

function WeekLink({ statement }: { statement: Statement }) {
  return (
    <Link href={paths.merchantStatement(statement.id)} className="font-semibold text-link">
      {weekLabel(statement)}
    </Link>
  );
}

function StatementTable({ statements }: { statements: Statement[] }) {
  const { t } = useT('statements');
  const amounts = (statement: Statement) => [statement.grossCents, statement.commissionCents, statement.refundsCents, statement.netCents];
  return (
    <div className="hidden overflow-x-auto rounded-xl ring-1 ring-slate-200 md:block">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{t('statementsPage.listLabel')}</caption>
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">
              {t('statementsPage.week')}
            </th>
            {[t('statementsPage.gross'), t('statementsPage.commission'), t('statementsPage.refunds'), t('statementsPage.net')].map((column) => (
              <th key={column} scope="col" className="px-4 py-3 text-right">
                {column}
              </th>
            ))}
            <th scope="col" className="px-4 py-3">
              {t('statementsPage.status')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {statements.map((statement) => (
            <tr key={statement.id}>
              <td className="px-4 py-3 whitespace-nowrap">
                <WeekLink statement={statement} />
              </td>
              {amounts(statement).map((cents, index) => (
                <td key={index} className={index === 3 ? 'px-4 py-3 text-right font-bold text-slate-900' : 'px-4 py-3 text-right text-slate-700'}>
                  <Price cents={cents} />
                </td>
              ))}
              <td className="px-4 py-3">
                <PaidBadge statement={statement} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function StatementCards({ statements }: { statements: Statement[] }) {
  const { t } = useT('statements');
  return (
    <ul aria-label={t('statementsPage.listLabel')} className="grid gap-3 md:hidden">
      {statements.map((statement) => (
        <li key={statement.id} className="surface p-4 text-sm">
          <div className="flex items-center justify-between gap-3">
            <WeekLink statement={statement} />
            <PaidBadge statement={statement} />
          </div>
          <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1">
            <dt className="text-slate-600">{t('statementsPage.gross')}</dt>
            <dd className="text-right">
              <Price cents={statement.grossCents} />
            </dd>
            <dt className="text-slate-600">{t('statementsPage.commission')}</dt>
            <dd className="text-right">
              <Price cents={statement.commissionCents} />
            </dd>
            <dt className="text-slate-600">{t('statementsPage.refunds')}</dt>
            <dd className="text-right">
              <Price cents={statement.refundsCents} />
            </dd>
            <dt className="font-semibold text-slate-900">{t('statementsPage.net')}</dt>
            <dd className="text-right font-bold text-slate-900">
              <Price cents={statement.netCents} />
            </dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}

function Statements() {
  const statements = useQuery(merchantStatementsQueryOptions);
  const { t } = useT('statements');
  if (statements.isPending) return <StatePanel state="loading" title={t('statementsPage.loading')} />;
  if (statements.isError) {
    return (
      <LoadFailed title={t('statementsPage.loadFailed')} onRetry={() => void statements.refetch()} />
    );
  }
  if (statements.data.length === 0) {
    return (
      <StatePanel
        icon={<ReceiptIcon className="h-7 w-7" />}
        tone="neutral"
        title={t('statementsPage.emptyTitle')}
        message={t('statementsPage.emptyMessage')}
      />
    );
  }
  // Every statement is named in its own zone; the newest one's is the merchant's zone now.
  const zone = statements.data[0]!.timeZone;
  return (
    <>
      <p className="text-sm text-slate-600">{t('statementsPage.timeZone', zoneValues(zone))}</p>
      <StatementTable statements={statements.data} />
      <StatementCards statements={statements.data} />
    </>
  );
}

export default function StatementsPage() {
  const { t } = useT('statements');
  useDocumentTitle(t('statementsPage.title'));
  return (
    <OwnerPage title={t('statementsPage.title')} intro={t('statementsPage.intro')}>
      <Statements />
    </OwnerPage>
  );
}
