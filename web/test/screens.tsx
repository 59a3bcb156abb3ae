// Rendering a screen in tests: the signed-in account already in the query cache, an in-memory address, and stubbed
// answers by method and address. Each feature's test-support names its own accounts and sample answers.
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { CurrentUser } from '../../contract/auth';
import { createQueryClient } from '../lib/query-client';
import { currentUserQueryKey } from '../features/auth';
import { aUser } from './fixtures';

export const OWNER = aUser({ id: 'u-owner', role: 'merchant', merchantId: 'm1', merchantRole: 'owner' });
export const STAFF = aUser({ id: 'u-staff', role: 'merchant', merchantId: 'm1', merchantRole: 'staff' });
export const SUPERADMIN = aUser({ id: 'u-admin', role: 'superadmin' });

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Answers by method and address ('POST /api/admin/statements/s1/payout'); anything else is a 599. */
export function stubApi(routes: Record<string, (init: RequestInit | undefined) => Response>) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const route = routes[`${init?.method ?? 'GET'} ${url.pathname}${url.search}`];
    return route ? route(init) : new Response('not stubbed', { status: 599 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The JSON bodies sent with one method and address, in order. */
export function sentBodies(fetchMock: ReturnType<typeof stubApi>, method: string, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([url, init]) => (init?.method ?? 'GET') === method && new URL(String(url), 'http://localhost').pathname === path)
    .map(([, init]) => JSON.parse(String(init?.body ?? 'null')));
}

export function renderScreen(ui: ReactNode, { user, path }: { user: CurrentUser | null; path: string }) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryKey, user);
  const location = memoryLocation({ path, record: true });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {ui}
      </Router>
    </QueryClientProvider>,
  );
  return { ...view, location, queryClient };
}

/** renderScreen with the account a feature's tests mostly sign in as. */
export const renderScreenAs =
  (fallback: CurrentUser) =>
  (ui: ReactNode, { user = fallback, path }: { user?: CurrentUser | null; path: string }) =>
    renderScreen(ui, { user, path });
