import { describe, expect, it } from 'vitest';
import { ARCHIVE, DEAL_STATE_BADGES, dealState, publishToggle, PUBLISH, UNPUBLISH } from './deal-status';

describe('deal states', () => {
  it('names the states of docs/product/screens.md#deal-management, a merchant\'s proposals among them', () => {
    expect(dealState({ status: 'published', active: true })).toBe('listed');
    expect(dealState({ status: 'published', active: false })).toBe('inactive');
    expect(dealState({ status: 'draft', active: false })).toBe('draft');
    expect(dealState({ status: 'pending_review', active: false })).toBe('pending_review');
    expect(dealState({ status: 'rejected', active: false })).toBe('rejected');
    expect(dealState({ status: 'archived', active: false })).toBe('archived');
    expect(Object.values(DEAL_STATE_BADGES).map((b) => b.label)).toEqual(['已上架', '未激活', '草稿', '待审核', '已驳回', '已归档']);
  });

  it('offers unpublish on a listed deal and publish on every other', () => {
    expect(publishToggle('listed').change).toEqual({ status: 'draft', active: false });
    for (const state of ['inactive', 'draft', 'pending_review', 'rejected', 'archived'] as const) {
      expect(publishToggle(state).change).toEqual({ status: 'published', active: true });
    }
    expect(PUBLISH.active && !UNPUBLISH.active && !ARCHIVE.active).toBe(true);
  });
});
