// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { aUser } from '../../test/fixtures';
import MerchantDealsPage from './merchant-deals-page';
import { aMerchantDeal, json, renderScreen, STAFF, stubApi } from './test-support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Merchant deals', () => {
  it('lists the own deals with price and state, says why one was rejected, and opens the changeable ones for editing', async () => {
    stubApi({
      'GET /api/merchant/deals': () =>
        json([
          aMerchantDeal({ id: 'd5', title: 'Omakase counter', status: 'rejected', rejectionReason: 'The picture shows another restaurant.' }),
          aMerchantDeal({ id: 'd4', title: 'Lunch set', status: 'pending_review', submittedAt: '2026-11-21T10:00:00.000Z' }),
          aMerchantDeal({ id: 'd3', title: 'Sake tasting', status: 'draft', priceCents: 2500, originalPriceCents: null }),
          aMerchantDeal({ id: 'd2', title: 'Sushi platter', status: 'published', active: true }),
          aMerchantDeal({ id: 'd1', title: 'Old menu', status: 'archived' }),
        ]),
    });
    renderScreen(<MerchantDealsPage />, { path: '/merchant/deals' });

    expect(screen.getByRole('heading', { level: 1, name: 'Deals' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /New deal/ })[0]!.getAttribute('href')).toBe('/merchant/deals/new');
    const list = await screen.findByRole('list', { name: 'Your deals' });
    const cards = within(list).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Omakase counter', 'Lunch set', 'Sake tasting', 'Sushi platter', 'Old menu']);
    expect(cards.map((card) => card.querySelector('.badge')?.textContent)).toEqual(['Rejected', 'Pending review', 'Draft', 'Published', 'Archived']);

    const rejected = screen.getByRole('article', { name: 'Omakase counter' });
    expect(rejected.textContent).toContain('The picture shows another restaurant.');
    expect(within(rejected).getByRole('link', { name: 'Edit Omakase counter' }).getAttribute('href')).toBe('/merchant/deals/d5');
    expect(within(screen.getByRole('article', { name: 'Sake tasting' })).getByRole('link', { name: 'Edit Sake tasting' })).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Sake tasting' }).textContent).toContain('$25.00');
    expect(within(screen.getByRole('article', { name: 'Lunch set' })).getByRole('link', { name: 'View Lunch set' })).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Lunch set' }).textContent).toContain('Submitted Nov 21, 2026');
    expect(within(screen.getByRole('article', { name: 'Sushi platter' })).getByRole('link', { name: 'View Sushi platter' })).toBeTruthy();
  });

  it('invites the first deal when there is none', async () => {
    stubApi({ 'GET /api/merchant/deals': () => json([]) });
    renderScreen(<MerchantDealsPage />, { path: '/merchant/deals' });
    expect(await screen.findByRole('heading', { name: 'No deals yet' })).toBeTruthy();
  });

  it('is the owner account\'s: staff are told so, guests asked to log in as a merchant, and nothing is asked of the server', () => {
    const fetchMock = stubApi({});
    renderScreen(<MerchantDealsPage />, { path: '/merchant/deals', user: STAFF });
    expect(screen.getByText('Only the owner account can see this.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Redeem Vouchers' }).getAttribute('href')).toBe('/merchant/redeem');
    cleanup();

    renderScreen(<MerchantDealsPage />, { path: '/merchant/deals', user: null });
    expect(screen.getByRole('heading', { level: 1, name: 'Deals' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Merchant Login' }).getAttribute('href')).toBe('/merchant/login');
    cleanup();

    renderScreen(<MerchantDealsPage />, { path: '/merchant/deals', user: aUser() });
    expect(screen.getByText('This page is for merchant accounts.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
