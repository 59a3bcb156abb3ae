// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { PaymentStatusAnswer, TestCheckoutSession } from '../../../contract/checkout';
import type { OrderGroup } from '../../../contract/groups';
import { useToasts } from '../../components/ui/toast';
import { formatTimeOrDayTime } from '../../lib/date-format';
import { createQueryClient } from '../../lib/query-client';
import { aUser } from '../../test/fixtures';
import { json, renderScreen, stubApi } from '../../test/screens';
import { currentUserQueryKey } from '../auth';
import CheckoutPage from './checkout-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function aSession(overrides: Partial<TestCheckoutSession> = {}): TestCheckoutSession {
  return {
    id: 'cs_test_1',
    status: 'complete',
    order: {
      id: '5fb239e9-aea5-4729-9a4e-6d7ff15099d5',
      status: 'paid',
      totalCents: 3998,
      createdAt: '2026-11-22T10:00:00.000Z',
      expiresAt: '2026-11-22T10:35:00.000Z',
      items: [{ dealId: 'd1', title: 'Premium Sushi Platter for 2', quantity: 2, unitPriceCents: 1999, imageUrl: '' }],
    },
    refunds: [],
    successUrl: '/success?session_id=cs_test_1',
    cancelUrl: '/cart',
    ...overrides,
  };
}

function renderPage(session: TestCheckoutSession) {
  vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(new Response(JSON.stringify(session), { status: 200 })));
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryKey, aUser());
  const location = memoryLocation({ path: '/checkout?session_id=cs_test_1' });
  render(
    <QueryClientProvider client={queryClient}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <CheckoutPage />
      </Router>
    </QueryClientProvider>,
  );
}

describe("The built-in provider's page, once paid", () => {
  it('lists the refunds made on the payment with amount, date and state', async () => {
    renderPage(
      aSession({
        refunds: [
          { id: 'r2', amountCents: 1999, status: 'pending', reason: 'customer', createdAt: '2026-11-24T10:00:00.000Z' },
          { id: 'r1', amountCents: 1999, status: 'succeeded', reason: 'expiry', createdAt: '2026-11-23T10:00:00.000Z' },
        ],
      }),
    );
    expect(await screen.findByRole('heading', { name: 'This order is already paid' })).toBeTruthy();
    const refunds = screen.getByRole('region', { name: 'Refunds on this payment' });
    const rows = within(refunds).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toMatch(/\$19\.99.*Nov 2[45], 2026.*Pending/);
    expect(rows[1]!.textContent).toMatch(/\$19\.99.*Nov 2[34], 2026.*Refunded/);
  });

  it('shows no refunds section when there are none', async () => {
    renderPage(aSession());
    expect(await screen.findByRole('heading', { name: 'This order is already paid' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Refunds on this payment' })).toBeNull();
  });
});

describe('The checkout of a place in a group', () => {
  const DEADLINE = new Date(Date.now() + 5 * 3_600_000).toISOString();
  const GROUP: OrderGroup = { id: 'g1', status: 'open', size: 3, waitingFor: 2, deadline: DEADLINE, closedAt: null };
  const OPEN = aSession({
    status: 'open',
    order: {
      ...aSession().order,
      status: 'pending',
      totalCents: 1499,
      expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
      items: [{ dealId: 'd1', title: 'Premium Sushi Platter for 2', quantity: 1, unitPriceCents: 1499, imageUrl: '' }],
    },
  });
  const status = (group: OrderGroup | null): Partial<PaymentStatusAnswer> => ({ status: 'pending', vouchers: [], deal: null, order: OPEN.order, group });

  function Toasts() {
    const toasts = useToasts();
    return <p data-testid="toasts">{toasts.map((t) => `${t.title}: ${t.description ?? ''}`).join(' | ')}</p>;
  }

  function renderGroupCheckout(routes: Parameters<typeof stubApi>[0] = {}, group: OrderGroup | null = GROUP) {
    const fetchMock = stubApi({
      'GET /api/test-provider/sessions/cs_test_1': () => json(OPEN),
      'GET /api/payment-status/cs_test_1': () => json(status(group)),
      ...routes,
    });
    // The page leaves its route when it goes back, as in the app's router.
    const view = renderScreen(
      <>
        <Route path="/checkout">
          <CheckoutPage />
        </Route>
        <Toasts />
      </>,
      { user: aUser(), path: '/checkout?session_id=cs_test_1' },
    );
    return { ...view, fetchMock };
  }

  it('names the group: the deal, the group price, its size, the places left besides the customer’s and when it closes', async () => {
    renderGroupCheckout();
    const box = await screen.findByRole('region', { name: 'Your place in a group' });
    expect(within(box).getByText('Premium Sushi Platter for 2')).toBeTruthy();
    expect(within(box).getByText('Group price', { exact: false }).textContent).toBe('Group price $14.99');
    expect(within(box).getByText(/^Group of 3/).textContent).toBe(`Group of 3 · 1 seat left · closes ${formatTimeOrDayTime(new Date(DEADLINE))}`);
    expect(screen.getByText(/^Your place is held for you until/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to the group' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Back to Cart' })).toBeNull();
  });

  it('goes back to the group after cancelling the checkout, so the place is freed first', async () => {
    const order: string[] = [];
    const { fetchMock, location } = renderGroupCheckout({
      'POST /api/test-provider/sessions/cs_test_1/cancel': () => {
        order.push(`cancel at ${location.history?.at(-1) ?? ''}`);
        return json({ message: 'Cancelled' });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Back to the group' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/group/g1'));
    expect(order).toEqual(['cancel at /checkout?session_id=cs_test_1']);
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
  });

  it('says the place is paid, not that vouchers are ready, once paid', async () => {
    renderGroupCheckout({ 'POST /api/test-provider/sessions/cs_test_1/pay': () => json({ status: 'paid', successUrl: '/success?session_id=cs_test_1' }) });
    await screen.findByRole('region', { name: 'Your place in a group' });
    fireEvent.change(screen.getByLabelText('Card Number'), { target: { value: '4242 4242 4242 4242' } });
    fireEvent.change(screen.getByLabelText('Expiry Date (MM/YY)'), { target: { value: '12/39' } });
    fireEvent.change(screen.getByLabelText('CVV'), { target: { value: '123' } });
    fireEvent.change(screen.getByLabelText('Cardholder Name'), { target: { value: 'Group Starter' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Payment' }));
    await waitFor(() => expect(screen.getByTestId('toasts').textContent).toBe("Payment received: You're in the group. Invite friends so it fills in time."), { timeout: 5_000 });
    expect(screen.getByTestId('toasts').textContent).not.toMatch(/voucher/i);
  });

  it('keeps the cart’s way back and wording for an ordinary order', async () => {
    renderGroupCheckout({}, null);
    expect(await screen.findByRole('button', { name: 'Back to Cart' })).toBeTruthy();
    await waitFor(() => expect(screen.getByText(/^Your vouchers are held for you until/)).toBeTruthy());
    expect(screen.queryByRole('region', { name: 'Your place in a group' })).toBeNull();
  });

  it('tells a paid place of a group still filling to view the group rather than vouchers', async () => {
    stubApi({
      'GET /api/test-provider/sessions/cs_test_1': () => json(aSession()),
      'GET /api/payment-status/cs_test_1': () => json({ ...status(GROUP), status: 'paid' }),
    });
    renderScreen(<CheckoutPage />, { user: aUser(), path: '/checkout?session_id=cs_test_1' });
    expect(await screen.findByRole('heading', { name: 'This order is already paid' })).toBeTruthy();
    expect(await screen.findByText('Your place in the group is paid. Invite friends so it fills in time.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View your group' }).getAttribute('href')).toBe('/group/g1');
    expect(screen.queryByRole('link', { name: 'View Vouchers' })).toBeNull();
  });
});
