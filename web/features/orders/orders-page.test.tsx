// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { CurrentUser } from '../../../contract/auth';
import { NEXT_CURSOR_HEADER } from '../../../contract/constants';
import type { CustomerOrder } from '../../../contract/orders';
import { createQueryClient } from '../../lib/query-client';
import { aUser } from '../../test/fixtures';
import { currentUserQueryKey } from '../auth';
import { chooseLanguage } from '../../i18n';
import OrdersPage from './orders-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function anOrder(id: string, overrides: Partial<CustomerOrder> = {}): CustomerOrder {
  return {
    id,
    status: 'paid',
    totalCents: 5998,
    refundedCents: 0,
    createdAt: '2026-11-22T10:00:00.000Z',
    paidAt: '2026-11-22T10:01:00.000Z',
    payUntil: null,
    items: [{ dealId: 'd-sushi', title: 'Premium Sushi Platter for 2', quantity: 2, unitPriceCents: 2999, imageUrl: '' }],
    vouchers: [
      { id: 'v1', dealId: 'd-sushi', dealTitle: 'Premium Sushi Platter for 2', voucherCode: 'ABCD2345', status: 'active', priceCents: 2999, validUntil: '2026-12-22T10:00:00.000Z', redeemedAt: null, refund: null },
      { id: 'v2', dealId: 'd-sushi', dealTitle: 'Premium Sushi Platter for 2', voucherCode: 'EFGH6789', status: 'redeemed', priceCents: 2999, validUntil: '2026-12-22T10:00:00.000Z', redeemedAt: '2026-11-23T10:00:00.000Z', refund: null },
    ],
    refunds: [],
    group: null,
    ...overrides,
  };
}

const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', ...headers } });

function stub(routes: Record<string, () => Response>) {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    const route = routes[`${url.pathname}${url.search}`];
    return route ? route() : new Response('not stubbed', { status: 599 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderPage(user: CurrentUser | null = aUser()) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryKey, user);
  const location = memoryLocation({ path: '/orders', record: true });
  render(
    <QueryClientProvider client={queryClient}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <OrdersPage />
      </Router>
    </QueryClientProvider>,
  );
}

describe('My Orders', () => {
  it('shows each order with its number, state, total, refunds, lines and vouchers, and loads more with the cursor', async () => {
    const refund = { id: 'r1', voucherId: 'v1', amountCents: 2999, status: 'succeeded' as const, reason: 'customer' as const, createdAt: '2026-11-24T09:30:00.000Z' };
    const fetchMock = stub({
      '/api/user/orders': () =>
        json(
          [
            anOrder('5fb239e9-aea5-4729-9a4e-6d7ff15099d5', {
              status: 'partially_refunded',
              refundedCents: 2999,
              refunds: [refund],
              vouchers: [{ ...anOrder('x').vouchers[0]!, status: 'refunded', refund }, anOrder('x').vouchers[1]!],
            }),
          ],
          { [NEXT_CURSOR_HEADER]: 'page-2' },
        ),
      '/api/user/orders?cursor=page-2': () => json([anOrder('0a1b2c3d-0000-4000-8000-000000000000', { status: 'expired', vouchers: [], paidAt: null })]),
    });
    renderPage();

    const order = await screen.findByRole('article', { name: 'Order #5fb239e9' });
    expect(within(order).getByText('Partly refunded')).toBeTruthy();
    expect(within(order).getByText('Total').nextElementSibling?.textContent).toBe('$59.98');
    expect(within(order).getByText('Refunded', { selector: 'dt' }).nextElementSibling?.textContent).toBe('$29.99');
    expect(within(order).getAllByText('$29.99').length).toBeGreaterThan(1);
    expect(within(order).getAllByText('Premium Sushi Platter for 2').length).toBeGreaterThan(0);
    expect(order.textContent).toContain('2 × $29.99');
    expect(within(order).getAllByText('ABCD2345')).toHaveLength(2); // the voucher, and its refund
    expect(within(order).getAllByText('Refunded').length).toBeGreaterThan(0);
    expect(within(order).getByText('Redeemed')).toBeTruthy();
    expect(within(order).getByRole('heading', { name: 'Refunds' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    const older = await screen.findByRole('article', { name: 'Order #0a1b2c3d' });
    expect(within(older).getByText('Expired')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/user/orders', '/api/user/orders?cursor=page-2']);
  });

  it('sends a customer without orders to the deals', async () => {
    stub({ '/api/user/orders': () => json([]) });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No orders yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Deals' }).getAttribute('href')).toBe('/');
  });

  it('offers a retry when the orders cannot be read', async () => {
    let calls = 0;
    stub({
      '/api/user/orders': () => {
        calls += 1;
        return calls <= 2 ? new Response('{"message":"boom"}', { status: 500 }) : json([anOrder('5fb239e9-aea5-4729-9a4e-6d7ff15099d5')]);
      },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Try Again' }, { timeout: 5_000 }));
    expect(await screen.findByRole('article', { name: 'Order #5fb239e9' })).toBeTruthy();
  });

  it('asks a guest to log in', async () => {
    const fetchMock = stub({});
    renderPage(null);
    expect(await screen.findByRole('heading', { name: 'Please Login First' })).toBeTruthy();
    await waitFor(() => expect(fetchMock).not.toHaveBeenCalled());
  });
});

describe('My Orders: group orders', () => {
  it('badges an order by its group, links a group still filling up, and shows a failed group\'s refund without a voucher', async () => {
    const groupRefund = { id: 'r9', voucherId: null, amountCents: 1499, status: 'succeeded' as const, reason: 'group' as const, createdAt: '2026-11-23T10:00:00.000Z' };
    const groupItems = [{ dealId: 'd-sushi', title: 'Premium Sushi Platter for 2', quantity: 1, unitPriceCents: 1499, imageUrl: '' }];
    stub({
      '/api/user/orders': () =>
        json([
          anOrder('11111111-0000-4000-8000-000000000000', { items: groupItems, totalCents: 1499, vouchers: [], group: { id: 'g-open', status: 'open', size: 3, waitingFor: 2, deadline: '2026-11-23T10:00:00.000Z', closedAt: null } }),
          anOrder('22222222-0000-4000-8000-000000000000', { items: groupItems, totalCents: 1499, vouchers: [anOrder('x').vouchers[0]!], group: { id: 'g-formed', status: 'formed', size: 3, waitingFor: 0, deadline: '2026-11-23T10:00:00.000Z', closedAt: '2026-11-22T10:00:00.000Z' } }),
          anOrder('33333333-0000-4000-8000-000000000000', {
            status: 'refunded',
            items: groupItems,
            totalCents: 1499,
            refundedCents: 1499,
            vouchers: [],
            refunds: [groupRefund],
            group: { id: 'g-failed', status: 'failed', size: 3, waitingFor: 1, deadline: '2026-11-23T10:00:00.000Z', closedAt: '2026-11-23T10:00:00.000Z' },
          }),
          anOrder('44444444-0000-4000-8000-000000000000'),
        ]),
    });
    renderPage();

    const open = await screen.findByRole('article', { name: 'Order #11111111' });
    const waiting = within(open).getByRole('link', { name: 'Group: waiting for 2 more' });
    expect(waiting.getAttribute('href')).toBe('/group/g-open');

    const formed = screen.getByRole('article', { name: 'Order #22222222' });
    expect(within(formed).getByText('Group complete')).toBeTruthy();
    expect(within(formed).queryByRole('link', { name: /Group/ })).toBeNull();

    const failed = screen.getByRole('article', { name: 'Order #33333333' });
    expect(within(failed).getByText('Group did not fill — refunded')).toBeTruthy();
    const refunds = within(failed).getByRole('heading', { name: 'Refunds' }).parentElement!;
    expect(refunds.textContent).toContain('group did not fill');
    expect(refunds.textContent).toContain('$14.99');
    expect(refunds.querySelector('.font-mono')).toBeNull();

    const plain = screen.getByRole('article', { name: 'Order #44444444' });
    expect(within(plain).queryByText(/^Group/)).toBeNull();
  });
});

describe('My Orders in Chinese', () => {

  it('words the orders, their states, amounts and groups in Chinese', async () => {
    const refund = { id: 'r1', voucherId: 'v1', amountCents: 2999, status: 'succeeded' as const, reason: 'customer' as const, createdAt: '2026-11-24T09:30:00.000Z' };
    stub({
      '/api/user/orders': () =>
        json([
          anOrder('5fb239e9-aea5-4729-9a4e-6d7ff15099d5', { status: 'partially_refunded', refundedCents: 2999, refunds: [refund] }),
          anOrder('11111111-0000-4000-8000-000000000000', { group: { id: 'g-open', status: 'open', size: 3, waitingFor: 2, deadline: '2026-11-23T10:00:00.000Z', closedAt: null } }),
        ]),
    });
    await act(() => chooseLanguage('zh-CN'));
    renderPage();

    expect(await screen.findByRole('heading', { name: '我的订单', level: 1 })).toBeTruthy();
    const order = await screen.findByRole('article', { name: '订单 #5fb239e9' });
    expect(within(order).getByText('部分退款')).toBeTruthy();
    expect(within(order).getByText('合计').nextElementSibling?.textContent).toBe('US$59.98');
    expect(within(order).getByRole('heading', { name: '退款' })).toBeTruthy();
    expect(within(order).getByRole('region', { name: '订单 5fb239e9 的商品' }).textContent).toContain('小计：US$59.98');
    const grouped = screen.getByRole('article', { name: '订单 #11111111' });
    expect(within(grouped).getByRole('link', { name: '拼团中：还差 2 人' })).toBeTruthy();
  });
});
