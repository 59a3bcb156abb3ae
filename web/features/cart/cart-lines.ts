/** Cart lines joined with the deals the API sent for them: what each line shows and what the order adds up to. */
import type { Deal } from '../../../contract/deals';
import { maxQuantityFor, type CartDealSnapshot, type CartItem } from '../../lib/cart-storage';

export interface CartLine {
  dealId: string;
  quantity: number;
  /** The freshest facts known: the API's deal when it arrived, else what the cart remembered. */
  deal: CartDealSnapshot;
  /** The API's deal, once loaded. */
  fresh: Deal | undefined;
  loading: boolean;
  /** The deal no longer exists, or cannot be bought now. */
  unavailable: boolean;
  /** Units this line may hold at most (Infinity when nothing is known to limit it). */
  max: number;
  /** Unit price times quantity, when a price is known. */
  lineTotalCents: number | null;
}

export interface DealLookup {
  data: Deal | undefined;
  isPending: boolean;
  /** The API answered that the deal does not exist (or is not shown to shoppers any more). */
  isGone: boolean;
}

export function buildCartLines(items: CartItem[], lookups: DealLookup[]): CartLine[] {
  return items.map((item, index) => {
    const lookup = lookups[index];
    const fresh = lookup?.data;
    const deal: CartDealSnapshot = fresh
      ? {
          title: fresh.title,
          description: fresh.description,
          imageUrl: fresh.imageUrl,
          priceCents: fresh.priceCents,
          originalPriceCents: fresh.originalPriceCents,
          maxPerUser: fresh.maxPerUser,
          remaining: fresh.remaining,
        }
      : (item.deal ?? {});
    const quantity = Math.max(1, Math.floor(item.quantity));
    return {
      dealId: item.dealId,
      quantity,
      deal,
      fresh,
      loading: lookup?.isPending ?? false,
      unavailable: (lookup?.isGone ?? false) || (fresh !== undefined && (!fresh.active || fresh.soldOut)),
      max: maxQuantityFor(deal),
      lineTotalCents: deal.priceCents !== undefined ? deal.priceCents * quantity : null,
    };
  });
}

export interface CartSummary {
  units: number;
  totalCents: number;
  /** What the shopper saves against the original prices. */
  savingsCents: number;
  /** Some line has no known price yet, so the total is not final. */
  incomplete: boolean;
}

export function summarizeCart(lines: CartLine[]): CartSummary {
  let units = 0;
  let totalCents = 0;
  let savingsCents = 0;
  let incomplete = false;
  for (const line of lines) {
    units += line.quantity;
    if (line.lineTotalCents === null) {
      incomplete = true;
      continue;
    }
    totalCents += line.lineTotalCents;
    const original = line.deal.originalPriceCents;
    const price = line.deal.priceCents;
    if (original !== undefined && original !== null && price !== undefined && original > price) {
      savingsCents += (original - price) * line.quantity;
    }
  }
  return { units, totalCents, savingsCents, incomplete };
}
