/**
 * For tests in jsdom, which cannot type into an editable area: HTML pasted into the editor, as the browser's paste
 * event hands it over (`replaceAll` selects everything first).
 */
export function pasteHtml(area: HTMLElement, html: string, replaceAll = false): void {
  area.focus();
  if (replaceAll) {
    const range = document.createRange();
    range.selectNodeContents(area);
    const selection = window.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
    area.dispatchEvent(new Event('selectionchange', { bubbles: true }));
    document.dispatchEvent(new Event('selectionchange'));
  }
  const event = new Event('paste', { bubbles: true, cancelable: true });
  const data: Record<string, string> = { 'text/html': html, 'text/plain': html.replace(/<[^>]*>/g, '') };
  Object.defineProperty(event, 'clipboardData', { value: { getData: (type: string) => data[type] ?? '', types: Object.keys(data) } });
  area.dispatchEvent(event);
}

/** jsdom lays nothing out: the measurements the editor asks for when it scrolls the caret into view answer empty boxes. */
export function measureNothing(): void {
  const empty = () => ({ x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) }) as DOMRect;
  const emptyList = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= empty;
  Range.prototype.getClientRects ??= emptyList;
  document.elementFromPoint ??= () => null;
}
