/** A path on this site for an address the server built with its public origin; null for another site. */
export function sameSitePath(url: string): string | null {
  try {
    const target = new URL(url, window.location.origin);
    return target.origin === window.location.origin ? `${target.pathname}${target.search}` : null;
  } catch {
    return null;
  }
}
