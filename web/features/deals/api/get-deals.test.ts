// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HOME_DEALS_PAGE_SIZE, NEXT_CURSOR_HEADER } from '../../../../contract/constants';
import { fetchDealPage } from './get-deals';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fetchDealPage', () => {
  it('sends q, limit and cursor, and reads the next cursor from the answer header', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(
      new Response('[]', { status: 200, headers: { [NEXT_CURSOR_HEADER]: 'next-1' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const page = await fetchDealPage({ q: 'spa day', cursor: 'c0' });
    expect(page).toEqual({ deals: [], nextCursor: 'next-1' });
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.pathname).toBe('/api/deals');
    expect(url.searchParams.get('q')).toBe('spa day');
    expect(url.searchParams.get('cursor')).toBe('c0');
    expect(url.searchParams.get('limit')).toBe(String(HOME_DEALS_PAGE_SIZE));
  });

  it('has no next cursor on the last page and sends no empty q', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(new Response('[]', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const page = await fetchDealPage({ q: '', cursor: null });
    expect(page.nextCursor).toBeNull();
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.searchParams.has('q')).toBe(false);
    expect(url.searchParams.has('cursor')).toBe(false);
  });
});
