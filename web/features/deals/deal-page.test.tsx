// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { CurrentUser } from '../../../contract/auth';
import { createQueryClient } from '../../lib/query-client';
import { aDeal, aUser } from '../../test/fixtures';
import { currentUserQueryKey } from '../auth';
import { dealQueryOptions } from './api/get-deal';
import DealPage from './deal-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderDealPage(user: CurrentUser | null) {
  // Reviews and the merchant card ask for more; they are not what this test is about.
  vi.stubGlobal('fetch', vi.fn<typeof fetch>(async () => new Response('{"message":"Not found"}', { status: 404 })));
  const deal = aDeal();
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryKey, user);
  queryClient.setQueryData(dealQueryOptions(deal.id).queryKey, deal);
  render(
    <QueryClientProvider client={queryClient}>
      <DealPage id={deal.id} />
    </QueryClientProvider>,
  );
}

describe('DealPage: the purchase box', () => {
  it.each([
    ['guests', null],
    ['customers', aUser()],
  ])('offers %s Buy Now and Add to Cart', async (_who, user) => {
    renderDealPage(user);
    expect(await screen.findByRole('button', { name: 'Buy Now - $19.99' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeTruthy();
  });

  it.each([
    ['merchant', aUser({ role: 'merchant', merchantId: 'm1', merchantRole: 'staff' }), 'Merchant accounts cannot buy deals'],
    ['superadmin', aUser({ role: 'superadmin' }), 'Admin accounts cannot buy deals'],
  ])('tells a %s account it cannot buy instead', async (_who, user, note) => {
    renderDealPage(user);
    expect(await screen.findByText(note)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Buy Now/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).toBeNull();
  });
});
