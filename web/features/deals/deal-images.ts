/** A deal's picture: its own, a bundled demo image, or the placeholder (the home page needs this on its first load). */

import type { Deal } from '../../../contract/deals';

/** docs/product/screens.md#home: these demo deals get a bundled image when their imageUrl is empty. */
const BUNDLED_IMAGES: Record<string, string> = {
  'Premium Sushi Platter for 2': '/images/deals/sushi-platter.svg',
  'Luxury Spa Day Package': '/images/deals/spa-day.svg',
  'Fine Dining Experience': '/images/deals/fine-dining.svg',
};

export type PlaceholderSize = 'card' | 'small';

export function placeholderImage(size: PlaceholderSize): string {
  return size === 'card' ? '/api/placeholder/400/300' : '/api/placeholder/200/200';
}

/** The image to show first: the deal's own, else a bundled demo image, else the placeholder. */
export function dealImageSrc(deal: Pick<Deal, 'imageUrl' | 'title'>, size: PlaceholderSize = 'card'): string {
  const own = deal.imageUrl.trim();
  if (own !== '') return own;
  return BUNDLED_IMAGES[deal.title] ?? placeholderImage(size);
}

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
