/** The log's totals: attempts, successes, failures and the value redeemed (docs/product/screens.md#transaction-history). */
import type { RedemptionSummary } from '../../../../contract/redemption';
import { Skeleton } from '../../../components/ui/skeleton';
import { useT } from '../../../i18n';
import { cn } from '../../../lib/cn';
import { formatMoney } from '../../../lib/money';
import { formatCount } from '../../../lib/numbers';

interface Card {
  key: string;
  label: string;
  value: string;
  accent: string;
}

function cards(summary: RedemptionSummary, t: ReturnType<typeof useT>['t']): Card[] {
  return [
    { key: 'total', label: t('redemptionLog.summary.total'), value: formatCount(summary.total), accent: 'bg-slate-400' },
    { key: 'successes', label: t('redemptionLog.summary.successes'), value: formatCount(summary.successes), accent: 'bg-emerald-600' },
    { key: 'failures', label: t('redemptionLog.summary.failures'), value: formatCount(summary.failures), accent: 'bg-red-600' },
    { key: 'value', label: t('redemptionLog.summary.value'), value: formatMoney(summary.redeemedValueCents), accent: 'bg-brand-700' },
  ];
}

export function SummaryCards({ summary }: { summary: RedemptionSummary | undefined }) {
  const { t } = useT('admin');
  if (!summary) {
    return (
      <div aria-hidden="true" className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {[0, 1, 2, 3].map((n) => (
          <Skeleton key={n} className="h-24 rounded-2xl" />
        ))}
      </div>
    );
  }
  return (
    <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {cards(summary, t).map((card) => (
        <div key={card.key} className="relative overflow-hidden surface p-4 sm:p-5">
          <span aria-hidden="true" className={cn('absolute inset-y-0 left-0 w-1', card.accent)} />
          <dt className="text-sm font-medium text-slate-600">{card.label}</dt>
          <dd className="mt-1 text-2xl font-extrabold tracking-tight text-slate-900 tabular-nums sm:text-3xl">{card.value}</dd>
        </div>
      ))}
    </dl>
  );
}
