// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { RedemptionPreview } from '../../../../contract/workspace';
import { scanHandoffState } from '../scan-handoff';
import { CUSTOMER_USER, MERCHANT_USER, renderScreen } from '../test-support';
import { RedeemForm } from './redeem-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '');
});

const PREVIEW: RedemptionPreview = {
  voucherId: 'v-1',
  voucherCode: 'ABCD2345',
  dealTitle: 'Premium Sushi Platter for 2',
  priceCents: 1999,
  phoneMasked: '•••• 4567',
  validUntil: '2026-12-31T12:00:00.000Z',
};

const REDEEMED = { voucherId: 'v-1', voucherCode: 'ABCD2345', dealTitle: 'Premium Sushi Platter for 2', priceCents: 1999, redeemedAt: '2026-11-22T10:00:00.000Z' };

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

/** Answers the check and the redemption as given; the recent list is empty. */
function stubServer({ preview = () => json(PREVIEW), redeem = () => json({ ok: true, reason: null, voucher: REDEEMED }) }: { preview?: () => Response; redeem?: () => Response } = {}) {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === '/api/merchant/redemptions/preview') return preview();
    if (path === '/api/redeem') return redeem();
    return json([]);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const callsTo = (fetchMock: ReturnType<typeof stubServer>, path: string) => fetchMock.mock.calls.filter(([url]) => String(url) === path);

function codeInput() {
  return screen.getByLabelText('Voucher Code') as HTMLInputElement;
}
function pinInput() {
  return screen.getByLabelText('PIN') as HTMLInputElement;
}
function checkButton() {
  return screen.getByRole('button', { name: 'Check voucher' });
}

function renderForm(options: { code?: string; pin?: string; user?: typeof MERCHANT_USER; path?: string } = {}) {
  const user = options.user ?? MERCHANT_USER;
  return renderScreen(<RedeemForm user={user} initialCode={options.code ?? 'ABCD2345'} initialPin={options.pin ?? '123456'} />, {
    user,
    path: options.path ?? '/merchant/redeem',
  });
}

describe('RedeemForm: code and PIN', () => {
  it('starts with the values it was given and cleans what is typed', () => {
    renderForm();
    expect(codeInput().value).toBe('ABCD2345');
    expect(pinInput().value).toBe('123456');
    fireEvent.change(codeInput(), { target: { value: 'wxyz6789abc' } });
    fireEvent.change(pinInput(), { target: { value: '9a8b7c6d5e4f3' } });
    expect(codeInput().value).toBe('WXYZ6789');
    expect(pinInput().value).toBe('987654');
  });

  it('asks for both fields before sending anything', () => {
    const fetchMock = stubServer();
    renderForm({ code: '', pin: '' });
    fireEvent.click(checkButton());
    expect(screen.getByText('Please enter the voucher code')).toBeTruthy();
    expect(screen.getByText('Please enter the PIN')).toBeTruthy();
    expect(codeInput().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(codeInput());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('answers an account without a merchant itself (docs/product/screens.md#redeem-vouchers)', async () => {
    const fetchMock = stubServer();
    renderForm({ user: CUSTOMER_USER });
    expect(screen.getByText(/This account is not bound to a merchant/)).toBeTruthy();
    fireEvent.click(checkButton());
    expect(await screen.findByText('Error: No merchantId bound to current account')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of the check and keeps the values", async () => {
    const fetchMock = stubServer({ preview: () => json({ ok: false, reason: 'Incorrect PIN (4 attempts left)', message: 'Incorrect PIN (4 attempts left)' }, 400) });
    renderForm({ pin: '000000' });
    fireEvent.click(checkButton());
    expect(await screen.findByText('Error: Incorrect PIN (4 attempts left)')).toBeTruthy();
    expect(codeInput().value).toBe('ABCD2345');
    expect(pinInput().value).toBe('000000');
    expect(screen.queryByRole('heading', { name: 'Confirm redemption' })).toBeNull();
    expect(callsTo(fetchMock, '/api/redeem')).toHaveLength(0);
  });
});

describe('RedeemForm: the confirm step', () => {
  it('checks the code and PIN, then shows deal, price, the masked phone and validity without redeeming', async () => {
    const fetchMock = stubServer();
    renderForm();
    fireEvent.click(checkButton());
    const heading = await screen.findByRole('heading', { name: 'Confirm redemption' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText('Premium Sushi Platter for 2')).toBeTruthy();
    expect(screen.getByText('$19.99')).toBeTruthy();
    expect(screen.getByText('•••• 4567')).toBeTruthy();
    expect(screen.getByText('Dec 31, 2026')).toBeTruthy();
    const [check] = callsTo(fetchMock, '/api/merchant/redemptions/preview');
    expect(check?.[1]?.method).toBe('POST');
    expect(JSON.parse(String(check?.[1]?.body))).toEqual({ code: 'ABCD2345', pin: '123456' });
    expect(callsTo(fetchMock, '/api/redeem')).toHaveLength(0);
  });

  it('goes back to the form with its values on Cancel', async () => {
    const fetchMock = stubServer();
    renderForm();
    fireEvent.click(checkButton());
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('heading', { name: 'Confirm redemption' })).toBeNull();
    expect(codeInput().value).toBe('ABCD2345');
    expect(pinInput().value).toBe('123456');
    expect(document.activeElement).toBe(codeInput());
    expect(callsTo(fetchMock, '/api/redeem')).toHaveLength(0);
  });

  it('redeems on Confirm, notes the deal and price, and clears and focuses the form for the next customer', async () => {
    const fetchMock = stubServer();
    const { location } = renderForm();
    fireEvent.click(checkButton());
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm redemption' }));
    expect(await screen.findByText('Voucher redeemed successfully!')).toBeTruthy();
    expect(screen.getByText('Premium Sushi Platter for 2')).toBeTruthy();
    expect(screen.getByText(/\$19\.99/)).toBeTruthy();
    expect(codeInput().value).toBe('');
    expect(pinInput().value).toBe('');
    expect(document.activeElement).toBe(codeInput());
    const [redeem] = callsTo(fetchMock, '/api/redeem');
    expect(JSON.parse(String(redeem?.[1]?.body))).toEqual({ code: 'ABCD2345', pin: '123456' });
    // The screen stays for the next customer.
    expect(location.history?.at(-1)).toBe('/merchant/redeem');

    // The note stays until the next check.
    fireEvent.change(codeInput(), { target: { value: 'WXYZ6789' } });
    expect(screen.getByText('Voucher redeemed successfully!')).toBeTruthy();
  });

  it('goes back to the form with the refusal when the redemption is refused after the check', async () => {
    stubServer({ redeem: () => json({ ok: false, reason: 'Voucher already redeemed on Nov 22, 2026' }, 409) });
    renderForm();
    fireEvent.click(checkButton());
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm redemption' }));
    expect(await screen.findByText('Error: Voucher already redeemed on Nov 22, 2026')).toBeTruthy();
    expect(codeInput().value).toBe('ABCD2345');
    expect(pinInput().value).toBe('123456');
  });

  it("takes a voucher link's code and PIN out of the address once redeemed", async () => {
    stubServer();
    const { location } = renderForm({ path: '/merchant/redeem?code=ABCD2345&pin=123456' });
    fireEvent.click(checkButton());
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm redemption' }));
    await screen.findByText('Voucher redeemed successfully!');
    await waitFor(() => expect(location.history?.at(-1)).toBe('/merchant/redeem'));
    expect(codeInput().value).toBe('');
  });
});

describe('RedeemForm: after a scan', () => {
  it('checks a scanned voucher link at once and waits on the confirm step', async () => {
    window.history.replaceState(scanHandoffState, '');
    const fetchMock = stubServer();
    renderForm();
    expect(await screen.findByRole('heading', { name: 'Confirm redemption' })).toBeTruthy();
    expect(screen.getByText('QR Code scanned successfully! Voucher validated.')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/merchant/redemptions/preview')).toHaveLength(1);
    expect(callsTo(fetchMock, '/api/redeem')).toHaveLength(0);
  });

  it('asks for the PIN when the scan gave the code only', () => {
    window.history.replaceState(scanHandoffState, '');
    const fetchMock = stubServer();
    renderForm({ pin: '' });
    expect(screen.getByText('QR Code scanned successfully! Voucher validated.')).toBeTruthy();
    expect(checkButton()).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('never sends a voucher link opened without a scan on its own', () => {
    const fetchMock = stubServer();
    renderForm();
    expect(checkButton()).toBeTruthy();
    expect(screen.queryByText('QR Code scanned successfully! Voucher validated.')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
