/** Shopper-facing wording for a deal, shared by the card and the detail page (its images are in deal-images.ts). */
import { VOUCHER_VALID_DAYS } from '../../../contract/constants';
import type { Deal } from '../../../contract/deals';
import { translate } from '../../i18n';
import { formatDay } from '../../lib/dates';
import { formatCount } from '../../lib/numbers';

export { dealImageSrc, placeholderImage, type PlaceholderSize } from './deal-images';

export function validityLabel(deal: Pick<Deal, 'validUntil'>): string {
  if (deal.validUntil) {
    const day = formatDay(deal.validUntil);
    if (day) return translate('deals:card.validUntil', { day });
  }
  return translate('deals:card.validFor', { count: VOUCHER_VALID_DAYS });
}

/** Real sales (ADR 011); a deal nobody bought yet is introduced as new rather than as '0 bought'. */
export function boughtLabel(deal: Pick<Deal, 'boughtCount'>): string {
  return deal.boughtCount > 0 ? translate('deals:card.bought', { number: formatCount(deal.boughtCount) }) : translate('deals:card.newDeal');
}

/** Stars and a count are shown only for a deal with reviews: a zero is never shown as a selling point. */
export const hasReviews = (deal: Pick<Deal, 'reviewCount'>): boolean => deal.reviewCount > 0;

/** The same figures read out: "Rated 4.6 out of 5 from 12 reviews". */
export function ratingSpoken(deal: Pick<Deal, 'rating' | 'reviewCount'>): string {
  return translate('deals:card.rated', { count: deal.reviewCount, rating: deal.rating.toFixed(1), reviews: formatCount(deal.reviewCount) });
}

/** Units left at which a card says "Only N left". */
export const FEW_LEFT = 10;

/** "Only 3 left" while 1 to FEW_LEFT units remain of a limited offer; otherwise null. */
export function fewLeftLabel(deal: Pick<Deal, 'remaining' | 'soldOut'>): string | null {
  return !deal.soldOut && deal.remaining !== null && deal.remaining >= 1 && deal.remaining <= FEW_LEFT
    ? translate('deals:card.fewLeft', { count: deal.remaining })
    : null;
}

const MINUTE = 60_000;
/** A deal ending within this long shows its countdown. */
export const COUNTDOWN_WINDOW_MS = 72 * 60 * MINUTE;

/** Milliseconds until the deal's validity ends, when that is in the next 72 hours; otherwise null. */
export function msUntilEnd(deal: Pick<Deal, 'validUntil'>, now: number): number | null {
  const end = deal.validUntil ? Date.parse(deal.validUntil) : Number.NaN;
  if (Number.isNaN(end)) return null;
  const left = end - now;
  return left > 0 && left <= COUNTDOWN_WINDOW_MS ? left : null;
}

/** "Ends in 2d 4h", "Ends in 3h 12m", "Ends in 5m" (never below a minute) for a time left in milliseconds. */
export function endsInLabel(ms: number): string {
  const minutes = Math.max(1, Math.floor(ms / MINUTE));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return translate('deals:card.endsInDays', { days, hours });
  if (hours > 0) return translate('deals:card.endsInHours', { hours, minutes: minutes % 60 });
  return translate('deals:card.endsInMinutes', { minutes });
}

/** "1.2 km", or "350 m" below a kilometre. */
export function distanceLabel(km: number): string {
  const metres = Math.round(km * 100) * 10;
  if (metres < 1000) return translate('deals:card.metres', { metres: Math.max(10, metres) });
  return translate('deals:card.km', { km: km < 10 ? km.toFixed(1) : formatCount(Math.round(km)) });
}
