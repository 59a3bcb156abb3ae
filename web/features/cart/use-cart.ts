/** The local cart as React state, live across this tab's screens and other tabs. */
import { useSyncExternalStore } from 'react';
import { readCartSnapshot, subscribeToCart, type CartItem } from '../../lib/cart-storage';

const EMPTY: CartItem[] = [];
const serverSnapshot = () => EMPTY;

export function useCart(): CartItem[] {
  return useSyncExternalStore(subscribeToCart, readCartSnapshot, serverSnapshot);
}
