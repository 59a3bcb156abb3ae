/** A deal's group offer, when it has one, and whether a group of it can be started or joined now. */
import type { Deal } from '../../../contract/deals';
import { translate } from '../../i18n';

export interface GroupOffer {
  size: number;
  priceCents: number;
  windowHours: number;
}

export function groupOfferOf(deal: Deal): GroupOffer | null {
  if (deal.groupSize === null || deal.groupPriceCents === null) return null;
  return { size: deal.groupSize, priceCents: deal.groupPriceCents, windowHours: deal.groupWindowHours };
}

/** Groups are bought like single units: only while the deal is on sale and not sold out. */
export function groupsOpenFor(deal: Deal): boolean {
  return groupOfferOf(deal) !== null && deal.active && !deal.soldOut;
}

/** '3 people · 24 h to fill' */
export function groupOfferHint(offer: GroupOffer): string {
  return translate('groups:offer.hint', { size: offer.size, hours: offer.windowHours });
}

/** '1 seat left', '3 seats left' */
export function seatsLeftText(seats: number): string {
  return translate('groups:offer.seatsLeft', { count: seats });
}
