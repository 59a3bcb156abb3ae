/**
 * Reading the local cart of docs/product/screens.md#the-local-cart (localStorage key `cart`: [{dealId, quantity, deal?}]) and hearing it change:
 * what the header's count needs on the first page. Changing it is in cart-storage.ts.
 */
import type { Deal } from '../../contract/deals';

export const CART_STORAGE_KEY = 'cart';
/** Fired on window when this tab changes the cart. */
export const CART_CHANGE_EVENT = 'dealmarket:cart-change';

/** What the cart remembers of a deal, so it can show a line before the deal's fresh copy arrives. */
export type CartDealSnapshot = Partial<Pick<Deal, 'title' | 'description' | 'imageUrl' | 'originalPriceCents' | 'maxPerUser' | 'remaining'>> & {
  priceCents?: number;
};

export interface CartItem {
  dealId: string;
  quantity: number;
  deal?: CartDealSnapshot;
}

function isCartItem(value: unknown): value is CartItem {
  if (!value || typeof value !== 'object') return false;
  const item = value as Record<string, unknown>;
  return typeof item.dealId === 'string' && typeof item.quantity === 'number' && Number.isFinite(item.quantity);
}

/** The stored cart's text, or null when there is none (or storage cannot be read). */
export function readRaw(): string | null {
  try {
    return window.localStorage.getItem(CART_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The items of a stored cart's text; anything malformed reads as an empty cart. */
export function parseCart(raw: string | null): CartItem[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isCartItem) : [];
  } catch {
    return [];
  }
}

/** The stored cart; anything malformed reads as an empty cart rather than breaking the page. */
export function readCart(): CartItem[] {
  return parseCart(readRaw());
}

/** Units in the cart: the sum of the item quantities. */
export function readCartCount(): number {
  return readCart().reduce((sum, item) => sum + Math.max(0, Math.floor(item.quantity)), 0);
}

/** Calls back when the cart changes in this tab (writeCart) or in another tab (the storage event). */
export function subscribeToCart(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === CART_STORAGE_KEY) onChange();
  };
  window.addEventListener(CART_CHANGE_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CART_CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}
