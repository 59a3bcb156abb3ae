// @vitest-environment jsdom
// The group page in Chinese: once a reader chooses 简体中文, the group's state, places, clock and buttons speak it, money as US$.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import { chooseLanguage } from '../../i18n';
import { aGroup, aUser } from '../../test/fixtures';
import { json, renderScreen, stubApi } from '../../test/screens';
import GroupPage from './group-page';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('The group page in Chinese', () => {
  it('shows the group, its places, the time left and Join in Chinese, with money as US$', async () => {
    const group = aGroup();
    stubApi({ [`GET /api/groups/${group.id}`]: () => json(group) });
    await act(() => chooseLanguage('zh-CN'));
    renderScreen(<GroupPage id={group.id} />, { user: aUser(), path: `/group/${group.id}` });

    const section = await screen.findByRole('region', { name: '拼团' });
    expect(screen.getByText('3 人团')).toBeTruthy();
    expect(screen.getByText('拼团价：').parentElement!.textContent).toContain('原价 US$19.99');
    expect(within(section).getByRole('status').textContent).toBe('还差 2 人');
    expect(within(section).getByText('还剩 2 个名额')).toBeTruthy();
    expect(within(section).getByRole('list', { name: '拼团成员' }).textContent).toBe('AL成员 AL空位空位');
    const timer = within(section).getByRole('timer');
    expect(timer.parentElement!.textContent).toMatch(/^\d:\d{2}:\d{2}后截止$/);
    expect(within(section).getByRole('button', { name: '以 US$14.99 参团' })).toBeTruthy();
    expect(within(section).getByRole('button', { name: '分享' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '查看团购' })).toBeTruthy();
    expect(document.title).toBe('拼团：Premium Sushi Platter for 2 · DealMarket');
  });

  it('offers a new group in Chinese once the group did not fill', async () => {
    const group = aGroup({ status: 'failed', mine: 'refunded' });
    stubApi({ [`GET /api/groups/${group.id}`]: () => json(group) });
    await act(() => chooseLanguage('zh-CN'));
    renderScreen(<GroupPage id={group.id} />, { user: aUser(), path: `/group/${group.id}` });

    const section = await screen.findByRole('region', { name: '拼团' });
    expect(within(section).getByRole('status').textContent).toBe('此拼团未能按时拼满，拼团失败，所有已支付的成员都会获得退款。');
    expect(within(section).getByText('您支付的款项已退款。')).toBeTruthy();
    expect(within(section).getByRole('button', { name: '发起新拼团 US$14.99' })).toBeTruthy();
    expect(within(section).getByText('3 人拼团 · 24 小时内拼满')).toBeTruthy();
  });
});
