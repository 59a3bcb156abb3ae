/** Whether a group of a deal can be started or joined now, and the offer's wording (the offer itself is the deal's: deals' groupOfferOf). */
import type { Deal } from '../../../contract/deals';
import { translate } from '../../i18n';
import { groupOfferOf, type GroupOffer } from '../deals';

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
