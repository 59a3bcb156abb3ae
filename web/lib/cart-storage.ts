/** The local cart of SPEC.md §3 (localStorage key `cart`: [{dealId, quantity, deal?}]) as a subscribable store. */
import type { Deal } from '../../contract/deals';

export const CART_STORAGE_KEY = 'cart';
const CHANGE_EVENT = 'dealmarket:cart-change';

export interface CartItem {
  dealId: string;
  quantity: number;
  deal?: Partial<Deal> & { priceCents?: number };
}

function isCartItem(value: unknown): value is CartItem {
  if (!value || typeof value !== 'object') return false;
  const item = value as Record<string, unknown>;
  return typeof item.dealId === 'string' && typeof item.quantity === 'number' && Number.isFinite(item.quantity);
}

/** The stored cart; anything malformed reads as an empty cart rather than breaking the page. */
export function readCart(): CartItem[] {
  try {
    const raw = window.localStorage.getItem(CART_STORAGE_KEY);
    if (!raw) return [];
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isCartItem) : [];
  } catch {
    return [];
  }
}

export function writeCart(items: CartItem[]): void {
  try {
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(items));
  } catch {
    // Storage full or disabled: the cart cannot persist, but listeners still hear the change below.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
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
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}
