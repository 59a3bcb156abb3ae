// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { CurrentUser } from '../../../../contract/auth';
import type { Deal } from '../../../../contract/deals';
import { useToasts } from '../../../components/ui/toast';
import { createQueryClient } from '../../../lib/query-client';
import { SESSION_STORAGE_KEY } from '../../../lib/session';
import { getAuthDialogState, closeAuthDialog } from '../../auth';
import { useFavoritesCount } from '../api/get-favorites';
import { aDeal, aUser } from '../../../test/fixtures';
import { FavoriteButton } from './favorite-button';

const CUSTOMER = aUser();

function savedDeal(id: string): Deal {
  return aDeal({ id, merchantName: 'Cafe', title: `Deal ${id}`, priceCents: 1000, originalPriceCents: null, discountPercent: null, inventory: 0, maxPerUser: 1, remaining: null });
}

interface FakeServer {
  user: CurrentUser | null;
  favorites: string[];
  /** Answers writes with this status instead of applying them. */
  refuseWritesWith: number | null;
  /** Holds each write until the test releases it. */
  gate: Promise<void> | null;
  /** Holds the answer to who is signed in until the test releases it. */
  userGate?: Promise<void>;
}

function stubServer(server: FakeServer) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (url === '/api/auth/user') {
      if (server.userGate) await server.userGate;
      return server.user ? Response.json(server.user) : new Response('{"message":"Please log in first"}', { status: 401 });
    }
    if (url === '/api/favorites' && method === 'GET') return Response.json(server.favorites.map(savedDeal));
    if (server.gate) await server.gate;
    if (server.refuseWritesWith) return new Response('{"message":"nope"}', { status: server.refuseWritesWith });
    if (url === '/api/favorites' && method === 'POST') {
      const { dealId } = JSON.parse(String(init?.body)) as { dealId: string };
      server.favorites.push(dealId);
      return Response.json({ message: 'Added to favorites' });
    }
    if (url.startsWith('/api/favorites/') && method === 'DELETE') {
      const dealId = decodeURIComponent(url.slice('/api/favorites/'.length));
      server.favorites = server.favorites.filter((id) => id !== dealId);
      return Response.json({ message: 'Removed from Favorites' });
    }
    return new Response('not found', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

let queryClient: QueryClient;

function Count() {
  return <output aria-label="favorites count">{useFavoritesCount()}</output>;
}

function renderButton(dealId: string): void {
  render(
    <QueryClientProvider client={queryClient}>
      <FavoriteButton dealId={dealId} />
      <Count />
    </QueryClientProvider>,
  );
}

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

beforeEach(() => {
  queryClient = createQueryClient();
  localStorage.clear();
  closeAuthDialog();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('FavoriteButton', () => {
  it('adds a favourite at once, keeps it after the server agrees, and counts it', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, 'session-1');
    let release = () => {};
    const server: FakeServer = { user: CUSTOMER, favorites: ['a'], refuseWritesWith: null, gate: new Promise((resolve) => (release = resolve)) };
    stubServer(server);
    renderButton('b');

    const button = await screen.findByRole('button', { name: 'Add to favorites' });
    await waitFor(() => expect(screen.getByLabelText('favorites count').textContent).toBe('1'));
    fireEvent.click(button);
    // Optimistic: pressed and counted before the server answers.
    expect((await screen.findByRole('button', { name: 'Remove from favorites' })).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByLabelText('favorites count').textContent).toBe('2');

    act(() => release());
    await waitFor(() => expect(server.favorites).toEqual(['a', 'b']));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove from favorites' }).getAttribute('aria-busy')).toBeNull());
    expect(screen.getByLabelText('favorites count').textContent).toBe('2');
  });

  it('keeps a tap made while the session is still being read, and acts on it once the account is known', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, 'session-1');
    let signedIn = () => {};
    const server: FakeServer = { user: CUSTOMER, favorites: [], refuseWritesWith: null, gate: null, userGate: new Promise((resolve) => (signedIn = resolve)) };
    const fetchMock = stubServer(server);
    renderButton('b');

    fireEvent.click(screen.getByRole('button', { name: 'Add to favorites' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    act(() => signedIn());
    expect((await screen.findByRole('button', { name: 'Remove from favorites' })).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(server.favorites).toEqual(['b']));
  });

  it('rolls back and says so when the server refuses', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, 'session-1');
    const server: FakeServer = { user: CUSTOMER, favorites: ['b'], refuseWritesWith: 500, gate: null };
    stubServer(server);
    const toasts = renderHook(() => useToasts(), { wrapper });
    renderButton('b');

    fireEvent.click(await screen.findByRole('button', { name: 'Remove from favorites' }));
    await waitFor(() => expect(toasts.result.current[0]?.title).toBe('Operation Failed'));
    expect(toasts.result.current[0]?.description).toBe('Failed to remove from favorites, please try again');
    const button = screen.getByRole('button', { name: 'Remove from favorites' });
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByLabelText('favorites count').textContent).toBe('1');
  });

  it('asks a guest to log in instead of calling the API', async () => {
    const server: FakeServer = { user: null, favorites: [], refuseWritesWith: null, gate: null };
    const fetchMock = stubServer(server);
    const toasts = renderHook(() => useToasts(), { wrapper });
    renderButton('b');

    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/auth/user', expect.anything()));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    fireEvent.click(screen.getByRole('button', { name: 'Add to favorites' }));
    await waitFor(() => expect(toasts.result.current[0]?.title).toBe('Please Login First'));
    expect(getAuthDialogState().open).toBe('login');
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/favorites'))).toBe(false);
    expect(screen.getByLabelText('favorites count').textContent).toBe('0');
  });

  it('is not offered to merchant and admin accounts', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, 'session-1');
    stubServer({ user: { ...CUSTOMER, role: 'superadmin' }, favorites: [], refuseWritesWith: null, gate: null });
    renderButton('b');
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    await waitFor(() => expect(screen.queryByRole('button')).toBeNull());
  });
});
