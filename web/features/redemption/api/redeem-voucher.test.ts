// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NETWORK_ERROR_REASON, redeemResultMessage, redeemVoucher } from './redeem-voucher';

afterEach(() => {
  vi.unstubAllGlobals();
});

function answer(status: number, body: unknown) {
  return vi.fn<typeof fetch>().mockResolvedValue(new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));
}

describe('redeemVoucher', () => {
  it('posts code and PIN only (the merchant comes from the session) and passes a success through', async () => {
    const voucher = { voucherCode: 'ABCD2345', dealTitle: 'Premium Sushi Platter for 2', priceCents: 1999, redeemedAt: '2026-11-22T10:00:00.000Z' };
    const fetchMock = answer(200, { ok: true, reason: null, voucher });
    vi.stubGlobal('fetch', fetchMock);
    expect(await redeemVoucher({ code: 'ABCD2345', pin: '123456' })).toEqual({ ok: true, reason: null, voucher });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/redeem');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ code: 'ABCD2345', pin: '123456' });
  });

  it("reads a refusal's reason from its body", async () => {
    vi.stubGlobal('fetch', answer(400, { ok: false, reason: 'Incorrect PIN (4 attempts left)', message: 'Incorrect PIN (4 attempts left)' }));
    expect(await redeemVoucher({ code: 'ABCD2345', pin: '000000' })).toEqual({ ok: false, reason: 'Incorrect PIN (4 attempts left)' });
  });

  it('falls back to the message of other error bodies, or to no reason', async () => {
    vi.stubGlobal('fetch', answer(401, { message: 'Please log in' }));
    expect(await redeemVoucher({ code: 'A', pin: '1' })).toEqual({ ok: false, reason: 'Please log in' });
    vi.stubGlobal('fetch', answer(502, '<html><body>Bad gateway</body></html>'));
    expect(await redeemVoucher({ code: 'A', pin: '1' })).toEqual({ ok: false, reason: null });
  });

  it('turns a failed request into a network error', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch')));
    expect(await redeemVoucher({ code: 'A', pin: '1' })).toEqual({ ok: false, reason: NETWORK_ERROR_REASON });
  });
});

describe('redeemResultMessage', () => {
  it('words each outcome as docs/product/messages.md does', () => {
    expect(redeemResultMessage({ ok: true, reason: null })).toBe('Voucher redeemed successfully!');
    expect(redeemResultMessage({ ok: false, reason: 'Voucher not found' })).toBe('Error: Voucher not found');
    expect(redeemResultMessage({ ok: false, reason: null })).toBe('Failed to redeem');
    expect(redeemResultMessage({ ok: false, reason: NETWORK_ERROR_REASON })).toBe('Error: Network error');
  });
});
