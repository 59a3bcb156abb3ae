/** Cart lines joined with the deals the API sent for them: what each line shows and what the order adds up to. */
import type { Deal, DealAllowance } from '../../../contract/deals';
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
  /** The signed-in customer's allowance of the deal, once read (GET /api/deals/{id}/allowance). */
  allowance: DealAllowance | undefined;
  /** Units this line may hold at most by the deal's own limits (Infinity when nothing is known to limit it). */
  dealMax: number;
  /** Units this line may hold at most: `dealMax`, and no more than the customer's allowance still holds. */
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

/** `allowances`, index by index with `items`: each deal's allowance of the signed-in customer, where it has been read. */
export function buildCartLines(items: CartItem[], lookups: DealLookup[], allowances: (DealAllowance | undefined)[] = []): CartLine[] {
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
    const allowance = allowances[index];
    const dealMax = maxQuantityFor(deal);
    return {
      dealId: item.dealId,
      quantity,
      deal,
      fresh,
      loading: lookup?.isPending ?? false,
      unavailable: (lookup?.isGone ?? false) || (fresh !== undefined && (!fresh.active || fresh.soldOut)),
      allowance,
      dealMax,
      max: allowance ? Math.min(dealMax, allowance.remaining) : dealMax,
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
