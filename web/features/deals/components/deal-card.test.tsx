// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { CurrentUser } from '../../../../contract/auth';
import type { Deal } from '../../../../contract/deals';
import { createQueryClient } from '../../../lib/query-client';
import { chooseLanguage } from '../../../i18n';
import { aDeal, aUser } from '../../../test/fixtures';
import { dealCardActions } from '../../../app/shopper-slots';
import { currentUserQueryKey } from '../../auth';
import { DealCard } from './deal-card';

function buildDeal(overrides: Partial<Deal> = {}): Deal {
  return aDeal({ description: '<p>Platter</p>', imageUrl: '/images/deals/sushi-platter.svg', ...overrides });
}

function renderCard(deal: Deal, eager = false, user?: CurrentUser | null) {
  const queryClient = createQueryClient();
  if (user !== undefined) queryClient.setQueryData(currentUserQueryKey, user);
  return render(
    <QueryClientProvider client={queryClient}>
      <DealCard deal={deal} eager={eager} actions={dealCardActions} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('DealCard', () => {
  it('shows the real price, original price, saving and counts (ADR 011)', () => {
    renderCard(buildDeal({ boughtCount: 12 }));
    expect(screen.getByRole('heading', { name: 'Premium Sushi Platter for 2' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Premium Sushi Platter for 2' }).getAttribute('href')).toBe('/deal/592483c2-9f60-4fb7-b253-6afba1684388');
    expect(screen.getByText('$29.99').tagName).toBe('S');
    // Each amount is read with what it is.
    expect(screen.getByText('$19.99').parentElement?.textContent).toBe('Price:$19.99Original price:$29.99');
    expect(screen.getByText('Save 33%')).toBeTruthy();
    expect(screen.getByText('12 bought')).toBeTruthy();
    expect(screen.getByText('Valid for 30 days')).toBeTruthy();
    expect(screen.getByText('Available')).toBeTruthy();
    expect(screen.getByText('Sakura Sushi House')).toBeTruthy();
  });

  it('shows no struck-through price or saving without an original price', () => {
    renderCard(buildDeal({ originalPriceCents: null, discountPercent: null }));
    expect(screen.queryByText(/Save/)).toBeNull();
    expect(document.querySelector('s')).toBeNull();
    expect(screen.getByText('New deal')).toBeTruthy();
  });

  it('marks unavailable and sold-out deals and states an end date', () => {
    renderCard(buildDeal({ active: false, soldOut: true, validUntil: '2026-12-31T12:00:00.000Z' }));
    expect(screen.getByText('Unavailable')).toBeTruthy();
    expect(screen.getByText('Sold Out')).toBeTruthy();
    expect(screen.getByText('Valid until Dec 31, 2026')).toBeTruthy();
  });

  it('never calls a sold-out deal available, even while it is switched on', () => {
    renderCard(buildDeal({ active: true, soldOut: true, remaining: 0 }));
    expect(screen.getByText('Sold Out')).toBeTruthy();
    expect(screen.queryByText('Available')).toBeNull();
    expect(screen.getByText('Unavailable')).toBeTruthy();
  });

  it('sizes the image, lazy-loads it below the first row and falls back to the placeholder', () => {
    renderCard(buildDeal());
    const image = screen.getByRole('img', { name: 'Premium Sushi Platter for 2' });
    expect(image.getAttribute('width')).toBe('400');
    expect(image.getAttribute('height')).toBe('300');
    expect(image.getAttribute('loading')).toBe('lazy');
    fireEvent.error(image);
    expect(image.getAttribute('src')).toBe('/api/placeholder/400/300');
  });

  it('uses the bundled image for the three named demo titles when imageUrl is empty, eager in the first row', () => {
    renderCard(buildDeal({ imageUrl: '' }), true);
    const image = screen.getByRole('img', { name: 'Premium Sushi Platter for 2' });
    expect(image.getAttribute('src')).toBe('/images/deals/sushi-platter.svg');
    expect(image.getAttribute('loading')).toBe('eager');
  });

  it.each([
    ['guests', null],
    ['customers', aUser()],
  ])('lets %s add the deal to the cart', (_who, user) => {
    renderCard(buildDeal(), false, user);
    expect(screen.getByRole('button', { name: 'Add to Cart: Premium Sushi Platter for 2' })).toBeTruthy();
    expect(screen.queryByText(/cannot buy deals/)).toBeNull();
  });

  it.each([
    ['merchant', aUser({ role: 'merchant', merchantId: 'm1', merchantRole: 'owner' }), 'Merchant accounts cannot buy deals'],
    ['superadmin', aUser({ role: 'superadmin' }), 'Admin accounts cannot buy deals'],
  ])('tells a %s account it cannot buy, with no Add to Cart or heart', (_who, user, note) => {
    renderCard(buildDeal(), false, user);
    expect(screen.getByText(note)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Add to Cart/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /favorites/ })).toBeNull();
  });

  it('shows stars and the review count only when the deal has reviews', () => {
    renderCard(buildDeal({ rating: 4.6, reviewCount: 12 }));
    expect(screen.getByText('Rated 4.6 out of 5 from 12 reviews')).toBeTruthy();
    expect(screen.getByText((_, node) => node?.getAttribute('aria-hidden') === 'true' && node.textContent === '4.6 ★ (12)')).toBeTruthy();
    cleanup();
    renderCard(buildDeal({ rating: 0, reviewCount: 0 }));
    expect(screen.queryByText(/Rated|★/)).toBeNull();
    expect(screen.queryByText(/^0 /)).toBeNull();
  });

  it('says how few are left from 10 units down, and nothing above that', () => {
    renderCard(buildDeal({ remaining: 3 }));
    expect(screen.getByText('Only 3 left')).toBeTruthy();
    cleanup();
    renderCard(buildDeal({ remaining: 11 }));
    expect(screen.queryByText(/Only \d+ left/)).toBeNull();
  });

  it('shows the category, the city and, when sorted by distance, how far the merchant is', () => {
    renderCard(buildDeal({ category: { slug: 'food', name: 'Food', icon: 'utensils' }, city: 'San Francisco', distanceKm: 0.35 }));
    expect(screen.getByText('Food')).toBeTruthy();
    expect(screen.getByText('San Francisco · 350 m')).toBeTruthy();
  });

  describe('a deal sold to groups too', () => {
    const GROUP_DEAL = { groupSize: 3, groupPriceCents: 1200, groupWindowHours: 24 };

    it('shows the group price and size beside the price, read with it, and how many groups are open', () => {
      renderCard(buildDeal({ ...GROUP_DEAL, openGroupCount: 2 }));
      const tag = screen.getByText('3-person group', { exact: false });
      expect(tag.textContent).toBe('3-person group $12.00');
      // On the price's row, after the usual and the former price.
      expect(screen.getByText('$19.99').parentElement?.textContent).toBe('Price:$19.99Original price:$29.993-person group $12.00');
      expect(screen.getByText('2 open groups')).toBeTruthy();
    });

    it('says one open group in the singular, and nothing about open groups when there are none', () => {
      renderCard(buildDeal({ ...GROUP_DEAL, openGroupCount: 1 }));
      expect(screen.getByText('1 open group')).toBeTruthy();
      cleanup();
      renderCard(buildDeal({ ...GROUP_DEAL, openGroupCount: 0 }));
      expect(screen.getByText('3-person group', { exact: false })).toBeTruthy();
      expect(screen.queryByText(/open group/)).toBeNull();
    });

    it('shows neither for a deal without a group offer', () => {
      renderCard(buildDeal({ openGroupCount: 3 }));
      expect(screen.queryByText(/group/i)).toBeNull();
      expect(screen.getByText('$19.99').parentElement?.textContent).toBe('Price:$19.99Original price:$29.99');
    });

    it('says it in Chinese', async () => {
      await act(() => chooseLanguage('zh-CN'));
      renderCard(buildDeal({ ...GROUP_DEAL, openGroupCount: 2 }));
      expect(screen.getByText('3人拼团', { exact: false }).textContent).toBe('3人拼团 US$12.00');
      expect(screen.getByText('2个拼团进行中')).toBeTruthy();
    });
  });

  describe('countdown', () => {
    const now = Date.parse('2026-11-27T10:00:00.000Z');
    const HOUR = 3_600_000;
    const endingIn = (ms: number) => buildDeal({ validUntil: new Date(now + ms).toISOString() });

    it('counts down a deal ending within 72 hours, once a minute', () => {
      vi.useFakeTimers({ now, toFake: ['Date', 'setInterval', 'clearInterval'] });
      renderCard(endingIn(3 * HOUR + 12 * 60_000 + 30_000));
      expect(screen.getByText('Ends in 3h 12m')).toBeTruthy();
      act(() => vi.advanceTimersByTime(60_000));
      expect(screen.getByText('Ends in 3h 11m')).toBeTruthy();
    });

    it('starts at 72 hours: exactly 72 is counted, a minute more shows the end date and runs no timer', () => {
      vi.useFakeTimers({ now, toFake: ['Date', 'setInterval', 'clearInterval'] });
      renderCard(endingIn(72 * HOUR));
      expect(screen.getByText('Ends in 3d 0h')).toBeTruthy();
      cleanup();
      expect(vi.getTimerCount()).toBe(0);
      renderCard(endingIn(72 * HOUR + 60_000));
      expect(screen.queryByText(/Ends in/)).toBeNull();
      expect(screen.getByText('Valid until Nov 30, 2026')).toBeTruthy();
      expect(vi.getTimerCount()).toBe(0);
    });

    it('stops when the deal has ended', () => {
      vi.useFakeTimers({ now, toFake: ['Date', 'setInterval', 'clearInterval'] });
      renderCard(endingIn(90_000));
      expect(screen.getByText('Ends in 1m')).toBeTruthy();
      act(() => vi.advanceTimersByTime(120_000));
      expect(screen.queryByText(/Ends in/)).toBeNull();
      expect(vi.getTimerCount()).toBe(0);
    });
  });
});
