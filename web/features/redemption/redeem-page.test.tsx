// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import RedeemPage from './redeem-page';
import { MERCHANT_USER, STAFF_USER, renderScreen, stubCounter } from './test-support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const listReads = (fetchMock: ReturnType<typeof stubCounter>) => fetchMock.mock.calls.filter(([url]) => String(url) === '/api/merchant/redemptions?limit=10').length;

describe('RedeemPage (docs/product/screens.md#redeem-vouchers)', () => {
  it('asks guests to log in as a merchant', () => {
    renderScreen(<RedeemPage />, { user: null, path: '/merchant/redeem' });
    expect(screen.getByText('Please log in as a merchant to redeem vouchers.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Merchant Login' }).getAttribute('href')).toBe('/merchant/login');
  });

  it.each([
    ['an owner', MERCHANT_USER],
    ['staff', STAFF_USER],
  ])('lets %s check, confirm and redeem, then lists the redemption with its Undo', async (_who, user) => {
    const fetchMock = stubCounter();
    renderScreen(<RedeemPage />, { user, path: '/merchant/redeem' });
    expect(screen.getByRole('heading', { level: 1, name: 'Redeem Vouchers' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Scan QR Code' }).getAttribute('href')).toBe('/merchant/scan');
    expect(await screen.findByText('No redemptions yet. Redeemed vouchers will show up here.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Voucher Code'), { target: { value: 'abcd2345' } });
    fireEvent.change(screen.getByLabelText('PIN'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check voucher' }));
    expect(await screen.findByText('No end date')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm redemption' }));

    expect(await screen.findByText('Voucher redeemed successfully!')).toBeTruthy();
    expect((screen.getByLabelText('Voucher Code') as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(listReads(fetchMock)).toBe(2));
    const recent = screen.getByRole('region', { name: 'Recent Redemptions' });
    expect(await within(recent).findByRole('button', { name: 'Undo ABCD2345' })).toBeTruthy();
    expect(within(recent).getByText('Redeemed')).toBeTruthy();
  });
});
