/** The built-in provider's record of money given back on a paid session: each refund's amount, date and state. */
import type { RefundSummary } from '../../../../contract/checkout';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Price } from '../../../components/ui/price';
import { useT } from '../../../i18n';
import { formatDayTime, formatIso } from '../../../lib/date-format';

const TONES: Record<RefundSummary['status'], BadgeTone> = { pending: 'warning', succeeded: 'success', failed: 'danger' };

export function SessionRefunds({ refunds }: { refunds: RefundSummary[] }) {
  const { t } = useT('checkout');
  if (refunds.length === 0) return null;
  return (
    <section aria-labelledby="session-refunds-title" className="mx-auto mt-6 max-w-lg surface p-6">
      <h2 id="session-refunds-title" className="text-lg font-bold text-slate-900">
        {t('refunds.title')}
      </h2>
      <ul className="mt-3 divide-y divide-slate-100">
        {refunds.map((refund) => (
          <li key={refund.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3">
            <span className="font-semibold text-slate-900">
              <Price cents={refund.amountCents} label={t('refunds.amount')} />
            </span>
            <time dateTime={refund.createdAt} className="text-sm text-slate-600 tabular-nums">
              {formatIso(refund.createdAt, formatDayTime)}
            </time>
            <Badge tone={TONES[refund.status]}>{t(`refunds.${refund.status}`)}</Badge>
          </li>
        ))}
      </ul>
    </section>
  );
}
