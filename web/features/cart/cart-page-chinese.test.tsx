// @vitest-environment jsdom
// The cart in Chinese: once a reader chooses 简体中文, the cart page, its lines and the summary speak it, money as US$.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import { chooseLanguage } from '../../i18n';
import { addToCart } from '../../lib/cart-storage';
import { aDeal, aUser } from '../../test/fixtures';
import { json, renderScreen, stubApi } from '../../test/screens';
import CartPage from './cart-page';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const DEAL = aDeal({ id: 'd1', title: 'Premium Sushi Platter for 2', priceCents: 1999, originalPriceCents: 2999, maxPerUser: 4, remaining: 200 });

describe('CartPage in Chinese', () => {
  it('shows the cart, its line and the order summary in Chinese, with money as US$', async () => {
    stubApi({ 'GET /api/deals/d1': () => json(DEAL) });
    addToCart('d1', { title: DEAL.title, priceCents: DEAL.priceCents, originalPriceCents: DEAL.originalPriceCents, maxPerUser: 4, remaining: 200 }, 2);
    await act(() => chooseLanguage('zh-CN'));
    renderScreen(<CartPage />, { user: aUser(), path: '/cart' });

    expect(await screen.findByRole('heading', { level: 1, name: '购物车' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: /^商品 ?（2）$/ })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Premium Sushi Platter for 2 的数量' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '移除 Premium Sushi Platter for 2' })).toBeTruthy();
    expect(screen.getByText('每人限购 4 份')).toBeTruthy();

    const summary = screen.getByRole('region', { name: '订单摘要' });
    expect(within(summary).getByText('商品（2 件）')).toBeTruthy();
    expect(within(summary).getByText('合计').nextElementSibling?.textContent).toBe('US$39.98');
    expect(within(summary).getByText('为您节省').nextElementSibling?.textContent).toBe('−US$20.00');
    expect(within(summary).getByRole('button', { name: '立即结账' })).toBeTruthy();
    expect(document.title).toContain('购物车');
  });

  it('keeps today\'s English texts while no language is chosen', async () => {
    stubApi({ 'GET /api/deals/d1': () => json(DEAL) });
    addToCart('d1', { title: DEAL.title, priceCents: DEAL.priceCents }, 1);
    renderScreen(<CartPage />, { user: aUser(), path: '/cart' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Items (1)' })).toBeTruthy();
    expect(screen.getByText('Items (1 unit)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Checkout Now' })).toBeTruthy();
  });
});
