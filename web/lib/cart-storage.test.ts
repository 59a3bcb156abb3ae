// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addToCart,
  CART_STORAGE_KEY,
  clearCart,
  maxQuantityFor,
  readCart,
  readCartCount,
  readCartSnapshot,
  removeDealsFromCart,
  removeFromCart,
  setCartQuantity,
  subscribeToCart,
  writeCart,
} from './cart-storage';

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

  it('hears changes made in another tab through the storage event', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToCart(listener);
    window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'sessionId' }));
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });
});

describe('cart changes (docs/product/screens.md#the-local-cart)', () => {
  it('appends a new deal and adds one more unit of a deal already in the cart', () => {
    expect(addToCart('a', { priceCents: 1999, title: 'Sushi' })).toEqual({ status: 'added', quantity: 1 });
    expect(addToCart('b', { priceCents: 3999 })).toEqual({ status: 'added', quantity: 1 });
    expect(addToCart('a')).toEqual({ status: 'added', quantity: 2 });
    expect(readCart()).toEqual([
      { dealId: 'a', quantity: 2, deal: { priceCents: 1999, title: 'Sushi' } },
      { dealId: 'b', quantity: 1, deal: { priceCents: 3999 } },
    ]);
  });

  it('stops at the per-customer cap and at what is left, whichever is lower', () => {
    addToCart('a', { maxPerUser: 2, remaining: null });
    addToCart('a');
    expect(addToCart('a')).toEqual({ status: 'at-limit', limit: 2 });
    expect(readCartCount()).toBe(2);
    addToCart('b', { maxPerUser: 4, remaining: 1 });
    expect(addToCart('b')).toEqual({ status: 'at-limit', limit: 1 });
    expect(maxQuantityFor(undefined)).toBe(Number.POSITIVE_INFINITY);
    expect(maxQuantityFor({ maxPerUser: 3, remaining: 10 })).toBe(3);
  });

  it('removes a line when its quantity is set to zero or less, and clears', () => {
    writeCart([{ dealId: 'a', quantity: 2 }, { dealId: 'b', quantity: 1 }]);
    expect(setCartQuantity('a', 3)).toBe('updated');
    expect(readCart()[0]).toEqual({ dealId: 'a', quantity: 3 });
    expect(setCartQuantity('a', 0)).toBe('removed');
    expect(setCartQuantity('b', -1)).toBe('removed');
    expect(readCart()).toEqual([]);
    writeCart([{ dealId: 'a', quantity: 2 }]);
    removeFromCart('a');
    expect(readCart()).toEqual([]);
    writeCart([{ dealId: 'a', quantity: 2 }]);
    clearCart();
    expect(readCartCount()).toBe(0);
  });

  it('drops only the lines of the deals just bought', () => {
    writeCart([{ dealId: 'a', quantity: 2 }, { dealId: 'b', quantity: 1 }, { dealId: 'c', quantity: 1 }]);
    removeDealsFromCart(['a', 'c']);
    expect(readCart()).toEqual([{ dealId: 'b', quantity: 1 }]);
  });

  it('hands out the same snapshot until the stored cart changes', () => {
    writeCart([{ dealId: 'a', quantity: 1 }]);
    const first = readCartSnapshot();
    expect(readCartSnapshot()).toBe(first);
    addToCart('a');
    expect(readCartSnapshot()).not.toBe(first);
    expect(readCartSnapshot()[0]?.quantity).toBe(2);
  });
});
