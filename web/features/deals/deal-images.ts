/** A deal's picture (contract/deal-images.ts), and its early download for the first screen. */

export { dealImageSrc, placeholderImage, type PlaceholderSize } from '../../../contract/deal-images';

const preloaded = new Set<string>();

/**
 * Asks for a picture at high priority before the element that shows it is rendered: used for the largest picture of
 * the first screen (the deal page's picture, the first card on the home page) as soon as its address is known.
 */
export function preloadImage(src: string): void {
  if (preloaded.has(src)) return;
  preloaded.add(src);
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = src;
  link.fetchPriority = 'high';
  document.head.append(link);
}
