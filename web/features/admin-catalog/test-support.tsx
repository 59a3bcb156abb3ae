// Rendering the management screens in tests: a signed-in account in the query cache, an in-memory address, and stubbed answers.
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { AdminDeal } from '../../../contract/admin';
import type { CurrentUser } from '../../../contract/auth';
import { createQueryClient } from '../../lib/query-client';
import { aDeal, aUser } from '../../test/fixtures';
import { currentUserQueryKey } from '../auth';

export const SUPERADMIN = aUser({ id: 'u-admin', role: 'superadmin' });

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Answers by method and address ('POST /api/admin/deals/d1/approve'); anything else is a 599. */
export function stubApi(routes: Record<string, (init: RequestInit | undefined) => Response>) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const route = routes[`${init?.method ?? 'GET'} ${url.pathname}${url.search}`];
    return route ? route(init) : new Response('not stubbed', { status: 599 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function anAdminDeal(overrides: Partial<AdminDeal> = {}): AdminDeal {
  return {
    ...aDeal(),
    stripeProductId: null,
    stripePriceId: null,
    merchantStatus: 'active',
    updatedAt: '2026-11-20T10:00:00.000Z',
    rejectionReason: null,
    submittedAt: null,
    ...overrides,
  };
}

export function renderScreen(ui: ReactNode, { user = SUPERADMIN, path }: { user?: CurrentUser | null; path: string }) {
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
