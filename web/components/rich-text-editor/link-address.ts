/** The links the editor writes: absolute http(s) and mailto addresses, the ones the deal page opens. */
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/** The address as it will be stored, or null when the editor does not take it ('www.x.com' is read as https). */
export function linkAddress(raw: string): string | null {
  const typed = raw.trim();
  if (typed === '' || /\s/.test(typed)) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(typed) ? typed : /^[^@/]+@[^@/]+\.[^@/]+$/.test(typed) ? `mailto:${typed}` : `https://${typed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (!LINK_PROTOCOLS.has(url.protocol)) return null;
  if (url.protocol !== 'mailto:' && !url.hostname.includes('.') && url.hostname !== 'localhost') return null;
  return withScheme;
}
