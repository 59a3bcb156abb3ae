/** How the cart words a deal's purchase limits, in the phrasing the checkout API uses for the same refusals. */
import { translate } from '../../i18n';
import type { CartDealSnapshot } from '../../lib/cart-storage';
import { formatCount } from '../../lib/numbers';

export function limitMessage(deal: CartDealSnapshot, limit: number): string {
  const title = deal.title ?? translate('cart:limits.thisDeal');
  if (limit <= 0) return translate('cart:limits.soldOut', { title });
  if (deal.remaining !== undefined && deal.remaining !== null && deal.remaining <= limit) return translate('cart:limits.onlyLeftOf', { left: formatCount(deal.remaining), title });
  return translate('cart:limits.atMost', { limit: formatCount(limit), title });
}

/** The short hint under a quantity stepper, or null when nothing limits it. */
export function limitHint(deal: CartDealSnapshot | undefined, quantity: number): string | null {
  if (!deal) return null;
  const cap = deal.maxPerUser !== undefined && deal.maxPerUser > 0 ? deal.maxPerUser : null;
  const left = deal.remaining !== undefined ? deal.remaining : null;
  if (left !== null && (cap === null || left < cap)) {
    return quantity >= left ? translate('cart:limits.onlyLeft', { left: formatCount(left) }) : translate('cart:limits.left', { left: formatCount(left) });
  }
  if (cap !== null) {
    return quantity >= cap ? translate('cart:limits.perCustomerReached', { cap: formatCount(cap) }) : translate('cart:limits.perCustomer', { cap: formatCount(cap) });
  }
  return null;
}
