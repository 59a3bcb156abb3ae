/** A merchant's deal's state as its own screens name it: the deal list, the deal page and the home's figures. */
import type { DealStatus } from '../../../../contract/deals';
import { Badge } from '../../../components/ui/badge';
import { dealState } from '../../admin-catalog';
import { MERCHANT_DEAL_BADGES } from '../deal-status';

export function MerchantDealStatusBadge({ deal }: { deal: { status: DealStatus; active: boolean } }) {
  const badge = MERCHANT_DEAL_BADGES[dealState(deal)];
  return <Badge tone={badge.tone}>{badge.label}</Badge>;
}
