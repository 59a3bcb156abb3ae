// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { getSessionId, setSessionId } from '../../../lib/session';
import { currentUserQueryOptions } from './get-current-user';

function answer401Soon(): { release: () => void } {
  let release = () => {};
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(
      () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(new Response('{"message":"Please log in first"}', { status: 401 }));
        }),
    ),
  );
  return { release: () => release() };
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('the current-user read', () => {
  it('forgets a stored session the server no longer knows', async () => {
    setSessionId('expired');
    const pending = answer401Soon();
    const read = createQueryClient().fetchQuery(currentUserQueryOptions);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    pending.release();
    expect(await read).toBeNull();
    expect(getSessionId()).toBeNull();
  });

  it('keeps a session stored by a login while a guest read was on its way', async () => {
    const pending = answer401Soon();
    const read = createQueryClient().fetchQuery(currentUserQueryOptions);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    setSessionId('just-logged-in');
    pending.release();
    expect(await read).toBeNull();
    expect(getSessionId()).toBe('just-logged-in');
  });
});
