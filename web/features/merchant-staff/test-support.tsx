// Rendering the merchant's staff screen in tests: a signed-in account in the query cache, an in-memory address, and stubbed answers.
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { CurrentUser } from '../../../contract/auth';
import { createQueryClient } from '../../lib/query-client';
import { aUser } from '../../test/fixtures';
import { currentUserQueryKey } from '../auth';

export const OWNER = aUser({ id: 'u-owner', role: 'merchant', merchantId: 'm1', merchantRole: 'owner' });
export const STAFF = aUser({ id: 'u-staff', role: 'merchant', merchantId: 'm1', merchantRole: 'staff' });

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Answers by method and address ('DELETE /api/merchant/staff/s1'); anything else is a 599. */
export function stubApi(routes: Record<string, (init: RequestInit | undefined) => Response>) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const route = routes[`${init?.method ?? 'GET'} ${url.pathname}${url.search}`];
    return route ? route(init) : new Response('not stubbed', { status: 599 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function renderScreen(ui: ReactNode, { user = OWNER, path }: { user?: CurrentUser | null; path: string }) {
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
