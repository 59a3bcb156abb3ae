// @vitest-environment jsdom
// My Orders: an order awaiting payment, with how long is left to pay, Pay and Cancel.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CustomerOrder } from '../../../contract/orders';
import { chooseLanguage } from '../../i18n';
import { aUser } from '../../test/fixtures';
import { json, renderScreen, sentBodies, stubApi } from '../../test/screens';
import OrdersPage from './orders-page';

vi.mock('./leave-for-payment', () => ({ leaveForPaymentPage: vi.fn(() => new Promise(() => undefined)) }));
const { leaveForPaymentPage } = await import('./leave-for-payment');

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(leaveForPaymentPage).mockClear();
  await act(() => chooseLanguage('en'));
});

const ORDER_ID = '5fb239e9-aea5-4729-9a4e-6d7ff15099d5';
const MINUTE = 60_000;

function awaitingOrder(overrides: Partial<CustomerOrder> = {}): CustomerOrder {
  return {
    id: ORDER_ID,
    status: 'pending',
    totalCents: 5998,
    refundedCents: 0,
    createdAt: new Date(Date.now() - 18 * MINUTE).toISOString(),
    paidAt: null,
    // 11 minutes and a few seconds: "Pay within 12 min".
    payUntil: new Date(Date.now() + 11 * MINUTE + 20_000).toISOString(),
    items: [{ dealId: 'd-sushi', title: 'Premium Sushi Platter for 2', quantity: 2, unitPriceCents: 2999, imageUrl: '' }],
    vouchers: [],
    refunds: [],
    group: null,
    ...overrides,
  };
}

const render = () => renderScreen(<OrdersPage />, { user: aUser(), path: '/orders' });

describe('My Orders: an order awaiting payment', () => {
  it('says how long is left to pay, and Pay goes to the order’s own payment page', async () => {
    const fetchMock = stubApi({
      'GET /api/user/orders': () => json([awaitingOrder()]),
      [`POST /api/user/orders/${ORDER_ID}/pay`]: () => json({ url: 'http://localhost/checkout?session_id=cs_test_1' }),
    });
    render();
    const order = await screen.findByRole('article', { name: 'Order #5fb239e9' });
    expect(within(order).getByText('Awaiting payment')).toBeTruthy();
    expect(within(order).getByText('Pay within 12 min')).toBeTruthy();
    expect(within(order).getByText('Your units are held for you until then.')).toBeTruthy();

    fireEvent.click(within(order).getByRole('button', { name: 'Pay order 5fb239e9' }));
    await waitFor(() => expect(leaveForPaymentPage).toHaveBeenCalledWith('http://localhost/checkout?session_id=cs_test_1'));
    expect(sentBodies(fetchMock, 'POST', `/api/user/orders/${ORDER_ID}/pay`)).toHaveLength(1);
    // The button stays busy while the browser leaves.
    expect((within(order).getByRole('button', { name: 'Pay order 5fb239e9' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows why Pay was refused, and reads the list again', async () => {
    let reads = 0;
    stubApi({
      'GET /api/user/orders': () => {
        reads += 1;
        return json([awaitingOrder()]);
      },
      [`POST /api/user/orders/${ORDER_ID}/pay`]: () => json({ message: 'This checkout has expired. Please return to your cart and try again.' }, 409),
    });
    render();
    const order = await screen.findByRole('article', { name: 'Order #5fb239e9' });
    fireEvent.click(within(order).getByRole('button', { name: 'Pay order 5fb239e9' }));
    expect((await within(order).findByRole('alert')).textContent).toBe('This checkout has expired. Please return to your cart and try again.');
    await waitFor(() => expect(reads).toBe(2));
    expect(leaveForPaymentPage).not.toHaveBeenCalled();
  });

  it('Cancel asks first, then shows the order cancelled without Pay or Cancel', async () => {
    let cancelled = false;
    const fetchMock = stubApi({
      'GET /api/user/orders': () => json([cancelled ? awaitingOrder({ status: 'cancelled', payUntil: null }) : awaitingOrder()]),
      [`POST /api/user/orders/${ORDER_ID}/cancel`]: () => {
        cancelled = true;
        return json(awaitingOrder({ status: 'cancelled', payUntil: null }));
      },
    });
    render();
    const order = await screen.findByRole('article', { name: 'Order #5fb239e9' });
    fireEvent.click(within(order).getByRole('button', { name: 'Cancel order 5fb239e9' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this order?' });
    expect(within(dialog).getByText('Order 5fb239e9: the units held for you go back on sale, and nothing is charged.')).toBeTruthy();
    // Keeping it changes nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(sentBodies(fetchMock, 'POST', `/api/user/orders/${ORDER_ID}/cancel`)).toHaveLength(0);

    fireEvent.click(within(order).getByRole('button', { name: 'Cancel order 5fb239e9' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(within(order).getByText('Cancelled')).toBeTruthy());
    expect(within(order).queryByRole('button', { name: /^Pay/ })).toBeNull();
    expect(within(order).queryByRole('button', { name: /^Cancel/ })).toBeNull();
    expect(sentBodies(fetchMock, 'POST', `/api/user/orders/${ORDER_ID}/cancel`)).toHaveLength(1);
  });

  it('keeps a refused cancel in the dialog', async () => {
    stubApi({
      'GET /api/user/orders': () => json([awaitingOrder()]),
      [`POST /api/user/orders/${ORDER_ID}/cancel`]: () => json({ message: 'This order is already paid' }, 409),
    });
    render();
    const order = await screen.findByRole('article', { name: 'Order #5fb239e9' });
    fireEvent.click(within(order).getByRole('button', { name: 'Cancel order 5fb239e9' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This order is already paid');
  });

  it('offers only Cancel once the page no longer takes payment', async () => {
    stubApi({ 'GET /api/user/orders': () => json([awaitingOrder({ payUntil: new Date(Date.now() - MINUTE).toISOString() })]) });
    render();
    const order = await screen.findByRole('article', { name: 'Order #5fb239e9' });
    expect(within(order).getByText('The time to pay is up. The units go back on sale in a few minutes.')).toBeTruthy();
    expect(within(order).queryByRole('button', { name: /^Pay/ })).toBeNull();
    expect(within(order).getByRole('button', { name: 'Cancel order 5fb239e9' })).toBeTruthy();
  });

  it('offers nothing for a paid, expired or cancelled order', async () => {
    stubApi({
      'GET /api/user/orders': () =>
        json([
          awaitingOrder({ id: '11111111-0000-4000-8000-000000000000', status: 'paid', payUntil: null }),
          awaitingOrder({ id: '22222222-0000-4000-8000-000000000000', status: 'expired', payUntil: null }),
          awaitingOrder({ id: '33333333-0000-4000-8000-000000000000', status: 'cancelled', payUntil: null }),
        ]),
    });
    render();
    await screen.findByRole('article', { name: 'Order #11111111' });
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Cancel/ })).toBeNull();
  });

  it('words it in Chinese', async () => {
    stubApi({ 'GET /api/user/orders': () => json([awaitingOrder()]) });
    await act(() => chooseLanguage('zh-CN'));
    render();
    const order = await screen.findByRole('article', { name: '订单 #5fb239e9' });
    expect(within(order).getByText('请在 12 分钟内完成支付')).toBeTruthy();
    expect(within(order).getByRole('button', { name: /^去支付\s?订单 5fb239e9$/ })).toBeTruthy();
    expect(within(order).getByRole('button', { name: /^取消\s?订单 5fb239e9$/ })).toBeTruthy();
  });
});
