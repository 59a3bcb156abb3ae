/** The local cart of docs/product/screens.md#the-local-cart (localStorage key `cart`: [{dealId, quantity, deal?}]) as a subscribable store. */
import type { Deal } from '../../contract/deals';
import { CART_CHANGE_EVENT, CART_STORAGE_KEY, parseCart, readCart, readRaw, type CartDealSnapshot, type CartItem } from './cart-read';

export {
  CART_STORAGE_KEY,
  readCart,
  readCartCount,
  subscribeToCart,
  type CartDealSnapshot,
  type CartItem,
} from './cart-read';

let snapshotRaw: string | null | undefined;
let snapshot: CartItem[] = [];

/**
 * The cart as an unchanging value until the stored text changes, as useSyncExternalStore needs
 * (a fresh array on every read would re-render forever).
 */
export function readCartSnapshot(): CartItem[] {
  const raw = readRaw();
  if (raw !== snapshotRaw) {
    snapshotRaw = raw;
    snapshot = parseCart(raw);
  }
  return snapshot;
}

export function writeCart(items: CartItem[]): void {
  try {
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(items));
  } catch {
    // Storage full or disabled: the cart cannot persist, but listeners still hear the change below.
  }
  window.dispatchEvent(new Event(CART_CHANGE_EVENT));
}

/** The most units of a deal one cart line may hold: its per-customer cap and what is left, where known. */
export function maxQuantityFor(deal: CartDealSnapshot | undefined): number {
  let max = Number.POSITIVE_INFINITY;
  if (deal?.maxPerUser !== undefined && deal.maxPerUser > 0) max = Math.min(max, deal.maxPerUser);
  if (deal?.remaining !== undefined && deal.remaining !== null) max = Math.min(max, Math.max(0, deal.remaining));
  return max;
}

export type AddToCartResult = { status: 'added'; quantity: number } | { status: 'at-limit'; limit: number };

/**
 * Adds units of a deal (docs/product/screens.md#the-local-cart): one more of a deal already in the cart, else a new line.
 * Never goes past the deal's limit; the caller hears when the cart already holds the most it may.
 */
export function addToCart(dealId: string, deal?: CartDealSnapshot, quantity = 1): AddToCartResult {
  const items = readCart();
  const existing = items.find((item) => item.dealId === dealId);
  const limit = maxQuantityFor(deal ?? existing?.deal);
  const current = existing ? Math.max(0, Math.floor(existing.quantity)) : 0;
  const next = Math.min(current + Math.max(1, Math.floor(quantity)), limit);
  if (next <= current) return { status: 'at-limit', limit };
  const updated = existing
    ? items.map((item) => (item.dealId === dealId ? { ...item, quantity: next, deal: deal ?? item.deal } : item))
    : [...items, deal ? { dealId, quantity: next, deal } : { dealId, quantity: next }];
  writeCart(updated);
  return { status: 'added', quantity: next };
}

/** Sets a line's quantity; zero or less removes the line (docs/product/screens.md#the-local-cart). Answers whether it was removed. */
export function setCartQuantity(dealId: string, quantity: number): 'updated' | 'removed' {
  const items = readCart();
  if (quantity <= 0) {
    writeCart(items.filter((item) => item.dealId !== dealId));
    return 'removed';
  }
  writeCart(items.map((item) => (item.dealId === dealId ? { ...item, quantity: Math.floor(quantity) } : item)));
  return 'updated';
}

export function removeFromCart(dealId: string): void {
  writeCart(readCart().filter((item) => item.dealId !== dealId));
}

/** Drops the lines of deals just bought, leaving anything else the shopper had put aside. */
export function removeDealsFromCart(dealIds: Iterable<string>): void {
  const bought = new Set(dealIds);
  const items = readCart();
  const kept = items.filter((item) => !bought.has(item.dealId));
  if (kept.length !== items.length) writeCart(kept);
}

export function clearCart(): void {
  writeCart([]);
}

/** The part of a deal worth remembering in the cart. */
export function cartSnapshotOf(deal: Deal): CartDealSnapshot {
  return {
    title: deal.title,
    description: deal.description,
    imageUrl: deal.imageUrl,
    priceCents: deal.priceCents,
    originalPriceCents: deal.originalPriceCents,
    maxPerUser: deal.maxPerUser,
    remaining: deal.remaining,
  };
}
