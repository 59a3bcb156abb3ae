// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useToasts } from '../../../components/ui/toast';
import { readCartSnapshot } from '../../../lib/cart-storage';
import { createQueryClient } from '../../../lib/query-client';
import { SESSION_STORAGE_KEY } from '../../../lib/session';
import { aDeal, aUser } from '../../../test/fixtures';
import { closeAuthDialog, getAuthDialogState } from '../../auth';
import { AddToCartButton } from './add-to-cart-button';

const CUSTOMER = aUser();
const DEAL = aDeal({ id: 'd1', title: 'Espresso flight', maxPerUser: 3 });

function Toasts() {
  const toasts = useToasts();
  return <p>{toasts.map((t) => t.title).join(' | ')}</p>;
}

afterEach(() => {
  cleanup();
  closeAuthDialog();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('AddToCartButton', () => {
  it('waits for a slow first answer about the account instead of taking a signed-in shopper for a guest', async () => {
    window.localStorage.setItem(SESSION_STORAGE_KEY, 'a-session');
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <AddToCartButton deal={DEAL} />
        <Toasts />
      </QueryClientProvider>,
    );
    // Clicked while /api/auth/user has not answered yet.
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(readCartSnapshot()).toEqual([]);
    answer(new Response(JSON.stringify(CUSTOMER), { status: 200 }));
    await waitFor(() => expect(readCartSnapshot().map((item) => [item.dealId, item.quantity])).toEqual([['d1', 1]]));
    expect(screen.queryByText(/Please Login First/)).toBeNull();
  });

  it('opens the login dialog for a guest, to come back to the same screen', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => new Response('{"message":"Please log in first"}', { status: 401 })),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <AddToCartButton deal={DEAL} />
        <Toasts />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(screen.getByText(/Please Login First/)).toBeTruthy());
    expect(getAuthDialogState()).toEqual({ open: 'login', next: window.location.pathname });
    expect(readCartSnapshot()).toEqual([]);
  });

  it("adds the quantity it is given, within the deal's limit", async () => {
    window.localStorage.setItem(SESSION_STORAGE_KEY, 'a-session');
    vi.stubGlobal('fetch', vi.fn<typeof fetch>(async () => new Response(JSON.stringify(CUSTOMER), { status: 200 })));
    render(
      <QueryClientProvider client={createQueryClient()}>
        <AddToCartButton deal={DEAL} quantity={2} />
        <Toasts />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(readCartSnapshot().map((item) => [item.dealId, item.quantity])).toEqual([['d1', 2]]));
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(readCartSnapshot().map((item) => [item.dealId, item.quantity])).toEqual([['d1', 3]]));
  });
});
