// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Category } from '../../../contract/categories';
import type { Deal } from '../../../contract/deals';
import { dealCardActions } from '../../app/shopper-slots';
import { aDeal } from '../../test/fixtures';
import { json, renderScreen } from '../../test/screens';
import { HomePage } from './home-page';

const CATEGORIES: Category[] = [
  { id: 'c1', slug: 'food', name: 'Food', icon: 'utensils', position: 1, dealCount: 12 },
  { id: 'c2', slug: 'spa-beauty', name: 'Spa & Beauty', icon: 'not-drawn', position: 2, dealCount: 1 },
];

/** Answers GET /api/categories and GET /api/deals (with `deals` whatever the parameters), recording the list's parameters. */
function stubDiscovery(deals: Deal[] = [aDeal()]) {
  const listCalls: URLSearchParams[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/categories') return json(CATEGORIES);
    if (url.pathname === '/api/deals') {
      listCalls.push(url.searchParams);
      return json(deals);
    }
    return new Response('not stubbed', { status: 599 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return listCalls;
}

const lastList = (calls: URLSearchParams[]) => Object.fromEntries(calls.at(-1) ?? []);
const renderHome = (path = '/') => renderScreen(<HomePage cardActions={dealCardActions} />, { user: null, path });
/** Presses Filter and waits for the panel, whose code loads on that first press. */
async function openFilters(): Promise<HTMLElement> {
  fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
  return screen.findByRole('dialog', { name: 'Filter deals' }, { timeout: 5_000 });
}
const address = (location: { history?: string[] }) => location.history?.at(-1);

/** A browser whose position request answers with this (a position, or an error code: 1 refused, 2 unavailable). */
function stubGeolocation(answer: { latitude: number; longitude: number } | { code: number }) {
  const getCurrentPosition = vi.fn((success: PositionCallback, failure?: PositionErrorCallback | null) => {
    if ('code' in answer) failure?.({ code: answer.code, message: 'no', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError);
    else success({ coords: answer, timestamp: Date.now() } as unknown as GeolocationPosition);
  });
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  return getCurrentPosition;
}

beforeEach(() => {
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'geolocation');
});

describe('home: category strip', () => {
  it('links All and each category with its count, marks the one in the address and lists only its deals', async () => {
    const calls = stubDiscovery();
    renderHome('/?category=food');
    const strip = await screen.findByRole('navigation', { name: 'Categories' });
    const food = await within(strip).findByRole('link', { name: /Food/ });
    expect(food.getAttribute('href')).toBe('/?category=food');
    expect(food.getAttribute('aria-current')).toBe('page');
    expect(food.textContent).toContain('12');
    expect(within(strip).getByRole('link', { name: 'All' }).getAttribute('href')).toBe('/');
    expect(within(strip).getByRole('link', { name: /Spa & Beauty/ }).getAttribute('href')).toBe('/?category=spa-beauty');
    await waitFor(() => expect(lastList(calls)).toMatchObject({ category: 'food', limit: '24' }));
    // The chip names the category, and removing it lists everything again.
    fireEvent.click(await screen.findByRole('button', { name: 'Food (remove filter)' }));
    await waitFor(() => expect(lastList(calls).category).toBeUndefined());
  });
});

describe('home: filter panel', () => {
  it('applies category, price in cents, rating and order to the address and the request, shown as removable chips', async () => {
    const calls = stubDiscovery();
    const { location } = renderHome('/?q=sushi');
    const dialog = await openFilters();
    await within(dialog).findByRole('option', { name: 'Food' });
    fireEvent.change(within(dialog).getByLabelText('Category'), { target: { value: 'food' } });
    fireEvent.change(within(dialog).getByLabelText('Min price ($)'), { target: { value: '10' } });
    fireEvent.change(within(dialog).getByLabelText('Max price ($)'), { target: { value: '49.99' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: '4 stars and up' }));
    fireEvent.change(within(dialog).getByLabelText('Sort by'), { target: { value: 'price_asc' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply filters' }));

    await waitFor(() => expect(address(location)).toBe('/?q=sushi&category=food&minPrice=10&maxPrice=49.99&minRating=4&sort=price_asc'));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() =>
      expect(lastList(calls)).toEqual({ limit: '24', q: 'sushi', category: 'food', minPriceCents: '1000', maxPriceCents: '4999', minRating: '4', sort: 'price_asc' }),
    );
    const chips = screen.getByRole('list', { name: 'Active filters' });
    expect(within(chips).getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Food(remove filter)',
      '$10.00 – $49.99(remove filter)',
      '4+ stars(remove filter)',
      'Sorted: Price low to high(remove filter)',
    ]);

    fireEvent.click(within(chips).getByRole('button', { name: '4+ stars (remove filter)' }));
    await waitFor(() => expect(address(location)).toBe('/?q=sushi&category=food&minPrice=10&maxPrice=49.99&sort=price_asc'));
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(address(location)).toBe('/?q=sushi'));
    // The plain search's list is still in the cache from the first visit.
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Active filters' })).toBeNull());
    expect(calls.map((c) => Object.fromEntries(c))[0]).toEqual({ limit: '24', q: 'sushi' });
  });

  it('refuses a max price below the min price, on the field, with focus there', async () => {
    stubDiscovery();
    const { location } = renderHome();
    const dialog = await openFilters();
    fireEvent.change(within(dialog).getByLabelText('Min price ($)'), { target: { value: '50' } });
    fireEvent.change(within(dialog).getByLabelText('Max price ($)'), { target: { value: '20' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply filters' }));
    const max = within(dialog).getByLabelText('Max price ($)');
    await waitFor(() => expect(document.activeElement).toBe(max));
    expect(max.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText('The max price must not be below the min price')).toBeTruthy();
    expect(address(location)).toBe('/');
  });

  it('says when nothing matches, with Clear filters', async () => {
    stubDiscovery([]);
    const { location } = renderHome('/?maxPrice=1');
    expect(await screen.findByRole('heading', { name: 'No deals match these filters' })).toBeTruthy();
    const clearButtons = screen.getAllByRole('button', { name: 'Clear filters' });
    fireEvent.click(clearButtons.at(-1)!);
    await waitFor(() => expect(address(location)).toBe('/'));
  });
});

describe('home: near me', () => {
  it('sorts by distance from the browser position, rounded to 3 decimals, and shows the distance on the cards', async () => {
    const calls = stubDiscovery([aDeal({ city: 'San Francisco', distanceKm: 0.35 })]);
    const asked = stubGeolocation({ latitude: 37.774929, longitude: -122.419416 });
    const { location } = renderHome();
    fireEvent.click(screen.getByRole('button', { name: 'Near me' }));
    await waitFor(() => expect(address(location)).toBe('/?sort=nearest&lat=37.775&lng=-122.419'));
    expect(asked).toHaveBeenCalledOnce();
    await waitFor(() => expect(lastList(calls)).toMatchObject({ sort: 'nearest', lat: '37.775', lng: '-122.419' }));
    expect(await screen.findByText('San Francisco · 350 m')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Near me' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('asks for the position when Nearest is chosen in the panel', async () => {
    stubDiscovery();
    stubGeolocation({ latitude: 51.5, longitude: -0.12 });
    const { location } = renderHome('/?category=food');
    const dialog = await openFilters();
    fireEvent.change(within(dialog).getByLabelText('Sort by'), { target: { value: 'nearest' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(address(location)).toBe('/?category=food&sort=nearest&lat=51.5&lng=-0.12'));
  });

  it.each([
    ['refused', 1, 'Location access was not allowed, so the deals keep their previous order.'],
    ['unavailable', 2, 'Your location is not available right now, so the deals keep their previous order.'],
  ])('keeps the previous order and says so politely when the position is %s', async (_case, code, message) => {
    const calls = stubDiscovery();
    stubGeolocation({ code });
    const { location } = renderHome('/?sort=price_desc');
    await waitFor(() => expect(lastList(calls).sort).toBe('price_desc'));
    fireEvent.click(screen.getByRole('button', { name: 'Near me' }));
    const status = await screen.findByText(message);
    expect(status.getAttribute('role')).toBe('status');
    expect(address(location)).toBe('/?sort=price_desc');
    expect(lastList(calls).sort).toBe('price_desc');
  });

  it('says so when the browser has no geolocation at all', async () => {
    stubDiscovery();
    renderHome();
    fireEvent.click(screen.getByRole('button', { name: 'Near me' }));
    expect(await screen.findByText(/Your location is not available right now/)).toBeTruthy();
  });
});
