// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NEXT_CURSOR_HEADER } from '../../../../contract/constants';
import { fetchVoucherPage } from './get-vouchers';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fetchVoucherPage', () => {
  it('asks for the first page without a query string and reads the next cursor from the answer header', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(new Response('[]', { status: 200, headers: { [NEXT_CURSOR_HEADER]: 'next-1' } }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await fetchVoucherPage(null)).toEqual({ vouchers: [], nextCursor: 'next-1' });
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/user/vouchers');
  });

  it('sends the cursor of a later page, and has none after the last', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(new Response('[]', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const page = await fetchVoucherPage('MjAyNi0x+/=');
    expect(page.nextCursor).toBeNull();
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.pathname).toBe('/api/user/vouchers');
    expect(url.searchParams.get('cursor')).toBe('MjAyNi0x+/=');
  });
});
