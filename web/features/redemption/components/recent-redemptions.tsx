/** The merchant's own latest redemption attempts under the redeem form: when, which code, which deal, and the outcome. */
import { useQuery } from '@tanstack/react-query';
import type { RedemptionRecord } from '../../../../contract/redemption';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatMoney } from '../../../lib/money';
import { merchantRedemptionsQueryOptions, RECENT_REDEMPTIONS_LIMIT } from '../api/get-merchant-redemptions';
import { formatAttemptTime } from '../attempt-time';

/** An undone success carries when it was undone (ADR 027); older servers leave the field out. */
type LogRecord = RedemptionRecord & { undone_at?: string | null };

function OutcomeBadge({ record }: { record: LogRecord }) {
  if (!record.success) return <Badge tone="danger">Failed</Badge>;
  return record.undone_at ? <Badge tone="warning">Undone</Badge> : <Badge tone="success">Redeemed</Badge>;
}

function AttemptRow({ record }: { record: LogRecord }) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 py-4">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="font-mono font-semibold tracking-wider text-slate-900">{record.voucher_code}</span>
          <span className="text-sm text-slate-600">
            <time dateTime={record.created_at}>{formatAttemptTime(record.created_at)}</time>
          </span>
        </p>
        <p className="mt-0.5 text-sm break-words text-slate-700">
          {record.deal_title ?? 'Unknown deal'}
          {record.success && record.price_cents !== null ? ` · ${formatMoney(record.price_cents)}` : ''}
        </p>
      </div>
      <div className="flex max-w-full flex-col items-start gap-1 sm:items-end">
        <OutcomeBadge record={record} />
        {!record.success && record.reason ? <p className="text-sm break-words text-slate-600 sm:text-right">{record.reason}</p> : null}
      </div>
    </li>
  );
}

export function RecentRedemptions() {
  const query = useQuery(merchantRedemptionsQueryOptions());

  let body;
  if (query.isPending) {
    body = (
      <div aria-busy="true" className="grid gap-3 py-4">
        <p className="sr-only" role="status">
          Loading recent redemptions…
        </p>
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} className="h-12 w-full" />
        ))}
      </div>
    );
  } else if (query.isError) {
    body = (
      <div role="alert" className="flex flex-wrap items-center justify-between gap-3 py-4">
        <p className="text-slate-700">Could not load your recent redemptions.</p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </div>
    );
  } else if (query.data.length === 0) {
    body = <p className="py-4 text-slate-600">No redemptions yet. Redeemed vouchers will show up here.</p>;
  } else {
    body = (
      <ul className="divide-y divide-slate-100">
        {query.data.map((record) => (
          <AttemptRow key={record.id} record={record} />
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="recent-redemptions-title" className="surface p-6 sm:p-8">
      <h2 id="recent-redemptions-title" className="text-xl font-bold text-slate-900">
        Recent Redemptions
      </h2>
      <p className="mt-1 text-sm text-slate-600">Your last {RECENT_REDEMPTIONS_LIMIT} attempts, newest first.</p>
      <div className="mt-2">{body}</div>
    </section>
  );
}
