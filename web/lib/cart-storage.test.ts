// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_STORAGE_KEY, readCart, readCartCount, subscribeToCart, writeCart } from './cart-storage';

beforeEach(() => {
  localStorage.clear();
});

describe('cart storage', () => {
  it('counts the units in the stored cart', () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([{ dealId: 'a', quantity: 2 }, { dealId: 'b', quantity: 1, deal: { priceCents: 1999 } }]));
    expect(readCartCount()).toBe(3);
  });

  it('reads malformed storage as an empty cart and skips malformed items', () => {
    localStorage.setItem(CART_STORAGE_KEY, '{oops');
    expect(readCart()).toEqual([]);
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([{ dealId: 'a', quantity: 1 }, { quantity: 4 }, 'x']));
    expect(readCart()).toEqual([{ dealId: 'a', quantity: 1 }]);
  });

  it('tells subscribers when the cart changes', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToCart(listener);
    writeCart([{ dealId: 'a', quantity: 1 }]);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(readCartCount()).toBe(1);
    unsubscribe();
    writeCart([]);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
