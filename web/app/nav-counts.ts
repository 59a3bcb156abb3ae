/** The count on the header's Cart badge: the units in the local cart, following every change to it. */
import { useSyncExternalStore } from 'react';
import { readCartCount, subscribeToCart } from '../lib/cart-read';

const serverCartCount = () => 0;

export function useCartCount(): number {
  return useSyncExternalStore(subscribeToCart, readCartCount, serverCartCount);
}
