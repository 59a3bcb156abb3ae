/** Shopper-facing wording and images for a deal, shared by the card and the detail page. */
import { VOUCHER_VALID_DAYS } from '../../../contract/constants';
import type { Deal } from '../../../contract/deals';
import { formatDay } from '../../lib/dates';

/** SPEC.md §2: these demo deals get a bundled image when their imageUrl is empty. */
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

export function validityLabel(deal: Pick<Deal, 'validUntil'>): string {
  if (deal.validUntil) {
    const day = formatDay(deal.validUntil);
    if (day) return `Valid until ${day}`;
  }
  return `Valid for ${VOUCHER_VALID_DAYS} days`;
}

/** Real sales (DECISIONS.md D2); a deal nobody bought yet is introduced as new rather than as '0 bought'. */
export function boughtLabel(deal: Pick<Deal, 'boughtCount'>): string {
  return deal.boughtCount > 0 ? `${deal.boughtCount.toLocaleString('en-US')} bought` : 'New deal';
}
