/** How deal management names a deal's state (docs/product/screens.md#deal-management, in Chinese) and which status changes it offers. */
import type { BadgeTone } from '../../components/ui/badge';
import type { DealStatus } from '../../../contract/deals';

/** A published deal is listed or switched off; the other states are the status itself (a merchant's proposal is under review or rejected). */
export type DealState = 'listed' | 'inactive' | 'draft' | 'pending_review' | 'rejected' | 'archived';

export function dealState(deal: { status: DealStatus; active: boolean }): DealState {
  if (deal.status === 'published') return deal.active ? 'listed' : 'inactive';
  return deal.status;
}

export const DEAL_STATE_BADGES: Record<DealState, { label: string; tone: BadgeTone }> = {
  listed: { label: '已上架', tone: 'success' },
  inactive: { label: '未激活', tone: 'warning' },
  draft: { label: '草稿', tone: 'neutral' },
  pending_review: { label: '待审核', tone: 'warning' },
  rejected: { label: '已驳回', tone: 'danger' },
  archived: { label: '已归档', tone: 'dark' },
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
    ? { change: UNPUBLISH, label: '下架', done: '已下架' }
    : { change: PUBLISH, label: '上架', done: '已上架' };
}
