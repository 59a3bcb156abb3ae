/**
 * The merchant's own latest redemption attempts under the redeem form: when (in the merchant's time zone, which it
 * names), which code, which deal, and the outcome.
 * A success younger than REDEMPTION_UNDO_MINUTES has its "Undo" (a mistaken redemption is taken back and the voucher
 * is active again); the list is read again after every redemption and undo, so it then says Undone.
 */
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MERCHANT_RECENT_REDEMPTIONS } from '../../../../contract/constants';
import type { RedemptionRecord } from '../../../../contract/redemption';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { UndoIcon } from '../../../components/ui/icons';
import { Skeleton } from '../../../components/ui/skeleton';
import { useT } from '../../../i18n';
import { formatCount } from '../../../lib/numbers';
import { formatMoney } from '../../../lib/money';
import { merchantRedemptionsQueryOptions } from '../api/get-merchant-redemptions';
import { undoFailureMessage, useUndoRedemption } from '../api/undo-redemption';
import { formatAttemptTime } from '../attempt-time';
import { useMerchantTimeZone } from '../api/get-merchant-clock';
import { zoneName } from '../../../lib/zoned-time';
import { undoTimeLeft } from '../undo-time';

/** What the list says about the last undo pressed in it. */
type UndoNotice = { tone: 'success'; text: string } | { tone: 'error'; text: string };

function OutcomeBadge({ record }: { record: RedemptionRecord }) {
  const { t } = useT('merchant');
  if (!record.success) return <Badge tone="danger">{t('recent.failed')}</Badge>;
  return record.undone_at ? <Badge tone="warning">{t('recent.undone')}</Badge> : <Badge tone="success">{t('recent.redeemed')}</Badge>;
}

/** A success that stands and names its voucher can be taken back, for REDEMPTION_UNDO_MINUTES after it. */
function undoableVoucher(record: RedemptionRecord): string | null {
  if (!record.success || record.undone_at || !record.voucher_id) return null;
  return undoTimeLeft(record.created_at) > 0 ? record.voucher_id : null;
}

function UndoButton({ record, voucherId, onNotice }: { record: RedemptionRecord; voucherId: string; onNotice: (notice: UndoNotice) => void }) {
  const undo = useUndoRedemption();
  const { t } = useT('merchant');
  const [expired, setExpired] = useState(false);
  const [done, setDone] = useState(false);

  // The offer goes when its time is up, even if the list is not read again meanwhile.
  useEffect(() => {
    const timer = setTimeout(() => setExpired(true), undoTimeLeft(record.created_at));
    return () => clearTimeout(timer);
  }, [record.created_at]);

  if (expired || done) return null;
  const press = () => {
    undo.mutate(voucherId, {
      onSuccess: () => {
        setDone(true);
        onNotice({ tone: 'success', text: t('recent.undoneNotice') });
      },
      onError: (error) => onNotice({ tone: 'error', text: undoFailureMessage(error) }),
    });
  };
  return (
    <Button variant="outline" size="sm" onClick={press} disabled={undo.isPending}>
      <UndoIcon className="h-4 w-4" />
      {undo.isPending ? t('recent.undoing') : t('recent.undo')}
      <span className="sr-only"> {record.voucher_code}</span>
    </Button>
  );
}

function AttemptRow({ record, zone, onNotice }: { record: RedemptionRecord; zone: string | undefined; onNotice: (notice: UndoNotice) => void }) {
  const voucherId = undoableVoucher(record);
  const { t } = useT('merchant');
  return (
    <li className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 py-4">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="font-mono font-semibold tracking-wider text-slate-900">{record.voucher_code}</span>
          <span className="text-sm text-slate-600">
            <time dateTime={record.created_at}>{formatAttemptTime(record.created_at, zone)}</time>
          </span>
        </p>
        <p className="mt-0.5 text-sm break-words text-slate-700">
          {record.deal_title ?? t('recent.unknownDeal')}
          {record.success && record.price_cents !== null ? ` · ${formatMoney(record.price_cents)}` : ''}
        </p>
      </div>
      <div className="flex max-w-full flex-col items-start gap-2 sm:items-end">
        <OutcomeBadge record={record} />
        {!record.success && record.reason ? <p className="text-sm break-words text-slate-600 sm:text-right">{record.reason}</p> : null}
        {voucherId ? <UndoButton record={record} voucherId={voucherId} onNotice={onNotice} /> : null}
      </div>
    </li>
  );
}

export function RecentRedemptions() {
  const query = useQuery(merchantRedemptionsQueryOptions());
  const zone = useMerchantTimeZone();
  const [notice, setNotice] = useState<UndoNotice | null>(null);
  const { t } = useT('merchant');

  let body;
  if (query.isPending) {
    body = (
      <div aria-busy="true" className="grid gap-3 py-4">
        <p className="sr-only" role="status">
          {t('recent.loading')}
        </p>
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} className="h-12 w-full" />
        ))}
      </div>
    );
  } else if (query.isError) {
    body = (
      <div role="alert" className="flex flex-wrap items-center justify-between gap-3 py-4">
        <p className="text-slate-700">{t('recent.loadFailed')}</p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          {t('recent.retry')}
        </Button>
      </div>
    );
  } else if (query.data.length === 0) {
    body = <p className="py-4 text-slate-600">{t('recent.empty')}</p>;
  } else {
    body = (
      <ul className="divide-y divide-slate-100">
        {query.data.map((record) => (
          <AttemptRow key={record.id} record={record} zone={zone} onNotice={setNotice} />
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="recent-redemptions-title" className="surface p-6 sm:p-8">
      <h2 id="recent-redemptions-title" className="text-xl font-bold text-slate-900">
        {t('recent.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {t('recent.intro', { n: formatCount(MERCHANT_RECENT_REDEMPTIONS) })}
        {zone ? ` ${t('recent.timeZone', { name: zoneName(zone), zone })}` : null}
      </p>
      <div aria-live="polite">
        {notice?.tone === 'success' ? (
          <p className="mt-3 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm font-semibold text-emerald-900">{notice.text}</p>
        ) : null}
      </div>
      {notice?.tone === 'error' ? (
        <p role="alert" className="mt-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-900">
          {notice.text}
        </p>
      ) : null}
      <div className="mt-2">{body}</div>
    </section>
  );
}
