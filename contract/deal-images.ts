/**
 * A deal's picture: its own, a bundled demo image, or the placeholder. The screens draw it, and the server names it in
 * the deal page's HTML (a high-priority preload and the link preview's image) before the app has run.
 */

/** docs/product/screens.md#home: these demo deals get a bundled image when their imageUrl is empty. */
const BUNDLED_IMAGES: Readonly<Record<string, string>> = {
  'Premium Sushi Platter for 2': '/images/deals/sushi-platter.svg',
  'Luxury Spa Day Package': '/images/deals/spa-day.svg',
  'Fine Dining Experience': '/images/deals/fine-dining.svg',
};

export type PlaceholderSize = 'card' | 'small';

export function placeholderImage(size: PlaceholderSize): string {
  return size === 'card' ? '/api/placeholder/400/300' : '/api/placeholder/200/200';
}

/** The image to show first: the deal's own, else a bundled demo image, else the placeholder. */
export function dealImageSrc(deal: { imageUrl: string; title: string }, size: PlaceholderSize = 'card'): string {
  const own = deal.imageUrl.trim();
  if (own !== '') return own;
  return BUNDLED_IMAGES[deal.title] ?? placeholderImage(size);
}
