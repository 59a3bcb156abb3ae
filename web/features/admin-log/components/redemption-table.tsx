/** Every redemption attempt: a table on wide screens, a list of cards on phones (where eight columns cannot fit). */
import type { RedemptionRecord } from '../../../../contract/redemption';
import { Badge } from '../../../components/ui/badge';
import { useT } from '../../../i18n';
import { cn } from '../../../lib/cn';
import { formatMoney } from '../../../lib/money';
import { formatLogDate } from '../log-format';
import { Missing } from '../../../components/ui/missing';

const COLUMNS = ['date', 'voucherCode', 'deal', 'customer', 'merchant', 'price', 'result', 'reason'] as const;

interface RecordsProps {
  records: RedemptionRecord[];
  /** Id of the heading that names the records. */
  labelledBy: string;
  className?: string;
}

/** An undone success carries when it was undone (ADR 027); older servers leave the field out. */
type LogRecord = RedemptionRecord & { undone_at?: string | null };

function ResultBadge({ record }: { record: LogRecord }) {
  const { t } = useT('admin');
  if (!record.success) return <Badge tone="danger">{t('redemptionLog.failed')}</Badge>;
  return record.undone_at ? <Badge tone="warning">{t('redemptionLog.undone')}</Badge> : <Badge tone="success">{t('redemptionLog.success')}</Badge>;
}

export function RedemptionTable({ records, labelledBy, className }: RecordsProps) {
  const { t } = useT('admin');
  return (
    // Focusable so keyboard users can scroll it sideways; named by the section heading. Positioned, so the
    // screen-reader-only texts inside stay in the scroll box instead of widening the page.
    <div
      role="region"
      aria-labelledby={labelledBy}
      tabIndex={0}
      className={cn('relative overflow-x-auto rounded-xl ring-1 ring-slate-200 focus-ring', className)}
    >
      <table className="w-full min-w-[880px] border-collapse text-left text-sm">
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="px-4 py-3 whitespace-nowrap">
                {t(`redemptionLog.columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {records.map((record) => (
            <tr key={record.id} className="align-top hover:bg-slate-50/60">
              <td className="px-4 py-3 whitespace-nowrap text-slate-700 tabular-nums">
                <time dateTime={record.created_at}>{formatLogDate(record.created_at)}</time>
              </td>
              <td className="px-4 py-3 font-mono font-semibold tracking-wider whitespace-nowrap text-slate-900">{record.voucher_code}</td>
              <td className="max-w-56 px-4 py-3 break-words text-slate-800">{record.deal_title ?? <Missing />}</td>
              <td className="max-w-52 px-4 py-3 break-all text-slate-700">{record.user_email ?? <Missing />}</td>
              <td className="max-w-48 px-4 py-3 break-words text-slate-700">{record.merchant_name ?? <Missing />}</td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-900 tabular-nums">
                {record.price_cents !== null ? formatMoney(record.price_cents) : <Missing />}
              </td>
              <td className="px-4 py-3 whitespace-nowrap">
                <ResultBadge record={record} />
              </td>
              <td className="max-w-64 px-4 py-3 break-words text-slate-700">{record.reason ?? <Missing />}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function RedemptionCards({ records, labelledBy, className }: RecordsProps) {
  const { t } = useT('admin');
  return (
    <ul aria-labelledby={labelledBy} className={cn('grid gap-3', className)}>
      {records.map((record) => (
        <li key={record.id} className="surface p-4">
          <div className="flex items-start justify-between gap-3">
            <span className="font-mono font-semibold tracking-wider text-slate-900">{record.voucher_code}</span>
            <ResultBadge record={record} />
          </div>
          <p className="mt-1 text-sm text-slate-600">
            <time dateTime={record.created_at}>{formatLogDate(record.created_at)}</time>
          </p>
          <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
            <dt className="text-slate-600">{t('redemptionLog.columns.deal')}</dt>
            <dd className="break-words text-slate-900">{record.deal_title ?? <Missing />}</dd>
            <dt className="text-slate-600">{t('redemptionLog.columns.customer')}</dt>
            <dd className="break-all text-slate-800">{record.user_email ?? <Missing />}</dd>
            <dt className="text-slate-600">{t('redemptionLog.columns.merchant')}</dt>
            <dd className="break-words text-slate-800">{record.merchant_name ?? <Missing />}</dd>
            <dt className="text-slate-600">{t('redemptionLog.columns.price')}</dt>
            <dd className="text-slate-900 tabular-nums">{record.price_cents !== null ? formatMoney(record.price_cents) : <Missing />}</dd>
            {record.reason ? (
              <>
                <dt className="text-slate-600">{t('redemptionLog.columns.reason')}</dt>
                <dd className="break-words text-slate-800">{record.reason}</dd>
              </>
            ) : null}
          </dl>
        </li>
      ))}
    </ul>
  );
}
