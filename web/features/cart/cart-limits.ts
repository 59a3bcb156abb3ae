/** How the cart words a deal's purchase limits, in the phrasing the checkout API uses for the same refusals. */
import type { CartDealSnapshot } from '../../lib/cart-storage';

export function limitMessage(deal: CartDealSnapshot, limit: number): string {
  const title = deal.title ?? 'this deal';
  if (limit <= 0) return `"${title}" is sold out`;
  if (deal.remaining !== undefined && deal.remaining !== null && deal.remaining <= limit) return `Only ${deal.remaining} left of "${title}"`;
  return `You can buy at most ${limit} of "${title}"`;
}

/** The short hint under a quantity stepper, or null when nothing limits it. */
export function limitHint(deal: CartDealSnapshot | undefined, quantity: number): string | null {
  if (!deal) return null;
  const cap = deal.maxPerUser !== undefined && deal.maxPerUser > 0 ? deal.maxPerUser : null;
  const left = deal.remaining !== undefined ? deal.remaining : null;
  if (left !== null && (cap === null || left < cap)) {
    return quantity >= left ? `Only ${left} left` : `${left} left`;
  }
  if (cap !== null) return quantity >= cap ? `Limit ${cap} per customer reached` : `Limit ${cap} per customer`;
  return null;
}
