// Rendering the statement screens in tests: a signed-in account in the query cache, an in-memory address, and stubbed answers.
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { CurrentUser } from '../../../contract/auth';
import type { Statement, StatementLine } from '../../../contract/workspace';
import { createQueryClient } from '../../lib/query-client';
import { aUser } from '../../test/fixtures';
import { currentUserQueryKey } from '../auth';

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

/** The week of Nov 16, 2026 at Sakura Sushi House, unpaid: two redemptions and a refund of an earlier credit. */
export function aStatement(overrides: Partial<Statement> = {}): Statement {
  return {
    id: 's1',
    merchantId: '0b6f7a1e-3c1d-4b7a-9a53-8f7f8b1f2c3d',
    merchantName: 'Sakura Sushi House',
    periodStart: '2026-11-16T00:00:00.000Z',
    periodEnd: '2026-11-23T00:00:00.000Z',
    commissionBps: 1000,
    grossCents: 3998,
    commissionCents: 200,
    refundsCents: 1999,
    netCents: 1799,
    lineCount: 3,
    createdAt: '2026-11-23T01:00:00.000Z',
    paidAt: null,
    payoutReference: null,
    ...overrides,
  };
}

export const LINES: StatementLine[] = [
  { kind: 'redeemed', occurredAt: '2026-11-17T12:00:00.000Z', voucherCode: 'ABCD2345', dealTitle: 'Premium Sushi Platter for 2', amountCents: 1999, commissionCents: 200, netCents: 1799 },
  { kind: 'expired', occurredAt: '2026-11-18T00:00:00.000Z', voucherCode: 'EFGH6789', dealTitle: 'Premium Sushi Platter for 2', amountCents: 1999, commissionCents: 200, netCents: 1799 },
  { kind: 'refund', occurredAt: '2026-11-19T09:30:00.000Z', voucherCode: 'JKLM2345', dealTitle: 'Premium Sushi Platter for 2', amountCents: -1999, commissionCents: -200, netCents: -1799 },
];

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
