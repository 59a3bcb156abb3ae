/**
 * /merchant/deals/new and /merchant/deals/{id} (owner): a new deal's form, a draft or rejected deal's form, or a deal
 * that can no longer be changed, read-only.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { paths } from '../../../contract/routes';
import { buttonClasses } from '../../components/ui/button';
import { TagIcon } from '../../components/ui/icons';
import { LoadFailed, StatePanel } from '../../components/ui/panel';
import { isApiError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { OwnerOnly, PageFrame } from '../merchant-access';
import { merchantDealQueryOptions } from './api/get-merchant-deal';
import { DealEditor } from './components/deal-editor';
import { DealSummary } from './components/deal-summary';
import { isEditable } from './deal-status';

const BACK = { href: paths.merchantDeals, label: 'Back to deals' };

function NewDeal() {
  return (
    <PageFrame title="New deal" intro="Saved as a draft until you submit it. The marketplace reviews it before customers can see it." back={BACK}>
      <DealEditor deal={null} />
    </PageFrame>
  );
}

function ExistingDeal({ id }: { id: string }) {
  const query = useQuery(merchantDealQueryOptions(id));
  if (query.isPending) {
    return (
      <PageFrame title="Deal" back={BACK}>
        <StatePanel state="loading" title="Loading the deal…" />
      </PageFrame>
    );
  }
  if (query.isError) {
    const missing = isApiError(query.error, 404);
    return (
      <PageFrame title="Deal" back={BACK}>
        {missing ? (
          <StatePanel icon={<TagIcon className="h-7 w-7" />} tone="neutral" title="Deal not found" message="It may have been deleted, or it is not one of your deals.">
            <Link href={paths.merchantDeals} className={buttonClasses('primary')}>
              Your deals
            </Link>
          </StatePanel>
        ) : (
          <LoadFailed title="The deal could not be loaded" onRetry={() => void query.refetch()} />
        )}
      </PageFrame>
    );
  }
  const deal = query.data;
  if (!isEditable(deal)) {
    return (
      <PageFrame title={deal.title} back={BACK}>
        <DealSummary deal={deal} />
      </PageFrame>
    );
  }
  return (
    <PageFrame title="Edit deal" intro={deal.title} back={BACK}>
      {/* A deal that changes state (submitted elsewhere, say) starts the form afresh. */}
      <DealEditor key={`${deal.id}-${deal.status}`} deal={deal} />
    </PageFrame>
  );
}

export default function MerchantDealPage({ id }: { id?: string }) {
  useDocumentTitle(id ? 'Deal' : 'New deal');
  return <OwnerOnly title={id ? 'Deal' : 'New deal'}>{id ? <ExistingDeal id={id} /> : <NewDeal />}</OwnerOnly>;
}
