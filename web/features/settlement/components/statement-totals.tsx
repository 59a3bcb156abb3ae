/** A statement's totals: what the week's vouchers were worth, less the commission and the refunds, and what is owed. */
import type { Statement } from '../../../../contract/workspace';
import { Price } from '../../../components/ui/price';
import { useT } from '../../../i18n';
import { formatBasisPoints } from '../../../lib/numbers';
import { cn } from '../../../lib/cn';

export function StatementTotals({ statement, compact = false }: { statement: Statement; compact?: boolean }) {
  const { t } = useT('statements');
  const cards = [
    { label: t('statementTotals.gross'), cents: statement.grossCents },
    { label: t('statementTotals.commission', { rate: formatBasisPoints(statement.commissionBps) }), cents: -statement.commissionCents },
    { label: t('statementTotals.refunds'), cents: -statement.refundsCents },
    { label: t('statementTotals.net'), cents: statement.netCents },
  ];
  return (
    <dl className={cn('grid grid-cols-2 lg:grid-cols-4', compact ? 'gap-x-4 gap-y-2' : 'gap-3')}>
      {cards.map((card) => (
        <div key={card.label} className={cn('min-w-0', compact ? '' : 'surface p-4')}>
          <dt className={cn('text-slate-600', compact ? 'text-xs' : 'text-sm')}>{card.label}</dt>
          <dd className={cn('font-bold break-all text-slate-900', compact ? 'text-base' : 'mt-1 text-xl font-extrabold')}>
            <Price cents={card.cents} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
