/** One deal in the management list: picture, title, merchant, price, stock and sales, status, and its actions. */
import type { ReactNode } from 'react';
import { Trans } from 'react-i18next';
import type { AdminDeal } from '../../../../contract/admin';
import type { Deal } from '../../../../contract/deals';
import { Price } from '../../../components/ui/price';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { translate, useT } from '../../../i18n';
import { formatCount } from '../../../lib/numbers';
import { useSetDealStatus } from '../api/set-deal-status';
import { ARCHIVE, DEAL_STATE_BADGES, dealState, publishToggle, type StatusChange } from '../deal-status';
import { errorMessage } from '../error-message';
import { DealThumb } from './deal-thumb';

function stockText(deal: Deal): string {
  return deal.inventory === 0 ? translate('admin:catalog.unlimited') : formatCount(deal.inventory);
}

export function isAdminDeal(deal: Deal | AdminDeal): deal is AdminDeal {
  return 'merchantStatus' in deal;
}

function DealActions({ deal, onEdit, onDelete }: { deal: AdminDeal; onEdit: () => void; onDelete: () => void }) {
  const { t } = useT('admin');
  const status = useSetDealStatus();
  const state = dealState(deal);
  const toggle = publishToggle(state);

  const change = (next: StatusChange, done: string) =>
    status.mutate(
      { id: deal.id, change: next },
      {
        onSuccess: () => toast({ title: done, description: deal.title, variant: 'success' }),
        onError: (error) => toast({ title: t('catalog.statusFailed'), description: errorMessage(error), variant: 'destructive' }),
      },
    );

  const forDeal = <span className="sr-only">{t('catalog.forDeal', { title: deal.title })}</span>;
  return (
    <div className="flex flex-wrap gap-2" aria-busy={status.isPending || undefined}>
      <Button size="sm" variant={state === 'listed' ? 'outline' : 'primary'} disabled={status.isPending} onClick={() => change(toggle.change, toggle.done)}>
        {toggle.label}
        {forDeal}
      </Button>
      <Button size="sm" variant="outline" onClick={onEdit}>
        {t('catalog.edit')}
        {forDeal}
      </Button>
      {state !== 'archived' ? (
        <Button size="sm" variant="ghost" disabled={status.isPending} onClick={() => change(ARCHIVE, t('dealActions.archived'))}>
          {t('dealActions.archive')}
          {forDeal}
        </Button>
      ) : null}
      <Button size="sm" variant="ghost" className="text-red-700 hover:bg-red-50 hover:text-red-800" onClick={onDelete}>
        {t('dealActions.delete')}
        {forDeal}
      </Button>
    </div>
  );
}

interface DealRowProps {
  deal: Deal | AdminDeal;
  /** Management actions for superadmins; without them the row is browse-only. */
  actions?: { onEdit: (deal: AdminDeal) => void; onDelete: (deal: AdminDeal) => void } | undefined;
}

export function DealRow({ deal, actions }: DealRowProps) {
  const { t, langOf } = useT('admin');
  const badge = DEAL_STATE_BADGES[dealState(deal)];
  const titleId = `deal-${deal.id}-title`;
  let operations: ReactNode;
  if (actions && isAdminDeal(deal)) {
    operations = <DealActions deal={deal} onEdit={() => actions.onEdit(deal)} onDelete={() => actions.onDelete(deal)} />;
  } else {
    operations = (
      <p lang={langOf('browseOnly')} className="rounded-lg bg-slate-100 px-3 py-2 text-sm font-medium text-slate-700">
        {t('browseOnly')}
      </p>
    );
  }

  return (
    <article aria-labelledby={titleId} className="surface flex flex-col gap-4 p-4 sm:flex-row sm:items-center sm:p-5">
      <div className="flex min-w-0 flex-1 gap-4">
        <DealThumb deal={deal} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone={badge.tone}>{badge.label}</Badge>
            {isAdminDeal(deal) && deal.merchantStatus !== 'active' ? <Badge tone="warning">{t('dealRow.merchantInactive')}</Badge> : null}
          </div>
          <h3 id={titleId} className="mt-1 line-clamp-2 font-semibold break-words text-slate-900">
            {deal.title}
          </h3>
          <p className="truncate text-sm text-slate-600">{deal.merchantName}</p>
          {isAdminDeal(deal) && deal.status === 'rejected' && deal.rejectionReason ? (
            <p className="mt-1 text-sm break-words text-red-800">{t('dealRow.rejectionReason', { reason: deal.rejectionReason })}</p>
          ) : null}
          <p className="mt-1 flex flex-wrap items-baseline gap-x-3 gap-y-0.5 text-sm text-slate-700">
            <span>
              <span className="sr-only">{t('catalog.price')}</span>
              <Price cents={deal.priceCents} className="font-bold text-slate-900" />
              {deal.originalPriceCents !== null ? (
                <>
                  {' '}
                  <span className="sr-only">{t('catalog.originalPrice')}</span>
                  <Price cents={deal.originalPriceCents} struck className="text-slate-500" />
                </>
              ) : null}
            </span>
            <span>
              <Trans
                t={t}
                i18nKey='dealRow.stockSold'
                values={{ stock: stockText(deal), sold: formatCount(deal.boughtCount) }}
                components={{ stock: <span className="font-semibold tabular-nums" />, sold: <span className="font-semibold tabular-nums" /> }}
              />
            </span>
          </p>
        </div>
      </div>
      <div className="sm:max-w-xs sm:shrink-0">{operations}</div>
    </article>
  );
}
