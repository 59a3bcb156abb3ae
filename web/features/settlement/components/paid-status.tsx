/** Whether the marketplace has paid the week out: Paid (with the date and the bank reference) or Unpaid. */
import type { Statement } from '../../../../contract/workspace';
import { Badge } from '../../../components/ui/badge';
import { formatDay } from '../../../lib/dates';

export function PaidBadge({ statement }: { statement: Statement }) {
  return statement.paidAt ? <Badge tone="success">Paid</Badge> : <Badge tone="warning">Unpaid</Badge>;
}

/** The payout's date and reference, once there is one. */
export function PayoutNote({ statement }: { statement: Statement }) {
  if (!statement.paidAt) return null;
  return (
    <p className="text-sm text-slate-700">
      Paid <time dateTime={statement.paidAt}>{formatDay(statement.paidAt)}</time>
      {statement.payoutReference ? (
        <>
          {' '}
          · Reference <span className="font-mono break-all text-slate-900">{statement.payoutReference}</span>
        </>
      ) : null}
    </p>
  );
}
