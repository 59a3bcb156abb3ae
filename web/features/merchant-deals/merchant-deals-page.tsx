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
import { DealThumb } from '../admin-catalog';
import { OwnerPage } from '../merchant-access';
import { merchantDealsQueryOptions } from './api/get-merchant-deals';
import { isEditable } from './deal-status';
import { MerchantDealStatusBadge } from './components/deal-status-badge';

function NewDealLink() {
  return (
    <Link href={paths.merchantDealNew} className={buttonClasses('primary', 'md')}>
      <PlusIcon className="h-4 w-4" />
      New deal
    </Link>
  );
}

function DealCard({ deal }: { deal: MerchantDeal }) {
  const titleId = `merchant-deal-${deal.id}-title`;
  const editable = isEditable(deal);
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
            <Price cents={deal.priceCents} label="Price: " className="font-bold text-slate-900" />
            {deal.originalPriceCents !== null ? <Price cents={deal.originalPriceCents} label="Original price: " struck className="text-slate-500" /> : null}
          </p>
          <p className="mt-0.5 text-xs text-slate-600">
            {deal.status === 'pending_review' && deal.submittedAt ? `Submitted ${formatDay(deal.submittedAt)}` : `Updated ${formatDay(deal.updatedAt)}`}
          </p>
          {deal.status === 'rejected' && deal.rejectionReason ? (
            <div className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900 ring-1 ring-red-200">
              <p className="font-semibold">Why it was rejected</p>
              <p className="mt-0.5 break-words whitespace-pre-line">{deal.rejectionReason}</p>
            </div>
          ) : null}
        </div>
      </div>
      <Link
        href={paths.merchantDealEdit(deal.id)}
        aria-label={`${editable ? 'Edit' : 'View'} ${deal.title}`}
        className={buttonClasses(editable ? 'outline' : 'ghost', 'sm', 'self-start sm:shrink-0')}
      >
        {editable ? 'Edit' : 'View'}
      </Link>
    </article>
  );
}

function DealList() {
  const deals = useQuery(merchantDealsQueryOptions);
  if (deals.isPending) return <StatePanel state="loading" title="Loading your deals…" />;
  if (deals.isError) {
    return (
      <LoadFailed title="Your deals could not be loaded" onRetry={() => void deals.refetch()} />
    );
  }
  if (deals.data.length === 0) {
    return (
      <StatePanel
        icon={<TagIcon className="h-7 w-7" />}
        title="No deals yet"
        message="Propose your first deal. The marketplace reviews it before customers can see it."
      >
        <NewDealLink />
      </StatePanel>
    );
  }
  return (
    <ul className="grid grid-cols-1 gap-4" aria-label="Your deals">
      {deals.data.map((deal) => (
        <li key={deal.id}>
          <DealCard deal={deal} />
        </li>
      ))}
    </ul>
  );
}

export default function MerchantDealsPage() {
  useDocumentTitle('Deals');
  return (
    <OwnerPage title="Deals" intro="Draft deals, send them for review, and fix the ones sent back." actions={<NewDealLink />}>
      <DealList />
    </OwnerPage>
  );
}
