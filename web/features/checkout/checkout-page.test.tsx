// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { TestCheckoutSession } from '../../../contract/checkout';
import { createQueryClient } from '../../lib/query-client';
import { aUser } from '../../test/fixtures';
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
