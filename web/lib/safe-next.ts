/** The `next` query parameter of the login gate, accepted only as a path on this site (no open redirects). */
export function safeNextPath(raw: string | null, fallback = '/'): string {
  if (!raw) return fallback;
  // '//host' and '/\host' are read by browsers as another origin.
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f]/.test(raw)) return fallback;
  return raw;
}

/** The login gate with a way back: '/login?next=/deal/123' (slashes stay readable, everything else is encoded). */
export function loginPathWithNext(loginPath: string, next: string): string {
  return `${loginPath}?next=${encodeURIComponent(next).replace(/%2F/gi, '/')}`;
}
