/**
 * An allowlist sanitiser for the rich text the API sends (descriptions, terms, instructions).
 * The server cleans HTML when it is stored; the page still never trusts it, so it is cleaned again here
 * in an inert document (DOMParser runs no scripts and loads no images) before it reaches the DOM.
 */

const ALLOWED_TAGS = new Set(['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'h3', 'h4', 'blockquote', 'a', 'span']);

/** Elements whose content is code or chrome, never text a reader should see. */
const DROPPED_WITH_CONTENT = new Set([
  'script', 'style', 'template', 'noscript', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet',
  'svg', 'math', 'title', 'head', 'meta', 'link', 'base', 'textarea', 'select', 'option', 'button', 'input', 'form',
]);

const ALLOWED_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);

export const SAFE_LINK_REL = 'noopener noreferrer nofollow';

/** Answers the href when it is an absolute http(s), mailto or tel URL, else null. */
export function safeHref(raw: string | null): string | null {
  if (raw === null) return null;
  // Browsers ignore control characters and whitespace inside schemes ('java\tscript:'), so judge the URL without them.
  // eslint-disable-next-line no-control-regex
  const compact = raw.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (compact === '') return null;
  let url: URL;
  try {
    url = new URL(compact);
  } catch {
    return null;
  }
  return ALLOWED_PROTOCOLS.has(url.protocol) ? compact : null;
}

function cleanChildren(source: Node, target: Node, doc: Document): void {
  for (const child of Array.from(source.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      target.appendChild(doc.createTextNode(child.textContent ?? ''));
      continue;
    }
    if (child.nodeType !== Node.ELEMENT_NODE) continue; // comments, processing instructions
    const element = child as Element;
    const tag = element.localName.toLowerCase();
    if (DROPPED_WITH_CONTENT.has(tag)) continue;
    if (!ALLOWED_TAGS.has(tag)) {
      // Unknown but harmless wrappers (div, section, font...) give up their element and keep their text.
      cleanChildren(element, target, doc);
      continue;
    }
    if (tag === 'a') {
      const href = safeHref(element.getAttribute('href'));
      if (href === null) {
        cleanChildren(element, target, doc);
        continue;
      }
      const link = doc.createElement('a');
      link.setAttribute('href', href);
      link.setAttribute('rel', SAFE_LINK_REL);
      link.setAttribute('target', '_blank');
      cleanChildren(element, link, doc);
      target.appendChild(link);
      continue;
    }
    // Every attribute is dropped: no event handlers, styles, classes or ids from stored content.
    const copy = doc.createElement(tag);
    cleanChildren(element, copy, doc);
    target.appendChild(copy);
  }
}

/** Keeps only the allowed tags (and safe links) of an HTML fragment and answers the cleaned HTML. */
export function sanitizeHtml(html: string): string {
  if (html.trim() === '') return '';
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}</body>`, 'text/html');
  const output = doc.createElement('div');
  cleanChildren(doc.body, output, doc);
  return output.innerHTML;
}
