/** How deal management names a deal's state (docs/product/screens.md#deal-management, in Chinese) and which status changes it offers. */
import type { BadgeTone } from '../../components/ui/badge';
import type { DealStatus } from '../../../contract/deals';
import { translate } from '../../i18n';

/** A published deal is listed or switched off; the other states are the status itself (a merchant's proposal is under review or rejected). */
export type DealState = 'listed' | 'inactive' | 'draft' | 'pending_review' | 'rejected' | 'archived';

export function dealState(deal: { status: DealStatus; active: boolean }): DealState {
  if (deal.status === 'published') return deal.active ? 'listed' : 'inactive';
  return deal.status;
}

/** A badge's label is read when it is shown, so it follows the language chosen meanwhile. */
function badge(tone: BadgeTone, label: () => string): { readonly label: string; tone: BadgeTone } {
  return {
    tone,
    get label() {
      return label();
    },
  };
}

export const DEAL_STATE_BADGES: Record<DealState, { readonly label: string; tone: BadgeTone }> = {
  listed: badge('success', () => translate('admin:dealState.listed')),
  inactive: badge('warning', () => translate('admin:dealState.inactive')),
  draft: badge('neutral', () => translate('admin:dealState.draft')),
  pending_review: badge('warning', () => translate('admin:dealState.pendingReview')),
  rejected: badge('danger', () => translate('admin:dealState.rejected')),
  archived: badge('dark', () => translate('admin:dealState.archived')),
};

export interface StatusChange {
  status: DealStatus;
  active: boolean;
}

/** docs/product/rules.md#deal-states: publishing lists the deal; unpublishing a listed deal takes it back to an inactive draft. */
export const PUBLISH: StatusChange = { status: 'published', active: true };
export const UNPUBLISH: StatusChange = { status: 'draft', active: false };
/** Archiving hides the deal from shoppers and keeps its vouchers valid (ADR 019). */
export const ARCHIVE: StatusChange = { status: 'archived', active: false };

/** The toggle a row shows: 下架 for a listed deal, 上架 for every other state (for a proposal under review, the same as approving it). */
export function publishToggle(state: DealState): { change: StatusChange; label: string; done: string } {
  return state === 'listed'
    ? { change: UNPUBLISH, label: translate('admin:dealActions.unpublish'), done: translate('admin:dealActions.unpublished') }
    : { change: PUBLISH, label: translate('admin:dealActions.publish'), done: translate('admin:dealActions.published') };
}
