// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { REDEMPTION_UNDO_MINUTES } from '../../../../contract/constants';
import { CUSTOMER_USER, MERCHANT_USER, renderScreen } from '../test-support';
import { RedeemForm } from './redeem-form';
import { undoTimeLeft } from './undo-offer';

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

  it('confirms a redemption with the deal and its value, stays, and clears the form for the next customer', async () => {
    const voucher = { voucherCode: 'ABCD2345', dealTitle: 'Premium Sushi Platter for 2', priceCents: 1999, redeemedAt: '2026-11-22T10:00:00.000Z' };
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(new Response(JSON.stringify({ ok: true, reason: null, voucher }), { status: 200 })));
    const { location } = renderScreen(<RedeemForm user={MERCHANT_USER} initialCode="ABCD2345" initialPin="123456" />, {
      user: MERCHANT_USER,
      path: '/merchant/redeem',
    });
    fireEvent.click(redeemButton());
    expect(await screen.findByText('Voucher redeemed successfully!')).toBeTruthy();
    expect(screen.getByText('Premium Sushi Platter for 2')).toBeTruthy();
    expect(screen.getByText(/\$19\.99/)).toBeTruthy();
    // Without the voucher's id in the answer there is nothing to undo by.
    expect(screen.queryByRole('button', { name: /^Undo/ })).toBeNull();
    // The screen stays for the next customer: no move away, even after a while.
    await new Promise((resolve) => setTimeout(resolve, 1_700));
    expect(location.history?.at(-1)).toBe('/merchant/redeem');

    fireEvent.click(screen.getByRole('button', { name: 'Redeem another voucher' }));
    expect(codeInput().value).toBe('');
    expect(pinInput().value).toBe('');
    expect(document.activeElement).toBe(codeInput());
    expect(screen.queryByText('Voucher redeemed successfully!')).toBeNull();
    expect(redeemButton()).toBeTruthy();
  });
});

describe('Undo of a redemption', () => {
  const justNow = () => new Date(Date.now() - 60_000).toISOString();

  function stubRedeemThenUndo(undo: () => Response) {
    const fetchMock = vi.fn<typeof fetch>(async (input) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/api/redeem') {
        const voucher = { voucherId: 'v-1', voucherCode: 'ABCD2345', dealTitle: 'Premium Sushi Platter for 2', priceCents: 1999, redeemedAt: justNow() };
        return new Response(JSON.stringify({ ok: true, reason: null, voucher }), { status: 200 });
      }
      if (path === '/api/merchant/redemptions/v-1/undo') return undo();
      return new Response('[]', { status: 200 });
    });
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  it('offers Undo with the code after a success; pressing it makes the voucher active again and the form usable', async () => {
    const fetchMock = stubRedeemThenUndo(
      () => new Response(JSON.stringify({ voucherId: 'v-1', voucherCode: 'ABCD2345', status: 'active', undoneAt: new Date().toISOString() }), { status: 200 }),
    );
    renderScreen(<RedeemForm user={MERCHANT_USER} initialCode="ABCD2345" initialPin="123456" />, { user: MERCHANT_USER, path: '/merchant/redeem' });
    fireEvent.click(redeemButton());
    const undo = await screen.findByRole('button', { name: 'Undo ABCD2345' });
    expect(screen.getByText(`Redeemed by mistake? You can undo it for ${REDEMPTION_UNDO_MINUTES} minutes.`)).toBeTruthy();

    fireEvent.click(undo);
    expect(await screen.findByText('Redemption undone: the voucher is active again')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Undo ABCD2345' })).toBeNull();
    expect(screen.queryByText('Voucher redeemed successfully!')).toBeNull();
    expect((redeemButton() as HTMLButtonElement).disabled).toBe(false);
    const call = fetchMock.mock.calls.find(([url]) => String(url) === '/api/merchant/redemptions/v-1/undo');
    expect(call?.[1]?.method).toBe('POST');
  });

  it("keeps the offer through the next customer's form and shows the server's refusal", async () => {
    stubRedeemThenUndo(() => new Response(JSON.stringify({ message: 'The time to undo this redemption has passed' }), { status: 409 }));
    renderScreen(<RedeemForm user={MERCHANT_USER} initialCode="ABCD2345" initialPin="123456" />, { user: MERCHANT_USER, path: '/merchant/redeem' });
    fireEvent.click(redeemButton());
    await screen.findByRole('button', { name: 'Undo ABCD2345' });
    fireEvent.click(screen.getByRole('button', { name: 'Redeem another voucher' }));
    fireEvent.click(screen.getByRole('button', { name: 'Undo ABCD2345' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The time to undo this redemption has passed');
  });

  it('counts the undo time from the redemption', () => {
    const at = '2026-11-22T10:00:00.000Z';
    const start = Date.parse(at);
    expect(undoTimeLeft(at, start)).toBe(REDEMPTION_UNDO_MINUTES * 60_000);
    expect(undoTimeLeft(at, start + REDEMPTION_UNDO_MINUTES * 60_000 - 1)).toBe(1);
    expect(undoTimeLeft(at, start + REDEMPTION_UNDO_MINUTES * 60_000)).toBe(0);
    expect(undoTimeLeft('not a date', start)).toBe(REDEMPTION_UNDO_MINUTES * 60_000);
  });

  it('offers nothing for a redemption older than the undo time', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => {
        const voucher = { voucherId: 'v-1', voucherCode: 'ABCD2345', dealTitle: 'Sushi', priceCents: 1999, redeemedAt: new Date(Date.now() - (REDEMPTION_UNDO_MINUTES + 1) * 60_000).toISOString() };
        return new Response(JSON.stringify({ ok: true, reason: null, voucher }), { status: 200 });
      }),
    );
    renderScreen(<RedeemForm user={MERCHANT_USER} initialCode="ABCD2345" initialPin="123456" />, { user: MERCHANT_USER, path: '/merchant/redeem' });
    fireEvent.click(redeemButton());
    expect(await screen.findByText('Voucher redeemed successfully!')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Undo/ })).toBeNull();
  });
});
