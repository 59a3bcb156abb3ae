/**
 * /merchant/deals (owner): the merchant's own deals in every state, newest first, each with its price and state; a
 * rejected one says why. A draft or a rejected deal opens for editing, any other for reading.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { MerchantDeal } from '../../../contract/workspace';
import { paths } from '../../../contract/routes';
import { buttonClasses } from '../../components/ui/button';
import { PlusIcon, TagIcon } from '../../components/ui/icons';
import { LoadFailed, StatePanel } from '../../components/ui/panel';
import { Price } from '../../components/ui/price';
import { formatDay } from '../../lib/dates';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useT } from '../../i18n';
import { DealThumb } from '../admin-catalog';
import { OwnerPage } from '../merchant-access';
import { merchantDealsQueryOptions } from './api/get-merchant-deals';
import { isEditable } from './deal-status';
import { MerchantDealStatusBadge } from './components/deal-status-badge';

function NewDealLink() {
  const { t } = useT('merchant');
  return (
    <Link href={paths.merchantDealNew} className={buttonClasses('primary', 'md')}>
      <PlusIcon className="h-4 w-4" />
      {t('dealsPage.newDeal')}
    </Link>
  );
}

function DealCard({ deal }: { deal: MerchantDeal }) {
  const titleId = `merchant-deal-${deal.id}-title`;
  const editable = isEditable(deal);
  const { t } = useT('merchant');
  return (
    <article aria-labelledby={titleId} className="surface flex flex-col gap-4 p-4 sm:flex-row sm:items-start sm:p-5">
      <div className="flex min-w-0 flex-1 gap-4">
        <DealThumb deal={deal} />
        <div className="min-w-0 flex-1">
          <MerchantDealStatusBadge deal={deal} />
          <h2 id={titleId} className="mt-1 line-clamp-2 text-base font-semibold break-words text-slate-900">
            {deal.title}
          </h2>
          <p className="mt-0.5 flex flex-wrap items-baseline gap-x-2 text-sm text-slate-700">
            <Price cents={deal.priceCents} label={t('dealsPage.priceLabel')} className="font-bold text-slate-900" />
            {deal.originalPriceCents !== null ? <Price cents={deal.originalPriceCents} label={t('dealsPage.originalPriceLabel')} struck className="text-slate-500" /> : null}
          </p>
          <p className="mt-0.5 text-xs text-slate-600">
            {deal.status === 'pending_review' && deal.submittedAt
              ? t('dealsPage.submitted', { date: formatDay(deal.submittedAt) })
              : t('dealsPage.updated', { date: formatDay(deal.updatedAt) })}
          </p>
          {deal.status === 'rejected' && deal.rejectionReason ? (
            <div className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900 ring-1 ring-red-200">
              <p className="font-semibold">{t('dealsPage.whyRejected')}</p>
              <p className="mt-0.5 break-words whitespace-pre-line">{deal.rejectionReason}</p>
            </div>
          ) : null}
        </div>
      </div>
      <Link
        href={paths.merchantDealEdit(deal.id)}
        aria-label={editable ? t('dealsPage.editDeal', { title: deal.title }) : t('dealsPage.viewDeal', { title: deal.title })}
        className={buttonClasses(editable ? 'outline' : 'ghost', 'sm', 'self-start sm:shrink-0')}
      >
        {editable ? t('dealsPage.edit') : t('dealsPage.view')}
      </Link>
    </article>
  );
}

function DealList() {
  const deals = useQuery(merchantDealsQueryOptions);
  const { t } = useT('merchant');
  if (deals.isPending) return <StatePanel state="loading" title={t('dealsPage.loading')} />;
  if (deals.isError) {
    return (
      <LoadFailed title={t('dealsPage.loadFailed')} onRetry={() => void deals.refetch()} />
    );
  }
  if (deals.data.length === 0) {
    return (
      <StatePanel
        icon={<TagIcon className="h-7 w-7" />}
        title={t('dealsPage.emptyTitle')}
        message={t('dealsPage.emptyMessage')}
      >
        <NewDealLink />
      </StatePanel>
    );
  }
  return (
    <ul className="grid grid-cols-1 gap-4" aria-label={t('dealsPage.listLabel')}>
      {deals.data.map((deal) => (
        <li key={deal.id}>
          <DealCard deal={deal} />
        </li>
      ))}
    </ul>
  );
}

export default function MerchantDealsPage() {
  const { t } = useT('merchant');
  useDocumentTitle(t('dealsPage.title'));
  return (
    <OwnerPage title={t('dealsPage.title')} intro={t('dealsPage.intro')} actions={<NewDealLink />}>
      <DealList />
    </OwnerPage>
  );
}
