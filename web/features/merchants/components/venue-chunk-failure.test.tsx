// @vitest-environment jsdom
// The map's own code cannot be downloaded (a network blip): the deal page's Location and the printable voucher keep the
// address they show themselves, without a map or a failure of the page.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { aMerchant } from '../../../test/fixtures';
import { json, renderScreen, stubApi } from '../../../test/screens';
import { MerchantLocation } from './merchant-location';
import { VoucherVenue } from './voucher-venue';

vi.mock('./venue-map', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the venue map when its code cannot be loaded', () => {
  it("leaves the deal page's Location its address", async () => {
    stubApi({
      'GET /api/merchants/m1': () =>
        json(aMerchant()),
    });
    renderScreen(<MerchantLocation merchantId="m1" fallback={{ name: 'Sakura', latitude: null, longitude: null }} />, { user: null, path: '/deal/d1' });
    const location = await screen.findByRole('region', { name: 'Location' });
    await tick();
    await tick();
    expect(location.textContent).toContain('128 Cherry Blossom Ave');
    expect(screen.queryByRole('img', { name: /^Map/ })).toBeNull();
  });

  it('renders nothing on the printable voucher, whose address is printed above it', async () => {
    const { container } = render(<VoucherVenue merchantName="Sakura" address="128 Cherry Blossom Ave" latitude={37.7853} longitude={-122.4294} />);
    await tick();
    await tick();
    expect(container.textContent).toBe('');
  });
});
