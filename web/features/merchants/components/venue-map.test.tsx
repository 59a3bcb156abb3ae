// @vitest-environment jsdom
// The venue map: Leaflet (here a stand-in) draws the merchant's position; a tile that fails takes the map away and leaves
// the address and its "Open in maps" link.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import type { Merchant } from '../../../../contract/merchants';
import { failTile, leafletStandIn } from '../../../test/leaflet-stand-in';
import { aMerchant } from '../../../test/fixtures';
import { json, renderScreen, stubApi } from '../../../test/screens';
import { MerchantLocation } from './merchant-location';
import { mapsUrl, OpenInMapsLink, VenueMap } from './venue-map';

vi.mock('leaflet', () => import('../../../test/leaflet-stand-in'));

beforeEach(() => leafletStandIn.reset());

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const AT = { latitude: 37.7853, longitude: -122.4294 };
const ADDRESS = '128 Cherry Blossom Ave, San Francisco, CA';
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('mapsUrl', () => {
  it('points at the position when there is one, else searches for the address, else is null', () => {
    expect(mapsUrl({ ...AT, address: ADDRESS })).toBe('https://www.openstreetmap.org/?mlat=37.7853&mlon=-122.4294#map=17/37.7853/-122.4294');
    expect(mapsUrl({ latitude: null, longitude: null, address: '9 Garden Court, SF' })).toBe(
      'https://www.openstreetmap.org/search?query=9%20Garden%20Court%2C%20SF',
    );
    expect(mapsUrl({ latitude: null, longitude: null, address: '  ' })).toBeNull();
  });
});

describe('VenueMap', () => {
  it('draws the position with OpenStreetMap tiles and their attribution, as a labelled picture that takes no keyboard focus', async () => {
    render(<VenueMap {...AT} label={ADDRESS} />);
    const map = screen.getByRole('img', { name: `Map: ${ADDRESS}` });
    await waitFor(() => expect(leafletStandIn.maps).toHaveLength(1));
    expect(leafletStandIn.maps[0]?.element).toBe(map);
    expect(leafletStandIn.maps[0]?.options).toMatchObject({ center: [AT.latitude, AT.longitude], keyboard: false });
    expect(leafletStandIn.tiles).toEqual([
      {
        url: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
        attribution: expect.stringContaining('OpenStreetMap'),
        // OpenStreetMap wants to know the site asking (its origin), which the site's no-referrer policy would hide.
        referrerPolicy: 'strict-origin-when-cross-origin',
      },
    ]);
    expect(screen.getByRole('link', { name: 'OpenStreetMap' }).getAttribute('href')).toBe('https://www.openstreetmap.org/copyright');
    expect(map.closest('figure')?.className).toContain('print:hidden');
    expect(map.hasAttribute('tabindex')).toBe(false);
  });

  it('goes away, leaving no empty box, and takes the map down when a tile fails', async () => {
    const { container } = render(<VenueMap {...AT} label={ADDRESS} />);
    await waitFor(() => expect(leafletStandIn.tileError).not.toBeNull());
    failTile();
    expect(screen.queryByRole('img', { name: /^Map/ })).toBeNull();
    expect(container.innerHTML).toBe('');
    expect(leafletStandIn.removed).toBe(1);
  });

  it('loads Leaflet only when the map comes near the screen', async () => {
    let notify: ((entries: Array<{ isIntersecting: boolean }>) => void) | null = null;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: Array<{ isIntersecting: boolean }>) => void) {
          notify = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    render(<VenueMap {...AT} label={ADDRESS} />);
    await tick();
    expect(leafletStandIn.maps).toHaveLength(0);
    act(() => notify?.([{ isIntersecting: false }]));
    await tick();
    expect(leafletStandIn.maps).toHaveLength(0);
    act(() => notify?.([{ isIntersecting: true }]));
    await waitFor(() => expect(leafletStandIn.maps).toHaveLength(1));
  });

  it('draws nothing without a position, and never loads Leaflet', async () => {
    const { container } = render(<VenueMap latitude={null} longitude={null} label={ADDRESS} />);
    expect(container.innerHTML).toBe('');
    await tick();
    expect(leafletStandIn.maps).toHaveLength(0);
  });

  it('"Open in maps" links to the place, and is left out with neither position nor address', () => {
    const { rerender } = render(<OpenInMapsLink {...AT} address={ADDRESS} />);
    expect(screen.getByRole('link', { name: 'Open in maps' }).getAttribute('href')).toBe(mapsUrl({ ...AT, address: ADDRESS }));
    rerender(<OpenInMapsLink latitude={null} longitude={null} address="" />);
    expect(screen.queryByRole('link', { name: 'Open in maps' })).toBeNull();
  });
});

describe('MerchantLocation (the deal page\'s "Location", its map and link loaded on demand)', () => {
  const MERCHANT: Merchant = aMerchant({ id: 'm-sakura', name: 'Sakura Sushi House', phone: '5550100001', address: ADDRESS, city: 'San Francisco', ...AT });
  const FALLBACK = { name: 'Sakura Sushi House', ...AT };

  function renderLocation(merchant: Response) {
    stubApi({ 'GET /api/merchants/m-sakura': () => merchant });
    return renderScreen(<MerchantLocation merchantId="m-sakura" fallback={FALLBACK} />, { user: null, path: '/deal/d1' });
  }

  it("shows the merchant's map, address and Open in maps; a failing tile leaves the address and the link", async () => {
    renderLocation(json(MERCHANT));
    const location = await screen.findByRole('region', { name: 'Location' });
    expect(location.textContent).toContain(ADDRESS);
    expect(await screen.findByRole('img', { name: `Map: ${ADDRESS}` })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open in maps' }).getAttribute('href')).toBe(mapsUrl({ ...AT, address: ADDRESS }));

    await waitFor(() => expect(leafletStandIn.tileError).not.toBeNull());
    failTile();
    expect(screen.queryByRole('img', { name: /^Map/ })).toBeNull();
    expect(location.textContent).toContain(ADDRESS);
    expect(screen.getByRole('link', { name: 'Open in maps' })).toBeTruthy();
  });

  it('shows only the address and a search for it when the merchant has no position', async () => {
    renderLocation(json({ ...MERCHANT, latitude: null, longitude: null }));
    const location = await screen.findByRole('region', { name: 'Location' });
    expect(location.textContent).toContain(ADDRESS);
    expect((await screen.findByRole('link', { name: 'Open in maps' })).getAttribute('href')).toBe(
      `https://www.openstreetmap.org/search?query=${encodeURIComponent(ADDRESS)}`,
    );
    expect(screen.queryByRole('img', { name: /^Map/ })).toBeNull();
    await tick();
    expect(leafletStandIn.maps).toHaveLength(0);
  });

  it("falls back to the deal's copy of the position when the merchant cannot be read", async () => {
    renderLocation(json({ message: 'Merchant not found' }, 404));
    await screen.findByRole('region', { name: 'Location' });
    expect(await screen.findByRole('img', { name: 'Map: Sakura Sushi House' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open in maps' }).getAttribute('href')).toBe(mapsUrl({ ...AT, address: '' }));
  });

  it('shows nothing with neither an address nor a position', async () => {
    stubApi({ 'GET /api/merchants/m-sakura': () => json({ ...MERCHANT, address: '', latitude: null, longitude: null }) });
    const { queryClient } = renderScreen(<MerchantLocation merchantId="m-sakura" fallback={{ name: 'Sakura', latitude: null, longitude: null }} />, {
      user: null,
      path: '/deal/d1',
    });
    await waitFor(() => expect(queryClient.getQueryState(['/api/merchants', 'm-sakura'])?.status).toBe('success'));
    expect(screen.queryByRole('region', { name: 'Location' })).toBeNull();
  });
});
