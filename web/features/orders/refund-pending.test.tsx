// @vitest-environment jsdom
// My Orders while a refund waits for the payment provider: it reads "Refund pending", never "Refunded" early, and
// follows the provider's answer without a reload.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import type { RefundSummary } from '../../../contract/checkout';
import type { CustomerOrder } from '../../../contract/orders';
import { aUser } from '../../test/fixtures';
import { json, renderScreen, stubApi } from '../../test/screens';
import OrdersPage from './orders-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const ORDER_ID = '5fb239e9-aea5-4729-9a4e-6d7ff15099d5';

const refund = (status: RefundSummary['status']): RefundSummary => ({ id: 'r1', amountCents: 2999, status, reason: 'customer', createdAt: '2026-11-23T10:00:00.000Z' });

/** An order of two vouchers, the first refunded or being refunded as `status` says (or never refunded). */
function anOrder(status: RefundSummary['status'] | null): CustomerOrder {
  const voucherStatus = status === null || status === 'failed' ? 'active' : 'refunded';
  return {
    id: ORDER_ID,
    status: 'paid',
    totalCents: 5998,
    refundedCents: status === 'succeeded' ? 2999 : 0,
    createdAt: '2026-11-22T10:00:00.000Z',
    paidAt: '2026-11-22T10:01:00.000Z',
    payUntil: null,
    items: [{ dealId: 'd-sushi', title: 'Sushi for 2', quantity: 2, unitPriceCents: 2999, imageUrl: '' }],
    vouchers: [
      { id: 'v1', dealId: 'd-sushi', dealTitle: 'Sushi for 2', voucherCode: 'ABCD2345', status: voucherStatus, priceCents: 2999, validUntil: '2026-12-22T10:00:00.000Z', redeemedAt: null, refund: status === null ? null : refund(status) },
      { id: 'v2', dealId: 'd-sushi', dealTitle: 'Sushi for 2', voucherCode: 'EFGH6789', status: 'active', priceCents: 2999, validUntil: '2026-12-22T10:00:00.000Z', redeemedAt: null, refund: null },
    ],
    refunds: status === null ? [] : [{ ...refund(status), voucherId: 'v1' }],
    group: null,
  };
}

const render = () => renderScreen(<OrdersPage />, { user: aUser(), path: '/orders' });

/** The state badge of one voucher of the order, by its code. */
function voucherState(code: string): string {
  const row = screen.getAllByText(code).find((element) => element.closest('li')?.closest('section'))!.closest('li')!;
  return row.lastElementChild?.textContent ?? '';
}

describe('My Orders: a refund the provider has not confirmed', () => {
  it('reads "Refund pending" on the voucher and its refund, and "Refunded" once the provider has confirmed it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let reads = 0;
    stubApi({
      'GET /api/user/orders': () => {
        reads += 1;
        return json([anOrder(reads < 2 ? 'pending' : 'succeeded')]);
      },
    });
    render();

    const order = await screen.findByRole('article');
    expect(voucherState('ABCD2345')).toBe('Refund pending');
    expect(voucherState('EFGH6789')).toBe('Valid');
    expect(within(order).queryByText('Refunded')).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(voucherState('ABCD2345')).toBe('Refunded'));
    expect(reads).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(reads).toBe(2);
  });

  it('leaves a voucher whose refund failed valid, with the failure among its refunds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = stubApi({ 'GET /api/user/orders': () => json([anOrder('failed')]) });
    render();
    const order = await screen.findByRole('article');
    expect(voucherState('ABCD2345')).toBe('Valid');
    expect(within(order).getByText('Refund failed')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
