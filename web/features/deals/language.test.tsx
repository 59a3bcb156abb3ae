// @vitest-environment jsdom
// Home and the deal cards in Chinese: once a reader chooses 简体中文 the hero, the list's status, the category strip, the
// filters and each card speak it, money as US$; choosing it while the page is shown changes the texts at once.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { Category } from '../../../contract/categories';
import type { Deal } from '../../../contract/deals';
import { chooseLanguage, i18next } from '../../i18n';
import { setChosenLanguage } from '../../i18n/languages';
import { aDeal } from '../../test/fixtures';
import { json, renderScreen } from '../../test/screens';
import { HomePage } from './home-page';

const CATEGORIES: Category[] = [{ id: 'c1', slug: 'food', name: 'Food', icon: 'utensils', position: 1, dealCount: 12 }];

function stubDiscovery(deals: Deal[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/categories') return json(CATEGORIES);
      if (url.pathname === '/api/deals') return json(deals);
      return new Response('not stubbed', { status: 599 });
    }),
  );
}

const card = (title: string) => screen.getByRole('heading', { level: 3, name: title }).closest('article')!;

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  setChosenLanguage(null);
  await i18next.changeLanguage('spec');
  document.documentElement.lang = 'en';
  window.history.replaceState(null, '', '/');
});

describe('home in Chinese', () => {
  it('shows the hero, the list, the category strip and the cards in Chinese, with money as US$', async () => {
    stubDiscovery([
      aDeal({ boughtCount: 1234, rating: 4.6, reviewCount: 12, remaining: 3, city: 'San Francisco', distanceKm: 1.24 }),
      aDeal({ id: 'd2', title: 'Luxury Spa Day Package', originalPriceCents: null, discountPercent: null, active: false, validUntil: '2026-12-31T12:00:00.000Z' }),
    ]);
    await act(() => chooseLanguage('zh-CN'));
    renderScreen(<HomePage />, { user: null, path: '/' });

    expect(screen.getByRole('heading', { level: 1, name: '花更少，体验更多精彩' })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: '搜索优惠' }).getAttribute('placeholder')).toBe('寿司、水疗、瑜伽、商家名称…');
    expect(screen.getByRole('heading', { level: 2, name: '精选优惠' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '附近' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '筛选' })).toBeTruthy();
    const strip = await screen.findByRole('navigation', { name: '类别' });
    expect(within(strip).getByRole('link', { name: '全部' })).toBeTruthy();
    expect(within(strip).getByText('（12 个优惠）')).toBeTruthy();

    const sushi = await screen.findByRole('heading', { level: 3, name: 'Premium Sushi Platter for 2' }).then(() => card('Premium Sushi Platter for 2'));
    expect(await screen.findByText('共 2 个优惠')).toBeTruthy();
    expect(within(sushi).getByText('省 33%')).toBeTruthy();
    expect(within(sushi).getByText('US$19.99')).toBeTruthy();
    expect(within(sushi).getByText('US$29.99').tagName).toBe('S');
    expect(within(sushi).getByText('价格：')).toBeTruthy();
    expect(within(sushi).getByText('已售 1,234')).toBeTruthy();
    expect(within(sushi).getByText('有效期 30 天')).toBeTruthy();
    expect(within(sushi).getByText('仅剩 3 份')).toBeTruthy();
    expect(within(sushi).getByText('San Francisco · 1.2 公里')).toBeTruthy();
    expect(within(sushi).getByText('评分 4.6（满分 5 分），共 12 条评价')).toBeTruthy();
    expect(within(sushi).getByText('可购买')).toBeTruthy();
    expect(within(sushi).getByRole('button', { name: '加入收藏' })).toBeTruthy();

    const spa = card('Luxury Spa Day Package');
    expect(within(spa).getByText('新上架')).toBeTruthy();
    expect(within(spa).getByText('有效期至 2026年12月31日')).toBeTruthy();
    expect(within(spa).getByText('不可购买')).toBeTruthy();
    expect(within(spa).queryByText(/省/)).toBeNull();
  });

  it('shows the filter panel and the chips in Chinese', async () => {
    stubDiscovery([aDeal()]);
    await act(() => chooseLanguage('zh-CN'));
    renderScreen(<HomePage />, { user: null, path: '/?maxPrice=40&sort=price_asc' });

    const chips = await screen.findByRole('list', { name: '当前筛选条件' });
    expect(within(chips).getAllByRole('button').map((b) => b.textContent)).toEqual(['最高 US$40.00（移除筛选）', '排序：价格从低到高（移除筛选）']);
    fireEvent.click(screen.getByRole('button', { name: '筛选' }));
    const dialog = await screen.findByRole('dialog', { name: '筛选优惠' }, { timeout: 5_000 });
    expect(within(dialog).getByLabelText('最高价（美元）')).toBeTruthy();
    expect(within(dialog).getByRole('radio', { name: '4 星及以上' })).toBeTruthy();
    expect(within(dialog).getByRole('option', { name: '价格从低到高' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: '应用筛选' })).toBeTruthy();
  });

  it('changes the texts at once when Chinese is chosen on the page, and back to English', async () => {
    stubDiscovery([aDeal({ boughtCount: 12 })]);
    renderScreen(<HomePage />, { user: null, path: '/' });
    const sushi = await screen.findByRole('heading', { level: 3, name: 'Premium Sushi Platter for 2' }).then(() => card('Premium Sushi Platter for 2'));
    expect(screen.getByRole('heading', { level: 2, name: 'Featured Deals' })).toBeTruthy();
    expect(within(sushi).getByText('$19.99')).toBeTruthy();
    expect(within(sushi).getByText('12 bought')).toBeTruthy();

    await act(() => chooseLanguage('zh-CN'));
    expect(screen.getByRole('heading', { level: 2, name: '精选优惠' })).toBeTruthy();
    expect(within(sushi).getByText('US$19.99')).toBeTruthy();
    expect(within(sushi).getByText('已售 12')).toBeTruthy();
    expect(within(sushi).getByText('有效期 30 天')).toBeTruthy();

    await act(() => chooseLanguage('en'));
    expect(screen.getByRole('heading', { level: 2, name: 'Featured Deals' })).toBeTruthy();
    expect(within(sushi).getByText('$19.99')).toBeTruthy();
    expect(within(sushi).getByText('Valid for 30 days')).toBeTruthy();
  });
});
