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
import { useT } from '../../i18n';
import { OwnerOnly, PageFrame } from '../merchant-access';
import { merchantDealQueryOptions } from './api/get-merchant-deal';
import { DealEditor } from './components/deal-editor';
import { DealSummary } from './components/deal-summary';
import { isEditable } from './deal-status';

/** The way back to the list, above every deal's title. */
function useBack() {
  const { t } = useT('merchantDeal');
  return { href: paths.merchantDeals, label: t('dealPage.back') };
}

function NewDeal() {
  const { t } = useT('merchantDeal');
  const back = useBack();
  return (
    <PageFrame title={t('dealPage.newTitle')} intro={t('dealPage.newIntro')} back={back}>
      <DealEditor deal={null} />
    </PageFrame>
  );
}

function ExistingDeal({ id }: { id: string }) {
  const query = useQuery(merchantDealQueryOptions(id));
  const { t } = useT('merchantDeal');
  const back = useBack();
  if (query.isPending) {
    return (
      <PageFrame title={t('dealPage.title')} back={back}>
        <StatePanel state="loading" title={t('dealPage.loading')} />
      </PageFrame>
    );
  }
  if (query.isError) {
    const missing = isApiError(query.error, 404);
    return (
      <PageFrame title={t('dealPage.title')} back={back}>
        {missing ? (
          <StatePanel icon={<TagIcon className="h-7 w-7" />} tone="neutral" title={t('dealPage.notFoundTitle')} message={t('dealPage.notFoundMessage')}>
            <Link href={paths.merchantDeals} className={buttonClasses('primary')}>
              {t('dealPage.yourDeals')}
            </Link>
          </StatePanel>
        ) : (
          <LoadFailed title={t('dealPage.loadFailed')} onRetry={() => void query.refetch()} />
        )}
      </PageFrame>
    );
  }
  const deal = query.data;
  if (!isEditable(deal)) {
    return (
      <PageFrame title={deal.title} back={back}>
        <DealSummary deal={deal} />
      </PageFrame>
    );
  }
  return (
    <PageFrame title={t('dealPage.editTitle')} intro={deal.title} back={back}>
      {/* A deal that changes state (submitted elsewhere, say) starts the form afresh. */}
      <DealEditor key={`${deal.id}-${deal.status}`} deal={deal} />
    </PageFrame>
  );
}

export default function MerchantDealPage({ id }: { id?: string }) {
  const { t } = useT('merchantDeal');
  const title = id ? t('dealPage.title') : t('dealPage.newTitle');
  useDocumentTitle(title);
  return <OwnerOnly title={title}>{id ? <ExistingDeal id={id} /> : <NewDeal />}</OwnerOnly>;
}
