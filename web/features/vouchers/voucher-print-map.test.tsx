// @vitest-environment jsdom
// Where to use a voucher on its printable page: the merchant's map on screen (Leaflet here a stand-in), the address and
// "Open in maps"; once a tile fails only the address and the link remain, and print keeps the address only.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { aUser, aVoucher } from '../../test/fixtures';
import { failTile, leafletStandIn } from '../../test/leaflet-stand-in';
import { json, renderScreen, stubApi } from '../../test/screens';
import VoucherPrintPage from './voucher-print-page';

vi.mock('leaflet', () => import('../../test/leaflet-stand-in'));

beforeEach(() => leafletStandIn.reset());

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ADDRESS = '88 Willow Lane, Springfield';

function renderPrint(voucher = aVoucher({ id: 'v1', merchantLatitude: 37.7502, merchantLongitude: -122.4337 })) {
  stubApi({ [`GET /api/user/vouchers/${voucher.id}`]: () => json(voucher) });
  return renderScreen(<VoucherPrintPage id={voucher.id} />, { user: aUser(), path: `/my/vouchers/${voucher.id}/print` });
}

describe('VoucherPrintPage: where to go', () => {
  it('shows the map on screen only, the address and Open in maps, and the address alone once the tiles fail', async () => {
    renderPrint();
    const map = await screen.findByRole('img', { name: `Map: ${ADDRESS}` });
    expect(map.closest('figure')?.className).toContain('print:hidden');
    const link = screen.getByRole('link', { name: 'Open in maps' });
    expect(link.getAttribute('href')).toBe('https://www.openstreetmap.org/?mlat=37.7502&mlon=-122.4337#map=17/37.7502/-122.4337');
    expect(link.closest('.print\\:hidden')).not.toBeNull();

    await waitFor(() => expect(leafletStandIn.tileError).not.toBeNull());
    failTile();
    expect(screen.queryByRole('img', { name: /^Map/ })).toBeNull();
    expect(screen.getByText(ADDRESS)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open in maps' })).toBeTruthy();
  });

  it('shows the address and a search for it, with no map, for a merchant without a position', async () => {
    renderPrint(aVoucher({ id: 'v2' }));
    expect(await screen.findByText(ADDRESS)).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Open in maps' })).getAttribute('href')).toBe(
      `https://www.openstreetmap.org/search?query=${encodeURIComponent(ADDRESS)}`,
    );
    expect(screen.queryByRole('img', { name: /^Map/ })).toBeNull();
    expect(leafletStandIn.maps).toHaveLength(0);
  });

  it('links a merchant with a position but no address to its place, under the map', async () => {
    renderPrint(aVoucher({ id: 'v3', merchantAddress: '', merchantLatitude: 37.7502, merchantLongitude: -122.4337 }));
    expect(await screen.findByRole('img', { name: 'Map: Serenity Day Spa' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open in maps' }).getAttribute('href')).toBe(
      'https://www.openstreetmap.org/?mlat=37.7502&mlon=-122.4337#map=17/37.7502/-122.4337',
    );
  });
});
