// @vitest-environment jsdom
// Home, the deal cards and the deal page in Chinese: once a reader chooses 简体中文 the hero, the list's status, the
// category strip, the filters, each card and the deal page speak it, money as US$; choosing it while the page is shown
// changes the texts at once.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { Category } from '../../../contract/categories';
import type { Deal, ReviewSummary } from '../../../contract/deals';
import { dealPageActions } from '../../app/deal-screen';
import { dealCardActions } from '../../app/shopper-slots';
import { chooseLanguage } from '../../i18n';
import { aDeal, aUser } from '../../test/fixtures';
import { json, renderScreen, stubApi } from '../../test/screens';
import DealPage from './deal-page';
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
  window.history.replaceState(null, '', '/');
});

describe('home in Chinese', () => {
  it('shows the hero, the list, the category strip and the cards in Chinese, with money as US$', async () => {
    stubDiscovery([
      aDeal({ boughtCount: 1234, rating: 4.6, reviewCount: 12, remaining: 3, city: 'San Francisco', distanceKm: 1.24 }),
      aDeal({ id: 'd2', title: 'Luxury Spa Day Package', originalPriceCents: null, discountPercent: null, active: false, validUntil: '2026-12-31T12:00:00.000Z' }),
    ]);
    await act(() => chooseLanguage('zh-CN'));
    renderScreen(<HomePage cardActions={dealCardActions} />, { user: null, path: '/' });

    expect(screen.getByRole('heading', { level: 1, name: '花更少，体验更多精彩' })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: '搜索团购' }).getAttribute('placeholder')).toBe('寿司、水疗、瑜伽、商家名称…');
    expect(screen.getByRole('heading', { level: 2, name: '精选团购' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '附近' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '筛选' })).toBeTruthy();
    const strip = await screen.findByRole('navigation', { name: '分类' });
    expect(within(strip).getByRole('link', { name: '全部' })).toBeTruthy();
    expect(within(strip).getByText('（12 个团购）')).toBeTruthy();

    const sushi = await screen.findByRole('heading', { level: 3, name: 'Premium Sushi Platter for 2' }).then(() => card('Premium Sushi Platter for 2'));
    expect(await screen.findByText('共 2 个团购')).toBeTruthy();
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
    renderScreen(<HomePage cardActions={dealCardActions} />, { user: null, path: '/?maxPrice=40&sort=price_asc' });

    const chips = await screen.findByRole('list', { name: '当前筛选条件' });
    expect(within(chips).getAllByRole('button').map((b) => b.textContent)).toEqual(['最高 US$40.00（移除筛选）', '排序：价格从低到高（移除筛选）']);
    fireEvent.click(screen.getByRole('button', { name: '筛选' }));
    const dialog = await screen.findByRole('dialog', { name: '筛选团购' }, { timeout: 5_000 });
    expect(within(dialog).getByLabelText('最高价（美元）')).toBeTruthy();
    expect(within(dialog).getByRole('radio', { name: '4 星及以上' })).toBeTruthy();
    expect(within(dialog).getByRole('option', { name: '价格从低到高' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: '应用筛选' })).toBeTruthy();
  });

  it('changes the texts at once when Chinese is chosen on the page, and back to English', async () => {
    stubDiscovery([aDeal({ boughtCount: 12 })]);
    renderScreen(<HomePage cardActions={dealCardActions} />, { user: null, path: '/' });
    const sushi = await screen.findByRole('heading', { level: 3, name: 'Premium Sushi Platter for 2' }).then(() => card('Premium Sushi Platter for 2'));
    expect(screen.getByRole('heading', { level: 2, name: 'Featured Deals' })).toBeTruthy();
    expect(within(sushi).getByText('$19.99')).toBeTruthy();
    expect(within(sushi).getByText('12 bought')).toBeTruthy();

    await act(() => chooseLanguage('zh-CN'));
    expect(screen.getByRole('heading', { level: 2, name: '精选团购' })).toBeTruthy();
    expect(within(sushi).getByText('US$19.99')).toBeTruthy();
    expect(within(sushi).getByText('已售 12')).toBeTruthy();
    expect(within(sushi).getByText('有效期 30 天')).toBeTruthy();

    await act(() => chooseLanguage('en'));
    expect(screen.getByRole('heading', { level: 2, name: 'Featured Deals' })).toBeTruthy();
    expect(within(sushi).getByText('$19.99')).toBeTruthy();
    expect(within(sushi).getByText('Valid for 30 days')).toBeTruthy();
  });
});

describe('the deal page in Chinese', () => {
  const DAY = 24 * 3_600_000;
  const REVIEWS: ReviewSummary = {
    average: 4.5,
    count: 2,
    distribution: [0, 0, 0, 1, 1],
    reviews: [{ id: 'r1', userName: 'Grace H.', userAvatar: 'GH', rating: 5, comment: 'Lovely evening', date: new Date(Date.now() - 3 * DAY).toISOString(), verified: true }],
  };

  it('shows the photos, the purchase box, the details, the reviews, the location and the merchant in Chinese, with money as US$', async () => {
    const deal = aDeal({ boughtCount: 12, soldTodayCount: 2, remaining: 3, groupSize: 3, groupPriceCents: 1499, groupWindowHours: 24, galleryUrls: ['/images/deals/spa-day.svg'] });
    stubApi({
      [`GET /api/deals/${deal.id}`]: () => json(deal),
      [`GET /api/deals/${deal.id}/reviews`]: () => json(REVIEWS),
      [`GET /api/deals/${deal.id}/groups`]: () => json([]),
      [`GET /api/merchants/${deal.merchantId}`]: () =>
        json({ id: deal.merchantId, name: deal.merchantName, description: '', address: '128 Cherry Blossom Ave', phone: '5550100001', status: 'active', businessHours: '{"morning":"9:00-12:00"}', city: null, latitude: null, longitude: null, createdAt: '2026-01-01T00:00:00.000Z' }),
    });
    await act(() => chooseLanguage('zh-CN'));
    renderScreen(<DealPage id={deal.id} actions={dealPageActions} />, { user: aUser(), path: `/deal/${deal.id}` });

    expect(await screen.findByRole('heading', { level: 1, name: 'Premium Sushi Platter for 2' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回' })).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: '面包屑导航' })).getByRole('link', { name: '团购' })).toBeTruthy();
    expect(screen.getByRole('group', { name: '照片' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '下一张' })).toBeTruthy();
    expect(screen.getByAltText('Premium Sushi Platter for 2，第 2 张，共 2 张')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: '选择照片' })).getByRole('button', { name: '第 1 张，共 2 张' })).toBeTruthy();
    const purchase = screen.getByRole('region', { name: '购买' });
    expect(within(purchase).getByText('省 33%')).toBeTruthy();
    expect(within(purchase).getByText('US$29.99').tagName).toBe('S');
    expect(within(purchase).getByText(/^立省/).textContent).toBe('立省 US$10.00');
    expect(within(purchase).getByText(/人拼团$/).textContent).toBe('或 US$14.99/人，3 人拼团');
    expect(within(purchase).getByText('数量')).toBeTruthy();
    expect(within(purchase).getByRole('button', { name: '发起拼团 US$14.99' })).toBeTruthy();
    expect(within(purchase).getByText(/今日已售/).textContent).toBe('今日已售 2 · 累计已售 12');
    expect(within(purchase).getByText('购买后 30 天内有效')).toBeTruthy();
    expect(await within(purchase).findByText('暂无进行中的拼团。发起一个，把链接分享给朋友吧。')).toBeTruthy();

    expect(screen.getByRole('heading', { name: '团购信息' })).toBeTruthy();
    expect(screen.getByText('拼团价', { selector: 'dt' }).nextElementSibling?.textContent).toBe('US$14.99/人，3 人拼团，24 小时内拼满');
    expect(screen.getByText('剩余', { selector: 'dt' }).nextElementSibling?.textContent).toBe('剩余 3 份');
    expect(screen.getByText('限购', { selector: 'dt' }).nextElementSibling?.textContent).toBe('每位顾客最多 4 份');
    expect(screen.getByText('状态', { selector: 'dt' }).nextElementSibling?.textContent).toBe('可购买');
    expect(screen.getByRole('heading', { name: '条款和条件' })).toBeTruthy();

    const reviews = screen.getByRole('region', { name: '评价' });
    expect(await within(reviews).findByText('2 条评价')).toBeTruthy();
    expect(within(reviews).getByRole('img', { name: '平均评分 4.5（满分 5 分）' })).toBeTruthy();
    expect(within(reviews).getByText('已到店验证')).toBeTruthy();
    expect(within(reviews).getByText(/3 天前$/)).toBeTruthy();

    const location = await screen.findByRole('region', { name: '位置' });
    expect(within(location).getByText('128 Cherry Blossom Ave')).toBeTruthy();
    expect(await within(location).findByRole('link', { name: '在地图中打开' })).toBeTruthy();

    const merchant = screen.getByRole('region', { name: '商家信息' });
    expect(await within(merchant).findByText('上午')).toBeTruthy();
    expect(within(merchant).getByRole('link', { name: '555 010 0001' })).toBeTruthy();
    expect(document.title).toBe('Premium Sushi Platter for 2 · DealMarket');
  });
});
