/** A merchant's deal's state as its own screens name it: the deal list, the deal page and the home's figures. */
import type { DealStatus } from '../../../../contract/deals';
import { Badge } from '../../../components/ui/badge';
import { useT } from '../../../i18n';
import { dealState, type DealState } from '../../admin-catalog';
import { MERCHANT_DEAL_TONES } from '../deal-status';

export function MerchantDealStatusBadge({ deal }: { deal: { status: DealStatus; active: boolean } }) {
  const { t } = useT('merchant');
  const state = dealState(deal);
  const labels: Record<DealState, string> = {
    draft: t('dealStatus.draft'),
    pending_review: t('dealStatus.pendingReview'),
    rejected: t('dealStatus.rejected'),
    listed: t('dealStatus.listed'),
    inactive: t('dealStatus.inactive'),
    archived: t('dealStatus.archived'),
  };
  return <Badge tone={MERCHANT_DEAL_TONES[state]}>{labels[state]}</Badge>;
}
