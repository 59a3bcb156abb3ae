/** Shopper-facing wording for a deal, shared by the card and the detail page (its images are in deal-images.ts). */
import { VOUCHER_VALID_DAYS } from '../../../contract/constants';
import type { Deal } from '../../../contract/deals';
import { formatDay } from '../../lib/dates';
import { formatCount } from '../../lib/numbers';

export { dealImageSrc, placeholderImage, type PlaceholderSize } from './deal-images';

export function validityLabel(deal: Pick<Deal, 'validUntil'>): string {
  if (deal.validUntil) {
    const day = formatDay(deal.validUntil);
    if (day) return `Valid until ${day}`;
  }
  return `Valid for ${VOUCHER_VALID_DAYS} days`;
}

/** Real sales (ADR 011); a deal nobody bought yet is introduced as new rather than as '0 bought'. */
export function boughtLabel(deal: Pick<Deal, 'boughtCount'>): string {
  return deal.boughtCount > 0 ? `${formatCount(deal.boughtCount)} bought` : 'New deal';
}
