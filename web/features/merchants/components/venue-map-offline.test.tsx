// @vitest-environment jsdom
// The venue map when Leaflet itself cannot be loaded (its chunk fails to download): no map, no empty box, the link stays.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { aMerchant } from '../../../test/fixtures';
import { json, renderScreen, stubApi } from '../../../test/screens';
import { MerchantLocation } from './merchant-location';
import { VenueMap } from './venue-map';

vi.mock('leaflet', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('VenueMap without Leaflet', () => {
  it('takes its place away when the import fails', async () => {
    const { container } = render(<VenueMap latitude={37.7853} longitude={-122.4294} label="128 Cherry Blossom Ave" />);
    expect(screen.getByRole('img', { name: 'Map: 128 Cherry Blossom Ave' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('img', { name: /^Map/ })).toBeNull());
    expect(container.innerHTML).toBe('');
  });

  it("leaves the deal page's Location its address and Open in maps", async () => {
    stubApi({
      'GET /api/merchants/m1': () =>
        json(aMerchant()),
    });
    renderScreen(<MerchantLocation merchantId="m1" fallback={{ name: 'Sakura', latitude: null, longitude: null }} />, { user: null, path: '/deal/d1' });
    const location = await screen.findByRole('region', { name: 'Location' });
    const link = await screen.findByRole('link', { name: 'Open in maps' });
    await waitFor(() => expect(screen.queryByRole('img', { name: /^Map/ })).toBeNull());
    expect(location.textContent).toContain('128 Cherry Blossom Ave');
    expect(link.getAttribute('href')).toBe(
      'https://www.openstreetmap.org/?mlat=37.7853&mlon=-122.4294#map=17/37.7853/-122.4294',
    );
  });
});
