// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSessionId, getSessionId, pickUpSessionFromUrl, SESSION_STORAGE_KEY, setSessionId } from './session';

/** Stubs fetch with one answer for the cookie-session check. */
function serverAnswers(status: number, body = ''): ReturnType<typeof vi.fn<typeof fetch>> {
  const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(new Response(body, { status })));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const GUEST = '{"message":"Please log in first"}';
const SIGNED_IN = '{"id":7,"phone":"5550000001","role":"user"}';

beforeEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});
afterEach(() => vi.unstubAllGlobals());

describe('pickUpSessionFromUrl', () => {
  it('stores ?session= when the browser has no session, and removes it from the address bar, keeping the rest', async () => {
    serverAnswers(401, GUEST);
    window.history.replaceState(null, '', '/my/vouchers?session=s-123&payment_success=true#top');
    const pickedUp = pickUpSessionFromUrl();
    // The address is clean at once, before the server answers.
    expect(window.location.pathname).toBe('/my/vouchers');
    expect(window.location.search).toBe('?payment_success=true');
    expect(window.location.hash).toBe('#top');
    expect(await pickedUp).toBe('s-123');
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBe('s-123');
  });

  it('asks the server about the cookie session with cookies but without a bearer header', async () => {
    const fetchMock = serverAnswers(401, GUEST);
    window.history.replaceState(null, '', '/?session=s-123');
    await pickUpSessionFromUrl();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/user');
    expect(init?.credentials).toBe('include');
    expect(new Headers(init?.headers).has('Authorization')).toBe(false);
  });

  it('never replaces a stored session, and does not ask the server', async () => {
    const fetchMock = serverAnswers(401, GUEST);
    setSessionId('mine');
    window.history.replaceState(null, '', '/deal/1?session=attacker&q=spa');
    expect(await pickUpSessionFromUrl()).toBeNull();
    expect(getSessionId()).toBe('mine');
    expect(window.location.search).toBe('?q=spa');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('leaves the id unused when the server knows a session from the cookie', async () => {
    serverAnswers(200, SIGNED_IN);
    window.history.replaceState(null, '', '/?session=attacker');
    expect(await pickUpSessionFromUrl()).toBeNull();
    expect(getSessionId()).toBeNull();
    expect(window.location.search).toBe('');
  });

  it('leaves the id unused when the server cannot tell (an error or no network)', async () => {
    serverAnswers(500, '{"message":"Internal Server Error"}');
    window.history.replaceState(null, '', '/?session=s-1');
    expect(await pickUpSessionFromUrl()).toBeNull();
    expect(getSessionId()).toBeNull();

    vi.stubGlobal('fetch', vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch'))));
    window.history.replaceState(null, '', '/?session=s-2');
    expect(await pickUpSessionFromUrl()).toBeNull();
    expect(getSessionId()).toBeNull();
    expect(window.location.search).toBe('');
  });

  it('keeps a session stored by a login in another tab while the server was being asked', async () => {
    let answer = (_response: Response) => {};
    vi.stubGlobal('fetch', vi.fn<typeof fetch>(() => new Promise<Response>((resolve) => (answer = resolve))));
    window.history.replaceState(null, '', '/?session=attacker');
    const pickedUp = pickUpSessionFromUrl();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    setSessionId('logged-in-elsewhere');
    answer(new Response(GUEST, { status: 401 }));
    expect(await pickedUp).toBeNull();
    expect(getSessionId()).toBe('logged-in-elsewhere');
  });

  it('answers null at once, leaving the address and storage alone, without the parameter', () => {
    const fetchMock = serverAnswers(401, GUEST);
    setSessionId('kept');
    window.history.replaceState(null, '', '/deal/1?q=spa');
    expect(pickUpSessionFromUrl()).toBeNull();
    expect(getSessionId()).toBe('kept');
    expect(window.location.search).toBe('?q=spa');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('removes an empty parameter without storing it or asking the server', async () => {
    const fetchMock = serverAnswers(401, GUEST);
    window.history.replaceState(null, '', '/?session=');
    expect(await pickUpSessionFromUrl()).toBeNull();
    expect(getSessionId()).toBeNull();
    expect(window.location.search).toBe('');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('session storage', () => {
  it('sets, reads and clears the session id', () => {
    setSessionId('abc');
    expect(getSessionId()).toBe('abc');
    clearSessionId();
    expect(getSessionId()).toBeNull();
  });
});
