// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { firstCallsOf } from '../../contract/first-answers';
import { categoriesQueryOptions, dealListQueryOptions } from '../features/deals';
import { merchantQueryOptions } from '../features/merchants';
import { storeDealsQueryOptions } from '../features/stores';

const STORE = '0b7e5a36-2f0e-4c55-9a53-1b2c3d4e5f60';
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The addresses a set of reads fetches. */
async function fetched(reads: () => Promise<unknown>): Promise<string[]> {
  await reads();
  return fetchMock.mock.calls.map(([url]) => String(url));
}

describe("the server's first answers (contract/first-answers.ts)", () => {
  it('are the addresses the home page and a store page ask first, exactly as the app writes them', async () => {
    fetchMock.mockImplementation(async () => new Response('[]', { status: 200 }));
    const client = new QueryClient();
    const home = await fetched(async () => {
      await client.fetchInfiniteQuery(dealListQueryOptions(''));
      await client.fetchQuery(categoriesQueryOptions);
    });
    expect(home).toEqual(firstCallsOf('/', ''));
    fetchMock.mockClear();
    fetchMock.mockImplementation(async () => new Response('{}', { status: 200 }));
    const store = await fetched(async () => {
      await client.fetchQuery(merchantQueryOptions(STORE));
      await client.fetchInfiniteQuery(storeDealsQueryOptions(STORE, 'newest'));
    });
    expect(store).toEqual(firstCallsOf(`/store/${STORE}`, ''));
  });
});
