/** The session id of SPEC.md §4: kept in localStorage under `sessionId`, picked up once from a `session` query parameter. */

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
 * Stores a session id handed over in the address (`?session=...`) and removes it from the address bar,
 * so it is neither bookmarked, shared nor left in the history. Returns the id it stored, if any.
 */
export function pickUpSessionFromUrl(): string | null {
  const url = new URL(window.location.href);
  const handed = url.searchParams.get(SESSION_QUERY_PARAM);
  if (handed === null) return null;
  url.searchParams.delete(SESSION_QUERY_PARAM);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  const trimmed = handed.trim();
  if (trimmed === '') return null;
  setSessionId(trimmed);
  return trimmed;
}
