/** Whether the marketplace has paid the week out: Paid (with the date and the bank reference) or Unpaid. */
import { Trans } from 'react-i18next';
import type { Statement } from '../../../../contract/workspace';
import { Badge } from '../../../components/ui/badge';
import { useT } from '../../../i18n';
import { formatDay } from '../../../lib/dates';

export function PaidBadge({ statement }: { statement: Statement }) {
  const { t } = useT('statements');
  return statement.paidAt ? <Badge tone="success">{t('paidStatus.paid')}</Badge> : <Badge tone="warning">{t('paidStatus.unpaid')}</Badge>;
}

/** The payout's date and reference, once there is one. */
export function PayoutNote({ statement }: { statement: Statement }) {
  const { t } = useT('statements');
  if (!statement.paidAt) return null;
  const date = <time dateTime={statement.paidAt} />;
  return (
    <p className="text-sm text-slate-700">
      {statement.payoutReference ? (
        <Trans
          t={t}
          i18nKey='paidStatus.paidOnWithReference'
          values={{ date: formatDay(statement.paidAt), reference: statement.payoutReference }}
          components={{ date, reference: <span className="font-mono break-all text-slate-900" /> }}
        />
      ) : (
        <Trans t={t} i18nKey='paidStatus.paidOn' values={{ date: formatDay(statement.paidAt) }} components={{ date }} />
      )}
    </p>
  );
}
