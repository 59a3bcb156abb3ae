/**
 * Recovery from code that cannot be loaded on demand. Screens are separate files with hashed names; after a deploy
 * the files an open page knows of are gone (the server answers 404), and only the new index.html names the new ones.
 * Such a failure reloads the page once. A timestamp in sessionStorage keeps it to once: a failure that outlasts the
 * reload is shown to the reader (with a Reload button) instead of reloading again and again.
 */

export const RELOADED_AT_KEY = 'chunkReloadAt';
/** Within this time of the last such reload, a failure is shown rather than reloaded again. */
export const RELOAD_GUARD_MS = 60_000;

// Rolldown/Vite chunks are ES modules; browsers word a failed dynamic import differently (Chromium, Firefox, Safari),
// and Vite's own preload helper reports a stylesheet it could not load.
const CHUNK_FAILURE = /dynamically imported module|importing a module script failed|unable to preload/i;

/** True for the error a failed dynamic import (or Vite's preload of its files) rejects with. */
export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_FAILURE.test(error.message);
}

/** Loads the page afresh: the Reload button, and the one automatic reload. */
export function reloadPage(): void {
  window.location.reload();
}

let reloading = false;

/**
 * Reloads the page to fetch the current index.html, unless it was reloaded for this within the last minute, the
 * browser knows it is offline (a reload would only show its own offline page), or there is no sessionStorage to keep
 * the guard in. True when a reload is under way.
 */
export function reloadForNewCode(reload: () => void = reloadPage): boolean {
  if (reloading) return true;
  if (!navigator.onLine) return false;
  try {
    const now = Date.now();
    const last = Number(window.sessionStorage.getItem(RELOADED_AT_KEY));
    // Math.abs: a clock set back must not turn the guard off.
    if (last > 0 && Math.abs(now - last) < RELOAD_GUARD_MS) return false;
    window.sessionStorage.setItem(RELOADED_AT_KEY, String(now));
  } catch {
    return false;
  }
  reloading = true;
  reload();
  return true;
}

/**
 * Vite's own preload helper announces a failed import with a `vite:preloadError` event (the app's leaner helper, see
 * vite.config.ts, does not; the failure then reaches the error boundary as a rejected import). The failure is not
 * cancelled here, so the screen's error boundary still shows a loading state, or the panel once the guard says no.
 */
export function reloadOnPreloadError(): void {
  window.addEventListener('vite:preloadError', () => {
    reloadForNewCode();
  });
}
