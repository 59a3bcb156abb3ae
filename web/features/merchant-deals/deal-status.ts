/**
 * How the merchant's screens name a deal's state. A published deal the marketplace switched off reads Unavailable, as
 * shoppers see it (docs/product/rules.md#deal-states). Only a draft or a rejected deal can still be changed.
 */
import type { DealStatus } from '../../../contract/deals';
import type { BadgeTone } from '../../components/ui/badge';
import type { DealState } from '../admin-catalog';

export const MERCHANT_DEAL_BADGES: Record<DealState, { label: string; tone: BadgeTone }> = {
  draft: { label: 'Draft', tone: 'neutral' },
  pending_review: { label: 'Pending review', tone: 'warning' },
  rejected: { label: 'Rejected', tone: 'danger' },
  listed: { label: 'Published', tone: 'success' },
  inactive: { label: 'Unavailable', tone: 'warning' },
  archived: { label: 'Archived', tone: 'dark' },
};

export function isEditable(deal: { status: DealStatus }): boolean {
  return deal.status === 'draft' || deal.status === 'rejected';
}
