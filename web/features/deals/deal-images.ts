/** A deal's picture (contract/deal-images.ts), its sources for every screen width, and its early download for the first screen. */
import { photoSources } from '../../../contract/photo-files';

export { dealImageSrc, placeholderImage, type PlaceholderSize } from '../../../contract/deal-images';

/** How wide the deal page's large photo is drawn: the page's main column (beside the 380 px panel on a wide screen). */
export const DEAL_PAGE_IMAGE_SIZES = '(min-width: 1280px) 820px, (min-width: 1024px) calc(100vw - 460px), 100vw';
/** How wide a deal card's picture is drawn: one, two or three cards a row. */
export const DEAL_CARD_IMAGE_SIZES = '(min-width: 1280px) 400px, (min-width: 1024px) 33vw, (min-width: 768px) 50vw, 100vw';

const preloaded = new Set<string>();

/**
 * Asks for a picture at high priority before the element that shows it is rendered: used for the largest picture of
 * the first screen (the deal page's picture, the first card on the home page) as soon as its address is known. An
 * uploaded photo is asked for at the width the element will choose (`sizes`, the element's own).
 */
export function preloadImage(url: string, sizes?: string): void {
  if (preloaded.has(url)) return;
  preloaded.add(url);
  const { src, srcSet } = photoSources(url);
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = src;
  if (srcSet) {
    link.imageSrcset = srcSet;
    if (sizes) link.imageSizes = sizes;
  }
  link.fetchPriority = 'high';
  document.head.append(link);
}
