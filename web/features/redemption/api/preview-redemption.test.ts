// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { previewRedemption } from './preview-redemption';
import { NETWORK_ERROR_REASON } from './redeem-voucher';

afterEach(() => {
  vi.unstubAllGlobals();
});

const PREVIEW = { voucherId: 'v-1', voucherCode: 'ABCD2345', dealTitle: 'Premium Sushi Platter for 2', priceCents: 1999, phoneMasked: '•••• 4567', validUntil: null };

describe('previewRedemption', () => {
  it('posts code and PIN to the check and passes its answer through', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(new Response(JSON.stringify(PREVIEW), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await previewRedemption({ code: 'ABCD2345', pin: '123456' })).toEqual({ ok: true, preview: PREVIEW });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/merchant/redemptions/preview');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ code: 'ABCD2345', pin: '123456' });
  });

  it("reads a refusal's reason as the redemption's", async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(new Response(JSON.stringify({ ok: false, reason: 'Voucher not found', message: 'Voucher not found' }), { status: 404 })));
    expect(await previewRedemption({ code: 'ZZZZZZZZ', pin: '123456' })).toEqual({ ok: false, reason: 'Voucher not found' });
  });

  it('turns a failed request into a network error', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch')));
    expect(await previewRedemption({ code: 'A', pin: '1' })).toEqual({ ok: false, reason: NETWORK_ERROR_REASON });
  });
});
