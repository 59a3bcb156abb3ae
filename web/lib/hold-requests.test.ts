// @vitest-environment jsdom
// A hold that is never released keeps the module's requests back for good, so these tests have a file of their own
// and a fresh module each.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authEndpoints } from '../../contract/addresses';
import { pathOf } from '../../contract/endpoint';
import { SESSION_STORAGE_KEY } from './session';

const fetchMock = vi.fn<typeof fetch>();

async function client() {
  vi.resetModules();
  return import('./api-client');
}

const urls = () => fetchMock.mock.calls.map(([url]) => String(url));
const bearerOf = (call: number) => new Headers(fetchMock.mock.calls[call]?.[1]?.headers).get('Authorization');
const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  localStorage.setItem(SESSION_STORAGE_KEY, 'old-session');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('holdRequests and apiPastHold', () => {
  it('send the session-changing request only after the reads on their way are answered', async () => {
    const { apiRequest, apiPastHold, holdRequests } = await client();
    let answerRead!: (response: Response) => void;
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answerRead = resolve)));
    const read = apiRequest('GET', '/api/favorites');

    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    const held = holdRequests();
    await tick();
    expect(urls()).toEqual(['/api/favorites']);

    answerRead(new Response('[]', { status: 200 }));
    await read;
    await held;
    await apiPastHold(authEndpoints.logout, {});
    expect(urls()).toEqual(['/api/favorites', pathOf(authEndpoints.logout)]);
    expect(fetchMock.mock.calls[1]?.[1]?.method).toBe(authEndpoints.logout.method);
    expect(bearerOf(1)).toBe('Bearer old-session');
  });

  it('keep every request made meanwhile back, reads and writes, and never send them when not released', async () => {
    const { apiRequest, apiPastHold, getQueryFn, holdRequests } = await client();
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await holdRequests();
    let settled = false;
    const later = [
      apiRequest('POST', '/api/favorites', { dealId: 'd1' }),
      getQueryFn({ on401: 'returnNull' })({ queryKey: ['/api/notifications/unread'], signal: new AbortController().signal, meta: undefined } as never),
    ];
    void Promise.race(later).finally(() => (settled = true));
    await apiPastHold(authEndpoints.logout, {});
    await tick();
    expect(urls()).toEqual([pathOf(authEndpoints.logout)]);
    expect(settled).toBe(false);
  });

  it('once released, send what they kept back with the session stored meanwhile', async () => {
    const { apiRequest, apiPastHold, holdRequests } = await client();
    fetchMock.mockImplementation(async () => new Response('{"sessionId":"new-session"}', { status: 200 }));
    const release = await holdRequests();
    const read = apiRequest('GET', '/api/notifications/unread');
    const answer = await apiPastHold(authEndpoints.changePassword, { body: { newPassword: 'second-pass' } });
    localStorage.setItem(SESSION_STORAGE_KEY, (answer as { sessionId: string }).sessionId);
    await tick();
    expect(urls()).toEqual([pathOf(authEndpoints.changePassword)]);
    expect(bearerOf(0)).toBe('Bearer old-session');

    release();
    await read;
    expect(urls()).toEqual([pathOf(authEndpoints.changePassword), '/api/notifications/unread']);
    expect(bearerOf(1)).toBe('Bearer new-session');
  });

  it('wait for a read that does not answer only so long', async () => {
    vi.useFakeTimers();
    const { apiRequest, holdRequests } = await client();
    fetchMock.mockImplementationOnce(() => new Promise<Response>(() => {}));
    void apiRequest('GET', '/api/orders');
    let held = false;
    void holdRequests(2000).then(() => (held = true));
    await vi.advanceTimersByTimeAsync(1999);
    expect(held).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(held).toBe(true);
  });

  it('throw as api does when the server refuses the request past the hold', async () => {
    const { apiPastHold, holdRequests, isApiError } = await client();
    fetchMock.mockResolvedValue(new Response('{"message":"down"}', { status: 503 }));
    await holdRequests();
    const error = await apiPastHold(authEndpoints.logout, {}).catch((e: unknown) => e);
    expect(isApiError(error, 503)).toBe(true);
  });
});
