/** How the cart words a deal's purchase limits, in the phrasing the checkout API uses for the same refusals. */
import type { DealAllowance } from '../../../contract/deals';
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

/** The toast when the cart cannot take more of a deal because of what the customer has bought or holds already. */
export function allowanceMessage(deal: CartDealSnapshot, remaining: number): string {
  const title = deal.title ?? translate('cart:limits.thisDeal');
  if (remaining <= 0) return translate('cart:limits.allowanceReachedOf', { title });
  return translate('cart:limits.allowanceMoreOf', { count: remaining, title });
}

/**
 * The hint under a line's stepper when the customer's allowance is what limits it (they have some units counted and fewer
 * remain than the deal's other limits allow), or null when it is not: 'You can buy 1 more', red once the line holds more.
 */
export function allowanceHint(allowance: DealAllowance | undefined, quantity: number, otherMax: number): { text: string; over: boolean } | null {
  if (!allowance || allowance.bought + allowance.held === 0 || allowance.remaining >= otherMax) return null;
  const main =
    allowance.remaining === 0
      ? translate('cart:limits.allowanceReached', { limit: formatCount(allowance.limit) })
      : quantity > allowance.remaining
        ? translate('cart:limits.allowanceOver', { count: allowance.remaining })
        : translate('cart:limits.allowanceMore', { count: allowance.remaining });
  const held = allowance.held > 0 ? ` ${translate('cart:limits.allowanceHeld', { count: allowance.held })}` : '';
  return { text: `${main}${held}`, over: quantity > allowance.remaining };
}
