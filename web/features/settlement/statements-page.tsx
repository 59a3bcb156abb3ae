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
import { useDocumentTitle } from '../../lib/use-document-title';
import { OwnerPage } from '../merchant-access';
import { merchantStatementsQueryOptions } from './api/get-merchant-statements';
import { PaidBadge } from './components/paid-status';
import { weekLabel } from './statement-format';

function WeekLink({ statement }: { statement: Statement }) {
  return (
    <Link href={paths.merchantStatement(statement.id)} className="font-semibold text-link">
      {weekLabel(statement.periodStart, statement.periodEnd)}
    </Link>
  );
}

function StatementTable({ statements }: { statements: Statement[] }) {
  const amounts = (statement: Statement) => [statement.grossCents, statement.commissionCents, statement.refundsCents, statement.netCents];
  return (
    <div className="hidden overflow-x-auto rounded-xl ring-1 ring-slate-200 md:block">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">Weekly statements</caption>
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">
              Week
            </th>
            {['Gross', 'Commission', 'Refunds', 'Net'].map((column) => (
              <th key={column} scope="col" className="px-4 py-3 text-right">
                {column}
              </th>
            ))}
            <th scope="col" className="px-4 py-3">
              Status
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
  return (
    <ul aria-label="Weekly statements" className="grid gap-3 md:hidden">
      {statements.map((statement) => (
        <li key={statement.id} className="surface p-4 text-sm">
          <div className="flex items-center justify-between gap-3">
            <WeekLink statement={statement} />
            <PaidBadge statement={statement} />
          </div>
          <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1">
            <dt className="text-slate-600">Gross</dt>
            <dd className="text-right">
              <Price cents={statement.grossCents} />
            </dd>
            <dt className="text-slate-600">Commission</dt>
            <dd className="text-right">
              <Price cents={statement.commissionCents} />
            </dd>
            <dt className="text-slate-600">Refunds</dt>
            <dd className="text-right">
              <Price cents={statement.refundsCents} />
            </dd>
            <dt className="font-semibold text-slate-900">Net</dt>
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
  if (statements.isPending) return <StatePanel state="loading" title="Loading your statements…" />;
  if (statements.isError) {
    return (
      <LoadFailed title="Your statements could not be loaded" onRetry={() => void statements.refetch()} />
    );
  }
  if (statements.data.length === 0) {
    return (
      <StatePanel
        icon={<ReceiptIcon className="h-7 w-7" />}
        tone="neutral"
        title="No statements yet"
        message="A statement is drawn up after each week in which vouchers were redeemed, expired unused or refunded."
      />
    );
  }
  return (
    <>
      <StatementTable statements={statements.data} />
      <StatementCards statements={statements.data} />
    </>
  );
}

export default function StatementsPage() {
  useDocumentTitle('Statements');
  return (
    <OwnerPage
      title="Statements"
      intro="Each week (Monday to Sunday, UTC) credits you for the vouchers redeemed and those that expired unused, less the commission; refunds of vouchers already credited are taken back."
    >
      <Statements />
    </OwnerPage>
  );
}
