// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminOrder } from '../../../contract/orders';
import { chooseLanguage } from '../../i18n';
import { aUser } from '../../test/fixtures';
import AdminOrdersPage from './admin-orders-page';
import { json, renderScreen, stubApi } from './test-support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ORDER_ID = '5fb239e9-aea5-4729-9a4e-6d7ff15099d5';

function voucher(id: string, code: string, overrides: Partial<AdminOrder['vouchers'][number]> = {}): AdminOrder['vouchers'][number] {
  return {
    id,
    dealId: 'd-sushi',
    dealTitle: 'Premium Sushi Platter for 2',
    voucherCode: code,
    status: 'active',
    priceCents: 1999,
    validUntil: '2026-12-22T10:00:00.000Z',
    redeemedAt: null,
    refund: null,
    merchantName: 'Sakura Sushi House',
    redemptions: [],
    ...overrides,
  };
}

function anOrder(overrides: Partial<AdminOrder> = {}): AdminOrder {
  return {
    id: ORDER_ID,
    status: 'paid',
    totalCents: 3998,
    refundedCents: 0,
    createdAt: '2026-11-22T10:00:00.000Z',
    paidAt: '2026-11-22T10:01:00.000Z',
    items: [{ dealId: 'd-sushi', title: 'Premium Sushi Platter for 2', quantity: 2, unitPriceCents: 1999, imageUrl: '' }],
    vouchers: [
      voucher('v1', 'ABCD2345'),
      voucher('v2', 'EFGH6789', {
        status: 'redeemed',
        redeemedAt: '2026-11-23T10:00:00.000Z',
        redemptions: [
          { at: '2026-11-23T09:55:00.000Z', success: true, reason: null, undoneAt: '2026-11-23T09:57:00.000Z' },
          { at: '2026-11-23T10:00:00.000Z', success: true, reason: null, undoneAt: null },
        ],
      }),
    ],
    refunds: [],
    group: null,
    customerPhone: '5550000001',
    customerEmail: 'ada@example.com',
    provider: 'test',
    providerSessionId: 'cs_test_123',
    paymentRef: 'pi_test_456',
    story: [
      { at: '2026-11-22T10:00:00.000Z', kind: 'placed', text: 'Order placed for $39.98', voucherCode: null },
      { at: '2026-11-22T10:01:00.000Z', kind: 'paid', text: 'Paid with the test provider', voucherCode: null },
      { at: '2026-11-23T09:57:00.000Z', kind: 'redemption_undone', text: 'Redemption undone by the merchant', voucherCode: 'EFGH6789' },
    ],
    ...overrides,
  };
}

const SEARCH = 'GET /api/admin/orders?q=5fb239e9';

describe('Customer service', () => {
  it('searches by what is typed, keeps it in the address, and shows who paid, how, the vouchers and the story', async () => {
    const fetchMock = stubApi({ [SEARCH]: () => json([anOrder()]) });
    const { location } = renderScreen(<AdminOrdersPage />, { path: '/admin/orders' });

    const field = screen.getByRole('searchbox', { name: 'Order number, phone or voucher code' });
    fireEvent.change(field, { target: { value: '  5fb239e9 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));

    const order = await screen.findByRole('article', { name: 'Order #5fb239e9' });
    expect(location.history?.at(-1)).toBe('/admin/orders?q=5fb239e9');
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/admin/orders?q=5fb239e9']);
    for (const text of ['5550000001', 'ada@example.com', 'Built-in test provider', 'cs_test_123', 'pi_test_456', 'Sakura Sushi House', 'Order placed for $39.98']) {
      expect(order.textContent).toContain(text);
    }
    const redemptions = within(order).getByRole('list', { name: 'Redemptions of EFGH6789' });
    expect(within(redemptions).getByText('Undone')).toBeTruthy();
    expect(within(redemptions).getByText('Redeemed')).toBeTruthy();
    const story = within(order).getByRole('list', { name: 'Story of order 5fb239e9' });
    expect(within(story).getAllByRole('listitem')).toHaveLength(3);
    expect(within(order).getByRole('button', { name: 'Refund voucher ABCD2345' })).toBeTruthy();
    expect(within(order).getByRole('button', { name: 'Goodwill refund of voucher EFGH6789' })).toBeTruthy();
  });

  it('refunds an active voucher and reads the order again', async () => {
    let refunded = false;
    const refund = { id: 'r1', amountCents: 1999, status: 'succeeded' as const, reason: 'admin' as const, createdAt: '2026-11-24T10:00:00.000Z' };
    const fetchMock = stubApi({
      [SEARCH]: () =>
        json([
          refunded
            ? anOrder({
                status: 'partially_refunded',
                refundedCents: 1999,
                vouchers: [voucher('v1', 'ABCD2345', { status: 'refunded', refund }), anOrder().vouchers[1]!],
                refunds: [{ ...refund, voucherId: 'v1', note: null, providerRef: 're_test_1', failure: null }],
              })
            : anOrder(),
        ]),
      'POST /api/admin/vouchers/v1/refund': () => {
        refunded = true;
        return json({ voucher: {}, refund });
      },
    });
    renderScreen(<AdminOrdersPage />, { path: '/admin/orders?q=5fb239e9' });

    fireEvent.click(await screen.findByRole('button', { name: 'Refund voucher ABCD2345' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Refund this voucher?' });
    expect(within(dialog).getByText('$19.99')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Refund voucher ABCD2345' })).toBeNull());
    const order = screen.getByRole('article', { name: 'Order #5fb239e9' });
    expect(within(order).getByRole('heading', { name: 'Refunds' })).toBeTruthy();
    expect(within(order).getByText('Partly refunded')).toBeTruthy();
    expect(order.textContent).toContain('re_test_1');
    const post = fetchMock.mock.calls.find(([url]) => String(url) === '/api/admin/vouchers/v1/refund');
    expect(post?.[1]?.method).toBe('POST');
    expect(post?.[1]?.body).toBe(JSON.stringify({ reason: '' }));
  });

  it('asks for the reason of a goodwill refund of a redeemed voucher, and shows a refusal in the dialog', async () => {
    const fetchMock = stubApi({
      [SEARCH]: () => json([anOrder()]),
      'POST /api/admin/vouchers/v2/refund': () => json({ message: 'The payment provider refused the refund' }, 502),
    });
    renderScreen(<AdminOrdersPage />, { path: '/admin/orders?q=5fb239e9' });

    fireEvent.click(await screen.findByRole('button', { name: 'Goodwill refund of voucher EFGH6789' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Goodwill refund' });
    const reason = within(dialog).getByRole('textbox', { name: /Reason for the goodwill refund/ });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Give goodwill refund' }));
    expect(within(dialog).getByText('Please give the reason for a goodwill refund.')).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/refund'))).toBe(false);

    fireEvent.change(reason, { target: { value: 'Service was poor' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Give goodwill refund' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The payment provider refused the refund');
    const post = fetchMock.mock.calls.find(([url]) => String(url) === '/api/admin/vouchers/v2/refund');
    expect(post?.[1]?.body).toBe(JSON.stringify({ reason: 'Service was poor' }));
  });

  it('opens the refund dialog on demand, starts it empty each time, and gives focus back to its button on Cancel', async () => {
    stubApi({ [SEARCH]: () => json([anOrder()]) });
    renderScreen(<AdminOrdersPage />, { path: '/admin/orders?q=5fb239e9' });

    const button = await screen.findByRole('button', { name: 'Goodwill refund of voucher EFGH6789' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    button.focus();
    fireEvent.click(button);
    let dialog = await screen.findByRole('alertdialog', { name: 'Goodwill refund' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason for the goodwill refund/ }), { target: { value: 'Typed, then cancelled' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));

    fireEvent.click(button);
    dialog = await screen.findByRole('alertdialog', { name: 'Goodwill refund' });
    expect((within(dialog).getByRole('textbox', { name: /Reason for the goodwill refund/ }) as HTMLTextAreaElement).value).toBe('');
  });

  it('says when nothing matches, and refuses an empty search without asking', async () => {
    const fetchMock = stubApi({ 'GET /api/admin/orders?q=5550009999': () => json([]) });
    renderScreen(<AdminOrdersPage />, { path: '/admin/orders' });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText('Enter an order number, a phone number or a voucher code')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Order number, phone or voucher code' }), { target: { value: '5550009999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('heading', { name: 'No orders found' })).toBeTruthy();
  });

  it('is for superadmins only', async () => {
    const fetchMock = stubApi({});
    renderScreen(<AdminOrdersPage />, { path: '/admin/orders?q=5fb239e9', user: aUser() });
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(screen.queryByRole('searchbox')).toBeNull();
    cleanup();
    renderScreen(<AdminOrdersPage />, { path: '/admin/orders', user: null });
    expect(screen.getByRole('heading', { name: 'Please Login First' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('Customer service: the order’s status', () => {
  afterEach(async () => {
    await act(() => chooseLanguage('en'));
    window.localStorage.clear();
  });

  const orders = [
    anOrder({ status: 'partially_refunded', refundedCents: 1999 }),
    anOrder({ id: '0a1b2c3d-0000-4000-8000-000000000000', status: 'refunded', refundedCents: 3998 }),
  ];

  it('says when some of the money went back and when all of it did', async () => {
    stubApi({ [SEARCH]: () => json(orders) });
    renderScreen(<AdminOrdersPage />, { path: '/admin/orders?q=5fb239e9' });
    const partly = await screen.findByRole('article', { name: 'Order #5fb239e9' });
    expect(within(partly).getByText('Partly refunded')).toBeTruthy();
    const whole = screen.getByRole('article', { name: 'Order #0a1b2c3d' });
    expect(within(whole).getAllByText('Refunded').length).toBeGreaterThan(0);
    expect(within(whole).queryByText('Partly refunded')).toBeNull();
  });

  it('says it in Chinese once Chinese is chosen', async () => {
    stubApi({ [SEARCH]: () => json(orders) });
    await act(() => chooseLanguage('zh-CN'));
    renderScreen(<AdminOrdersPage />, { path: '/admin/orders?q=5fb239e9' });
    const partly = await screen.findByRole('article', { name: /5fb239e9/ });
    expect(within(partly).getByText('部分退款')).toBeTruthy();
  });
});
