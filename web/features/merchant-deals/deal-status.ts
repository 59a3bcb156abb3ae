/**
 * How the merchant's screens name a deal's state. A published deal the marketplace switched off reads Unavailable, as
 * shoppers see it (docs/product/rules.md#deal-states). Only a draft or a rejected deal can still be changed.
 */
import type { DealStatus } from '../../../contract/deals';
import type { BadgeTone } from '../../components/ui/badge';
import type { DealState } from '../admin-catalog';

/** Each state's badge colour; its name is in the catalogue (merchant:dealStatus). */
export const MERCHANT_DEAL_TONES: Record<DealState, BadgeTone> = {
  draft: 'neutral',
  pending_review: 'warning',
  rejected: 'danger',
  listed: 'success',
  inactive: 'warning',
  archived: 'dark',
};

export function isEditable(deal: { status: DealStatus }): boolean {
  return deal.status === 'draft' || deal.status === 'rejected';
}
