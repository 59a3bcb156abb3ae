// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { NEXT_CURSOR_HEADER } from '../../../contract/constants';
import type { RedemptionRecord } from '../../../contract/redemption';
import { createQueryClient } from '../../lib/query-client';
import TransactionsPage from './transactions-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function record(overrides: Partial<RedemptionRecord>): RedemptionRecord {
  return {
    id: 'r1',
    voucher_code: 'ABCD2345',
    voucher_pin: null,
    deal_title: 'Premium Sushi Platter for 2',
    user_email: 'ada@example.com',
    merchant_name: 'Sakura Sushi House',
    price_cents: 1999,
    success: true,
    reason: null,
    created_at: '2026-11-22T14:05:00.000Z',
    ...overrides,
  };
}

type Routes = Record<string, () => Response>;

function stubApi(routes: Routes) {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${url.pathname}${url.searchParams.get('cursor') ? `?cursor=${url.searchParams.get('cursor')}` : ''}`;
    const route = routes[key];
    return route ? route() : new Response('not stubbed', { status: 599 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

function renderPage() {
  const location = memoryLocation({ path: '/admin/transactions', record: true });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <TransactionsPage />
      </Router>
    </QueryClientProvider>,
  );
  return location;
}

describe('TransactionsPage', () => {
  it('sends visitors without a role answer home', async () => {
    stubApi({ '/api/admin/check-role': json({ message: 'Please log in' }, 401) });
    const location = renderPage();
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
  });

  it('tells other accounts they have no access', async () => {
    const fetchMock = stubApi({ '/api/admin/check-role': json({ isSuperAdmin: false }) });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(screen.getByText("You don't have permission to access this page.")).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/admin/redemptions'))).toBe(false);
  });

  it('shows the totals and the records, and loads the next page', async () => {
    stubApi({
      '/api/admin/check-role': json({ isSuperAdmin: true }),
      '/api/admin/redemptions/summary': json({ total: 3, successes: 1, failures: 2, redeemedValueCents: 1999 }),
      '/api/admin/redemptions': json(
        [record({ id: 'r3' }), record({ id: 'r2', success: false, reason: 'Incorrect PIN (4 attempts left)', voucher_code: 'WXYZ6789' })],
        200,
        { [NEXT_CURSOR_HEADER]: 'page-2' },
      ),
      '/api/admin/redemptions?cursor=page-2': json([
        record({ id: 'r1', success: false, reason: 'Voucher not found', voucher_code: 'NOPE2345', deal_title: null, user_email: null, merchant_name: null, price_cents: null }),
      ]),
    });
    renderPage();
    const summary = await screen.findByRole('region', { name: 'Summary' });
    await waitFor(() => expect(within(summary).getByText('Total attempts').nextSibling?.textContent).toBe('3'));
    expect(within(summary).getByText('Successful').nextSibling?.textContent).toBe('1');
    expect(within(summary).getByText('Failed').nextSibling?.textContent).toBe('2');
    expect(within(summary).getByText('Redeemed value').nextSibling?.textContent).toBe('$19.99');

    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('Incorrect PIN (4 attempts left)')).toBeTruthy();
    expect(within(table).getAllByText('Success')).toHaveLength(1);
    expect(within(table).getAllByText('Failed')).toHaveLength(1);

    // Phones get the same records as cards.
    expect(within(screen.getByRole('list', { name: 'Redemption Records' })).getAllByRole('listitem')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(within(table).getByText('Voucher not found')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('marks a success the merchant took back as Undone', async () => {
    stubApi({
      '/api/admin/check-role': json({ isSuperAdmin: true }),
      '/api/admin/redemptions/summary': json({ total: 2, successes: 2, failures: 0, redeemedValueCents: 1999 }),
      '/api/admin/redemptions': json([record({ id: 'r2' }), { ...record({ id: 'r1' }), undone_at: '2026-11-22T14:07:00.000Z' }]),
    });
    renderPage();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByText('Success')).toHaveLength(1);
    expect(within(table).getAllByText('Undone')).toHaveLength(1);
    expect(within(screen.getByRole('list', { name: 'Redemption Records' })).getAllByText('Undone')).toHaveLength(1);
  });

  it('writes dates as MMM dd, yyyy HH:mm', async () => {
    stubApi({
      '/api/admin/check-role': json({ isSuperAdmin: true }),
      '/api/admin/redemptions/summary': json({ total: 1, successes: 1, failures: 0, redeemedValueCents: 1999 }),
      '/api/admin/redemptions': json([record({ created_at: new Date(2026, 10, 2, 9, 5).toISOString() })]),
    });
    renderPage();
    expect(await screen.findAllByText('Nov 02, 2026 09:05')).not.toHaveLength(0);
    expect(within(screen.getByRole('table')).getByText('Nov 02, 2026 09:05').tagName).toBe('TIME');
  });

  it('says 加载失败 when the log cannot be read, and retries', async () => {
    let summaryWorks = false;
    stubApi({
      '/api/admin/check-role': json({ isSuperAdmin: true }),
      '/api/admin/redemptions/summary': () =>
        summaryWorks ? json({ total: 0, successes: 0, failures: 0, redeemedValueCents: 0 })() : new Response('boom', { status: 500 }),
      '/api/admin/redemptions': json([]),
    });
    renderPage();
    expect(await screen.findByText('加载失败', undefined, { timeout: 4000 })).toBeTruthy();
    summaryWorks = true;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('No redemption attempts yet.')).toBeTruthy();
  });
});
