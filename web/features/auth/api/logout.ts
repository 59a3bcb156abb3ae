/** POST /api/auth/logout, then forget the session and everything read under it (docs/product/screens.md#the-session-in-the-browser). */
import { useState } from 'react';
import { authEndpoints } from '../../../../contract/addresses';
import { pathOf } from '../../../../contract/endpoint';
import { paths } from '../../../../contract/routes';
import { apiPastHold, holdRequests } from '../../../lib/api-client';
import { clearSessionId } from '../../../lib/session';

export async function logout(): Promise<void> {
  // The reads on their way are answered first, and none is sent after it: the page reloads, and the hold is never released.
  await holdRequests();
  try {
    await apiPastHold(authEndpoints.logout, {});
  } catch {
    // The person asked to leave: even when the server cannot be reached, the local session goes below.
  } finally {
    clearSessionId();
    // A full load of the home page drops every piece of state that belonged to the session (cache, counts, forms).
    // The cache is not emptied before it: the screen's queries would ask again at once, without the session, and a
    // signed-in read such as the favourites would be answered 401 while the page unloads.
    window.location.assign(paths.home);
  }
}

/**
 * Ends a session this device was handed but must not keep (a customer account on the merchant login),
 * without touching the session it already holds. The answer does not matter: an unused session expires anyway.
 */
export async function discardSession(sessionId: string): Promise<void> {
  try {
    await fetch(pathOf(authEndpoints.logout), { method: authEndpoints.logout.method, headers: { Authorization: `Bearer ${sessionId}` }, credentials: 'include' });
  } catch {
    // Unreachable server: nothing more to do from here.
  }
}

/**
 * Logout for the header. A plain async call rather than a mutation: the page reloads right after,
 * and the header is in the first bundle, which stays smaller without the mutation machinery.
 */
export function useLogout(): { logout: () => void; isPending: boolean } {
  const [isPending, setPending] = useState(false);
  return {
    isPending,
    logout: () => {
      if (isPending) return;
      setPending(true);
      void logout();
    },
  };
}
