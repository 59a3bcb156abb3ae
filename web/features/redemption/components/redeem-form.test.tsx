// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { REDEEM_REDIRECT_MS } from '../../../../contract/constants';
import { CUSTOMER_USER, MERCHANT_USER, renderScreen } from '../test-support';
import { RedeemForm } from './redeem-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function codeInput() {
  return screen.getByLabelText('Voucher Code') as HTMLInputElement;
}
function pinInput() {
  return screen.getByLabelText('PIN') as HTMLInputElement;
}
function redeemButton() {
  return screen.getByRole('button', { name: 'Redeem Voucher' });
}

describe('RedeemForm', () => {
  it('starts with the values it was given and cleans what is typed', () => {
    renderScreen(<RedeemForm user={MERCHANT_USER} initialCode="ABCD2345" initialPin="123456" />, { user: MERCHANT_USER, path: '/merchant/redeem' });
    expect(codeInput().value).toBe('ABCD2345');
    expect(pinInput().value).toBe('123456');
    fireEvent.change(codeInput(), { target: { value: 'wxyz6789abc' } });
    fireEvent.change(pinInput(), { target: { value: '9a8b7c6d5e4f3' } });
    expect(codeInput().value).toBe('WXYZ6789');
    expect(pinInput().value).toBe('987654');
  });

  it('asks for both fields before sending anything', () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    renderScreen(<RedeemForm user={MERCHANT_USER} initialCode="" initialPin="" />, { user: MERCHANT_USER, path: '/merchant/redeem' });
    fireEvent.click(redeemButton());
    expect(screen.getByText('Please enter the voucher code')).toBeTruthy();
    expect(screen.getByText('Please enter the PIN')).toBeTruthy();
    expect(codeInput().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(codeInput());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('answers an account without a merchant itself (docs/product/screens.md#redeem-vouchers)', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    renderScreen(<RedeemForm user={CUSTOMER_USER} initialCode="ABCD2345" initialPin="123456" />, { user: CUSTOMER_USER, path: '/merchant/redeem' });
    fireEvent.click(redeemButton());
    expect(await screen.findByText('Error: No merchantId bound to current account')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's refusal", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockResolvedValue(new Response(JSON.stringify({ ok: false, reason: 'Voucher already redeemed on Nov 22, 2026' }), { status: 409 })),
    );
    renderScreen(<RedeemForm user={MERCHANT_USER} initialCode="ABCD2345" initialPin="123456" />, { user: MERCHANT_USER, path: '/merchant/redeem' });
    fireEvent.click(redeemButton());
    expect(await screen.findByText('Error: Voucher already redeemed on Nov 22, 2026')).toBeTruthy();
    expect((redeemButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it('confirms a redemption with the deal and its value, then goes home after 1.5 s', async () => {
    const voucher = { voucherCode: 'ABCD2345', dealTitle: 'Premium Sushi Platter for 2', priceCents: 1999, redeemedAt: '2026-11-22T10:00:00.000Z' };
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(new Response(JSON.stringify({ ok: true, reason: null, voucher }), { status: 200 })));
    const { location } = renderScreen(<RedeemForm user={MERCHANT_USER} initialCode="ABCD2345" initialPin="123456" />, {
      user: MERCHANT_USER,
      path: '/merchant/redeem',
    });
    fireEvent.click(redeemButton());
    expect(await screen.findByText('Voucher redeemed successfully!')).toBeTruthy();
    const shownAt = Date.now();
    expect(screen.getByText('Premium Sushi Platter for 2')).toBeTruthy();
    expect(screen.getByText(/\$19\.99/)).toBeTruthy();
    expect(location.history.at(-1)).toBe('/merchant/redeem');
    await waitFor(() => expect(location.history.at(-1)).toBe('/'), { timeout: REDEEM_REDIRECT_MS + 1500 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(REDEEM_REDIRECT_MS - 200);
  });
});
