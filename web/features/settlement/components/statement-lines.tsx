/** A statement's lines, their times in the statement's zone: a table on wide screens, a list of cards on phones. Refund lines take back what was credited, so their amounts are negative. */
import { Trans } from 'react-i18next';
import type { StatementLine } from '../../../../contract/workspace';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Price } from '../../../components/ui/price';
import { useT } from '../../../i18n';
import { formatLogTimeIn } from '../../../lib/zoned-time';

const KIND_TONES: Record<StatementLine['kind'], BadgeTone> = { redeemed: 'success', expired: 'neutral', refund: 'warning' };

function Kind({ line }: { line: StatementLine }) {
  const { t } = useT('statements');
  const kinds: Record<StatementLine['kind'], string> = {
    redeemed: t('statementLines.kinds.redeemed'),
    expired: t('statementLines.kinds.expired'),
    refund: t('statementLines.kinds.refund'),
  };
  return <Badge tone={KIND_TONES[line.kind]}>{kinds[line.kind]}</Badge>;
}

/** When a line happened, in the statement's zone. */
const whenIn = (line: StatementLine, zone: string) => <time dateTime={line.occurredAt}>{formatLogTimeIn(line.occurredAt, zone)}</time>;

export function StatementLines({ lines, timeZone, label }: { lines: StatementLine[]; timeZone: string; label: string }) {
  const { t } = useT('statements');
  const when = (line: StatementLine) => whenIn(line, timeZone);
  if (lines.length === 0) return <p className="text-sm text-slate-600">{t('statementLines.empty')}</p>;
  return (
    <>
      <div role="region" aria-label={label} tabIndex={0} className="hidden overflow-x-auto rounded-xl ring-1 ring-slate-200 focus-ring md:block">
        <table className="w-full border-collapse text-left text-sm">
          <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              {[t('statementLines.date'), t('statementLines.kind'), t('statementLines.voucher'), t('statementLines.deal')].map((column) => (
                <th key={column} scope="col" className="px-4 py-3 whitespace-nowrap">
                  {column}
                </th>
              ))}
              {[t('statementLines.amount'), t('statementLines.commission'), t('statementLines.net')].map((column) => (
                <th key={column} scope="col" className="px-4 py-3 text-right whitespace-nowrap">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 bg-white">
            {lines.map((line, index) => (
              <tr key={`${line.voucherCode}-${line.kind}-${index}`} className="align-top">
                <td className="px-4 py-3 whitespace-nowrap text-slate-700 tabular-nums">{when(line)}</td>
                <td className="px-4 py-3">
                  <Kind line={line} />
                </td>
                <td className="px-4 py-3 font-mono whitespace-nowrap text-slate-900">{line.voucherCode}</td>
                {/* A title may break anywhere, so one long word does not make the whole table scroll. */}
                <td className="max-w-64 min-w-40 px-4 py-3 wrap-anywhere text-slate-700">{line.dealTitle}</td>
                <td className="px-4 py-3 text-right whitespace-nowrap">
                  <Price cents={line.amountCents} />
                </td>
                <td className="px-4 py-3 text-right whitespace-nowrap">
                  <Price cents={line.commissionCents} />
                </td>
                <td className="px-4 py-3 text-right font-semibold whitespace-nowrap text-slate-900">
                  <Price cents={line.netCents} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label={label} className="grid gap-3 md:hidden">
        {lines.map((line, index) => (
          <li key={`${line.voucherCode}-${line.kind}-${index}`} className="rounded-xl bg-white p-4 text-sm ring-1 ring-slate-200">
            <div className="flex items-center justify-between gap-3">
              <Kind line={line} />
              <Price cents={line.netCents} label={t('statementLines.netLabel')} className="font-semibold text-slate-900" />
            </div>
            <p className="mt-2 wrap-anywhere text-slate-900">{line.dealTitle}</p>
            <p className="mt-0.5 text-slate-600 tabular-nums">
              <span className="font-mono text-slate-900">{line.voucherCode}</span> · {when(line)}
            </p>
            <p className="mt-1 text-xs text-slate-600">
              <Trans
                t={t}
                i18nKey='statementLines.amounts'
                components={{ amount: <Price cents={line.amountCents} />, commission: <Price cents={line.commissionCents} /> }}
              />
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}
