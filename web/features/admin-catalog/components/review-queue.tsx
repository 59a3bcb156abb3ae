/**
 * The review queue of deal management: the deals merchants handed in (status pending_review), oldest submission
 * first. Each can be read in full, approved (published and listed at once) or rejected with a reason.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { Trans } from 'react-i18next';
import type { AdminDeal } from '../../../../contract/admin';
import { RichText } from '../../../components/rich-text';
import { Badge } from '../../../components/ui/badge';
import { useT } from '../../../i18n';
import { Button } from '../../../components/ui/button';
import { AlertIcon } from '../../../components/ui/icons';
import { Price } from '../../../components/ui/price';
import { toast } from '../../../components/ui/toast';
import { formatIso, formatIsoDay } from '../../../lib/date-format';
import { formatCount } from '../../../lib/numbers';
import { reviewQueueQueryOptions } from '../api/get-admin-deals';
import { useApproveDeal } from '../api/review-deal';
import { DEAL_STATE_BADGES } from '../deal-status';
import { errorMessage } from '../error-message';
import { DealThumb } from './deal-thumb';

const PENDING = DEAL_STATE_BADGES.pending_review;

function DealContent({ deal }: { deal: AdminDeal }) {
  const { t } = useT('admin');
  const day = (iso: string | null) => (iso ? formatIso(iso, formatIsoDay) : t('catalog.unlimited'));
  const texts = [
    { key: 'description', title: t('reviewQueue.description'), html: deal.description },
    { key: 'instructions', title: t('reviewQueue.instructions'), html: deal.redemptionInstructions },
    { key: 'terms', title: t('reviewQueue.terms'), html: deal.termsConditions },
  ].filter((text) => text.html.trim() !== '');
  return (
    <details className="mt-3 rounded-xl bg-slate-50 ring-1 ring-slate-200">
      <summary className="cursor-pointer rounded-xl px-3 py-2 text-sm font-semibold text-slate-800 focus-ring">
        {t('reviewQueue.viewContent')}
        <span className="sr-only">{t('catalog.forDeal', { title: deal.title })}</span>
      </summary>
      <div className="grid gap-3 px-3 pb-3 text-sm text-slate-700">
        <dl className="grid grid-cols-2 gap-x-6 gap-y-2 sm:grid-cols-4">
          <div>
            <dt className="text-xs text-slate-600">{t('reviewQueue.inventory')}</dt>
            <dd className="tabular-nums">{deal.inventory === 0 ? t('catalog.unlimited') : formatCount(deal.inventory)}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-600">{t('reviewQueue.maxPerUser')}</dt>
            <dd className="tabular-nums">{deal.maxPerUser}</dd>
          </div>
          <div className="col-span-2">
            <dt className="text-xs text-slate-600">{t('reviewQueue.validity')}</dt>
            <dd className="tabular-nums">{t('reviewQueue.validityRange', { from: day(deal.validFrom), until: day(deal.validUntil) })}</dd>
          </div>
        </dl>
        {texts.map((text) => (
          <div key={text.key} className="min-w-0">
            <h4 className="text-xs font-semibold text-slate-600">{text.title}</h4>
            <RichText html={text.html} className="mt-1 break-words" />
          </div>
        ))}
      </div>
    </details>
  );
}

function ReviewItem({ deal, onReject, onEdit }: { deal: AdminDeal; onReject: () => void; onEdit: () => void }) {
  const { t } = useT('admin');
  const approve = useApproveDeal();
  const titleId = `review-${deal.id}-title`;
  const approveDeal = () =>
    approve.mutate(deal.id, {
      onSuccess: () => toast({ title: t('reviewQueue.approved'), description: deal.title, variant: 'success' }),
      onError: (error) => toast({ title: t('reviewQueue.reviewFailed'), description: errorMessage(error), variant: 'destructive' }),
    });

  return (
    <article aria-labelledby={titleId} className="surface p-4 sm:p-5">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="flex min-w-0 flex-1 gap-4">
          <DealThumb deal={deal} />
          <div className="min-w-0 flex-1">
            <Badge tone={PENDING.tone}>{PENDING.label}</Badge>
            <h3 id={titleId} className="mt-1 line-clamp-2 font-semibold break-words text-slate-900">
              {deal.title}
            </h3>
            <p className="truncate text-sm text-slate-600">{deal.merchantName}</p>
            <p className="mt-1 flex flex-wrap items-baseline gap-x-3 gap-y-0.5 text-sm text-slate-700">
              <span>
                <Price cents={deal.priceCents} label={t('catalog.price')} className="font-bold text-slate-900" />
                {deal.originalPriceCents !== null ? (
                  <>
                    {' '}
                    <Price cents={deal.originalPriceCents} label={t('catalog.originalPrice')} struck className="text-slate-500" />
                  </>
                ) : null}
              </span>
              {deal.submittedAt ? (
                <span>
                  <Trans
                    t={t}
                    i18nKey='reviewQueue.submitted'
                    values={{ date: formatIso(deal.submittedAt, formatIsoDay) }}
                    components={{ date: <time dateTime={deal.submittedAt} /> }}
                  />
                </span>
              ) : null}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2 sm:shrink-0" aria-busy={approve.isPending || undefined}>
          <Button size="sm" onClick={approveDeal} disabled={approve.isPending}>
            {approve.isPending ? t('reviewQueue.processing') : t('reviewQueue.approve')}
            <span className="sr-only">{t('catalog.forDeal', { title: deal.title })}</span>
          </Button>
          <Button size="sm" variant="outline" className="text-red-700" onClick={onReject} disabled={approve.isPending}>
            {t('reviewQueue.reject')}
            <span className="sr-only">{t('catalog.forDeal', { title: deal.title })}</span>
          </Button>
          <Button size="sm" variant="ghost" onClick={onEdit}>
            {t('catalog.edit')}
            <span className="sr-only">{t('catalog.forDeal', { title: deal.title })}</span>
          </Button>
        </div>
      </div>
      <DealContent deal={deal} />
    </article>
  );
}

interface ReviewQueueProps {
  onReject: (deal: AdminDeal) => void;
  onEdit: (deal: AdminDeal) => void;
}

export function ReviewQueue({ onReject, onEdit }: ReviewQueueProps) {
  const { t } = useT('admin');
  const queue = useInfiniteQuery(reviewQueueQueryOptions);
  const deals = queue.data?.pages.flatMap((page) => page.deals) ?? [];

  let body;
  if (queue.isPending) {
    body = <p className="text-sm text-slate-600">{t('catalog.loading')}</p>;
  } else if (queue.isError && deals.length === 0) {
    body = (
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
        <AlertIcon className="h-5 w-5 shrink-0" />
        <span className="flex-1">{t('reviewQueue.loadFailed')}</span>
        <Button size="sm" variant="outline" onClick={() => void queue.refetch()}>
          {t('catalog.retry')}
        </Button>
      </div>
    );
  } else if (deals.length === 0) {
    body = <p className="rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-600 ring-1 ring-slate-200">{t('reviewQueue.empty')}</p>;
  } else {
    body = (
      <>
        <ul className="grid grid-cols-1 gap-4" aria-labelledby="review-queue-title">
          {deals.map((deal) => (
            <li key={deal.id}>
              <ReviewItem deal={deal} onReject={() => onReject(deal)} onEdit={() => onEdit(deal)} />
            </li>
          ))}
        </ul>
        {queue.hasNextPage ? (
          <div className="mt-4 flex justify-center">
            <Button variant="outline" onClick={() => void queue.fetchNextPage()} disabled={queue.isFetchingNextPage}>
              {queue.isFetchingNextPage ? t('catalog.loading') : t('reviewQueue.loadMore')}
            </Button>
          </div>
        ) : null}
        {queue.isFetchNextPageError ? (
          <p className="mt-3 text-center text-sm text-red-700" role="alert">
            {t('reviewQueue.moreFailed')}
          </p>
        ) : null}
      </>
    );
  }

  return (
    <section aria-labelledby="review-queue-title" className="mb-10">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="review-queue-title" className="text-xl font-bold text-slate-900">
          {t('reviewQueue.title')}
        </h2>
        <p className="text-sm text-slate-600">{t('reviewQueue.intro')}</p>
      </div>
      {body}
    </section>
  );
}
