/** Address rules shared by the server's schemas and the screens that mirror them. */

/**
 * A picture's address: empty, an http(s) address, or a path on this site. Browsers read `\` as `/`
 * and drop tabs and line breaks, so `/\host/a.png` or `/<tab>/host` would leave the site like `//host`:
 * a site path starts with one `/` followed by neither `/` nor `\`, and no address has white space,
 * control characters or a backslash.
 */
export function isImageUrl(text: string): boolean {
  const url = text.trim();
  if (url === '') return true;
  for (const char of url) {
    const code = char.charCodeAt(0);
    if (code <= 0x20 || code === 0x7f || char === '\\' || /\s/.test(char)) return false;
  }
  return /^\/(?![/\\])/.test(url) || /^https?:\/\/[^/?#]/i.test(url);
}
