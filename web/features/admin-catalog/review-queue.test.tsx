// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import DealsPage from './deals-page';
import { anAdminDeal, json, renderScreen, stubApi } from './test-support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PROPOSAL = anAdminDeal({
  id: 'd7',
  title: 'Omakase counter for 2',
  status: 'pending_review',
  active: false,
  submittedAt: '2026-11-21T10:00:00.000Z',
  description: '<p>Twelve courses</p>',
});
const REJECTED = anAdminDeal({ id: 'd6', title: 'Sake flight', status: 'rejected', active: false, rejectionReason: '图片与商户不符' });
const QUEUE = 'GET /api/admin/deals?limit=20&status=pending_review';
const ALL = 'GET /api/admin/deals?limit=20';

describe('The review queue of deal management', () => {
  it('lists the proposals under review with their content, and badges the new states in the list of all deals', async () => {
    stubApi({ [QUEUE]: () => json([PROPOSAL]), [ALL]: () => json([PROPOSAL, REJECTED, anAdminDeal()]) });
    renderScreen(<DealsPage />, { path: '/admin/deals' });

    const queue = await screen.findByRole('region', { name: '审核队列' });
    const item = await within(queue).findByRole('article', { name: 'Omakase counter for 2' });
    expect(item.textContent).toContain('Sakura Sushi House');
    expect(item.textContent).toContain('$19.99');
    expect(item.textContent).toContain('提交于 2026-11-21');
    expect(item.querySelector('details')?.textContent).toContain('Twelve courses');

    const all = await screen.findByRole('list', { name: '团购列表' });
    const badges = within(all)
      .getAllByRole('article')
      .map((card) => card.querySelector('.badge')?.textContent);
    expect(badges).toEqual(['待审核', '已驳回', '已上架']);
    expect(within(all).getByRole('article', { name: 'Sake flight' }).textContent).toContain('驳回原因：图片与商户不符');
  });

  it('approves a proposal, and says when there is nothing to review', async () => {
    let queue = [PROPOSAL];
    const fetchMock = stubApi({
      [QUEUE]: () => json(queue),
      [ALL]: () => json([]),
      'POST /api/admin/deals/d7/approve': () => {
        queue = [];
        return json({ ...PROPOSAL, status: 'published', active: true });
      },
    });
    renderScreen(<DealsPage />, { path: '/admin/deals' });
    const item = await screen.findByRole('article', { name: 'Omakase counter for 2' });
    fireEvent.click(within(item).getByRole('button', { name: /^通过/ }));
    expect(await screen.findByText('暂无待审核的团购。')).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url]) => String(url))).toEqual(['/api/admin/deals/d7/approve']);
  });

  it('rejects a proposal only with a reason, which is sent to the merchant', async () => {
    let queue = [PROPOSAL];
    const fetchMock = stubApi({
      [QUEUE]: () => json(queue),
      [ALL]: () => json([]),
      'POST /api/admin/deals/d7/reject': () => {
        queue = [];
        return json({ ...PROPOSAL, status: 'rejected', rejectionReason: '请补充营业时间' });
      },
    });
    renderScreen(<DealsPage />, { path: '/admin/deals' });
    const item = await screen.findByRole('article', { name: 'Omakase counter for 2' });
    fireEvent.click(within(item).getByRole('button', { name: /^驳回/ }));

    const dialog = await screen.findByRole('dialog', { name: '驳回团购' });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认驳回' }));
    expect(await within(dialog).findByText('请填写驳回原因')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByRole('textbox', { name: '驳回原因' }), { target: { value: ' 请补充营业时间 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认驳回' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(String(post?.[0])).toBe('/api/admin/deals/d7/reject');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ reason: '请补充营业时间' });
    expect(await screen.findByText('暂无待审核的团购。')).toBeTruthy();
  });
});
