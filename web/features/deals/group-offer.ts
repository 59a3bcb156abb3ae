/** A deal's group offer (ADR 029), which the cards and the deal page show and groups sells. */
import type { Deal } from '../../../contract/deals';

/** The group's size, its price per place and the hours it has to fill. */
export interface GroupOffer {
  size: number;
  priceCents: number;
  windowHours: number;
}

/** The deal's group offer, when it has one. */
export function groupOfferOf(deal: Deal): GroupOffer | null {
  if (deal.groupSize === null || deal.groupPriceCents === null) return null;
  return { size: deal.groupSize, priceCents: deal.groupPriceCents, windowHours: deal.groupWindowHours };
}
