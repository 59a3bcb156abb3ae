// @vitest-environment jsdom
// The store page: its name, rating, "open now", hours, live deals with the sort, and the not-found state, in English and Chinese.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Deal } from '../../../contract/deals';
import type { PublicMerchant } from '../../../contract/merchants';
import { NEXT_CURSOR_HEADER } from '../../../contract/constants';
import { chooseLanguage } from '../../i18n';
import { aDeal, aMerchant } from '../../test/fixtures';
import { json, renderScreen } from '../../test/screens';
import { dealCardActions } from '../../app/shopper-slots';
import StorePage from './store-page';

const ID = '5b1e7c3a-2f4d-4e6a-8b9c-0d1e2f3a4b5c';

function aStore(overrides: Partial<PublicMerchant> = {}): PublicMerchant {
  return {
    ...aMerchant({ id: ID, name: 'Sakura Sushi', description: 'Fresh fish daily.\nCounter seats only.', phone: '+14155550123', city: 'San Francisco' }),
    businessHours: JSON.stringify({ morning: '11:00-14:00', evening: '17:00-21:00' }),
    photoUrls: [],
    timeZone: 'America/Los_Angeles',
    openNow: true,
    openUntil: '14:00',
    opensAt: null,
    localTime: '12:30',
    rating: 4.3,
    reviewCount: 12,
    ...overrides,
  };
}

/** Answers the merchant and its deals' list (by sort and cursor); records the lists asked for. */
function stubStore(store: PublicMerchant | null, pages: Record<string, { deals: Deal[]; next?: string }>) {
  const asked: string[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === `/api/merchants/${ID}`) return store ? json(store) : json({ message: 'Merchant not found' }, 404);
    if (url.pathname === '/api/deals') {
      expect(url.searchParams.get('merchantId')).toBe(ID);
      const key = `${url.searchParams.get('sort') ?? 'newest'}${url.searchParams.get('cursor') ? `+${url.searchParams.get('cursor')}` : ''}`;
      asked.push(key);
      const page = pages[key] ?? { deals: [] };
      return new Response(JSON.stringify(page.deals), {
        status: 200,
        headers: { 'content-type': 'application/json', ...(page.next ? { [NEXT_CURSOR_HEADER]: page.next } : {}) },
      });
    }
    return new Response('not stubbed', { status: 599 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return asked;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const sushi = aDeal({ id: 'd1', title: 'Premium Sushi Platter for 2', merchantId: ID, merchantName: 'Sakura Sushi' });
const ramen = aDeal({ id: 'd2', title: 'Ramen for Two', merchantId: ID, merchantName: 'Sakura Sushi', priceCents: 1200 });
const bento = aDeal({ id: 'd3', title: 'Bento Box', merchantId: ID, merchantName: 'Sakura Sushi', priceCents: 900 });

describe('The store page', () => {
  it('shows the store, its rating, open now, its hours in its zone and its live deals', async () => {
    const asked = stubStore(aStore(), { newest: { deals: [sushi, ramen], next: 'c1' }, 'newest+c1': { deals: [bento] }, price_asc: { deals: [bento, ramen, sushi] } });
    renderScreen(<StorePage id={ID} cardActions={dealCardActions} />, { user: null, path: `/store/${ID}` });

    expect(await screen.findByRole('heading', { level: 1, name: 'Sakura Sushi' })).toBeTruthy();
    expect(document.title).toBe('Sakura Sushi · DealMarket');
    expect(screen.getByRole('img', { name: 'Rated 4.3 out of 5 from 12 reviews' })).toBeTruthy();
    expect(screen.getAllByText('Open now · until 14:00').length).toBeGreaterThan(0);
    const hours = screen.getByRole('region', { name: 'Opening hours' });
    expect(within(hours).getByText('Morning').nextSibling?.textContent).toBe('11:00-14:00');
    expect(within(hours).getByText('Evening').nextSibling?.textContent).toBe('17:00-21:00');
    expect(within(hours).getByText(/^Times in /).textContent).toMatch(/Pacific/);
    // Plain text as the merchant wrote it, its line kept.
    expect(screen.getByRole('region', { name: 'About the store' }).querySelector('p')?.textContent).toBe('Fresh fish daily.\nCounter seats only.');

    const deals = screen.getByRole('region', { name: 'Deals at this store' });
    expect(await within(deals).findByRole('link', { name: 'Premium Sushi Platter for 2' })).toBeTruthy();
    expect(within(deals).getByRole('link', { name: 'Ramen for Two' }).getAttribute('href')).toBe('/deal/d2');
    // The cards do not link back to the store they are on.
    expect(within(deals).queryByRole('link', { name: 'Sakura Sushi' })).toBeNull();
    // Until the store has photos, the gallery shows its deals' pictures.
    expect(screen.getByRole('region', { name: 'Photos' }).querySelector('img')?.getAttribute('alt')).toBe('Sakura Sushi: photo 1 of 2');

    fireEvent.click(within(deals).getByRole('button', { name: 'Load more' }));
    expect(await within(deals).findByRole('link', { name: 'Bento Box' })).toBeTruthy();

    fireEvent.change(within(deals).getByLabelText('Sort by'), { target: { value: 'price_asc' } });
    await waitFor(() => expect(asked).toContain('price_asc'));
    await waitFor(() => expect(within(deals).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Bento Box', 'Ramen for Two', 'Premium Sushi Platter for 2']));
  });

  it('says when a closed store opens, and that it has no live deals', async () => {
    stubStore(aStore({ openNow: false, openUntil: null, opensAt: '17:00', rating: null, reviewCount: 0, description: '' }), { newest: { deals: [] } });
    renderScreen(<StorePage id={ID} cardActions={dealCardActions} />, { user: null, path: `/store/${ID}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sakura Sushi' })).toBeTruthy();
    expect(screen.getAllByText('Closed · opens 17:00').length).toBeGreaterThan(0);
    expect(screen.getByText('No reviews yet')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'No live deals right now' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'About the store' })).toBeNull();
  });

  it('shows Store Not Found for a store shoppers cannot see', async () => {
    stubStore(null, {});
    renderScreen(<StorePage id={ID} cardActions={dealCardActions} />, { user: null, path: `/store/${ID}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Store Not Found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse deals' }).getAttribute('href')).toBe('/');
    expect(document.title).toBe('Store Not Found · DealMarket');
  });

  it('speaks Chinese once chosen', async () => {
    stubStore(aStore({ openNow: false, openUntil: null, opensAt: '17:00' }), { newest: { deals: [sushi] } });
    await act(() => chooseLanguage('zh-CN'));
    renderScreen(<StorePage id={ID} cardActions={dealCardActions} />, { user: null, path: `/store/${ID}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sakura Sushi' })).toBeTruthy();
    expect(screen.getAllByText('休息中 · 17:00 开门').length).toBeGreaterThan(0);
    expect(screen.getByRole('region', { name: '营业时间' })).toBeTruthy();
    expect(screen.getByText('上午')).toBeTruthy();
    expect(screen.getByRole('img', { name: '评分 4.3（满分 5 分），共 12 条评价' })).toBeTruthy();
    const deals = screen.getByRole('region', { name: '该门店的团购' });
    expect(within(deals).getByLabelText('排序方式')).toBeTruthy();
    expect(await within(deals).findByRole('link', { name: 'Premium Sushi Platter for 2' })).toBeTruthy();
  });

  it('is Store Not Found in Chinese too', async () => {
    stubStore(null, {});
    await act(() => chooseLanguage('zh-CN'));
    renderScreen(<StorePage id={ID} cardActions={dealCardActions} />, { user: null, path: `/store/${ID}` });
    expect(await screen.findByRole('heading', { level: 1, name: '找不到该门店' })).toBeTruthy();
  });
});
