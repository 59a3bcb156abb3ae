/** The session id of docs/product/screens.md#the-session-in-the-browser: kept in localStorage under `sessionId`, picked up from a `session` query parameter only when the browser has no session. */

import { authEndpoints } from '../../contract/addresses';
import { pathOf } from '../../contract/endpoint';

export const SESSION_STORAGE_KEY = 'sessionId';
export const SESSION_QUERY_PARAM = 'session';

// Storage can throw (private mode, disabled storage); a missing session is the safe answer then.
export function getSessionId(): string | null {
  try {
    return window.localStorage.getItem(SESSION_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function setSessionId(sessionId: string): void {
  try {
    window.localStorage.setItem(SESSION_STORAGE_KEY, sessionId);
  } catch {
    // Without storage the session lives only in the server's cookie; nothing else to do.
  }
}

export function clearSessionId(): void {
  try {
    window.localStorage.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}

/**
 * A session id handed over in the address (`?session=...`) is always removed from the address bar, so it is neither
 * bookmarked, shared nor left in the history; it is taken only when the browser has no session at all. A link
 * carrying someone else's session id must never replace the signed-in user's own session (their later purchases
 * would land in the other account), so the id is stored only when localStorage holds none and the server knows no
 * session from the HttpOnly cookie, which the page cannot read: `GET /api/auth/user` with cookies but without a
 * bearer header answering 401. Anything else (a user, an error, no network) leaves the handed-over id unused.
 *
 * Answers null at once when the address has no such parameter, so ordinary page loads do not wait; otherwise a
 * promise, never rejected, of the id it stored (null when it stored none).
 */
export function pickUpSessionFromUrl(): Promise<string | null> | null {
  const url = new URL(window.location.href);
  const handed = url.searchParams.get(SESSION_QUERY_PARAM);
  if (handed === null) return null;
  url.searchParams.delete(SESSION_QUERY_PARAM);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  const trimmed = handed.trim();
  if (trimmed === '' || getSessionId() !== null) return Promise.resolve(null);
  return hasCookieSession().then(
    (signedIn) => {
      // Another tab may have signed in while the answer was on its way: its session stays.
      if (signedIn !== false || getSessionId() !== null) return null;
      setSessionId(trimmed);
      return trimmed;
    },
    () => null,
  );
}

/** Whether the server knows a session from the cookie alone: true, false (401), or null when it cannot tell. */
async function hasCookieSession(): Promise<boolean | null> {
  // Asked without the stored id: only the cookie can tell.
  const response = await fetch(pathOf(authEndpoints.currentUser), { credentials: 'include', cache: 'no-store' });
  // Read the body: an unread one keeps the request open.
  await response.text().catch(() => '');
  if (response.status === 401) return false;
  return response.ok ? true : null;
}
