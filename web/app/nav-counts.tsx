/**
 * The counts on the header's Favorites and Cart badges. The cart count is read from the local cart;
 * the favourites count is reported by whichever screen holds the favourites (via useSetFavoritesCount).
 */
import { createContext, useContext, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { readCartCount, subscribeToCart } from '../lib/cart-storage';

interface NavCountsValue {
  favorites: number;
  cart: number;
  setFavorites: (count: number) => void;
}

const NavCountsContext = createContext<NavCountsValue | null>(null);

const serverCartCount = () => 0;

export function NavCountsProvider({ children }: { children: ReactNode }) {
  const [favorites, setFavorites] = useState(0);
  const cart = useSyncExternalStore(subscribeToCart, readCartCount, serverCartCount);
  const value = useMemo(() => ({ favorites, cart, setFavorites }), [favorites, cart]);
  return <NavCountsContext.Provider value={value}>{children}</NavCountsContext.Provider>;
}

function useNavCountsContext(): NavCountsValue {
  const value = useContext(NavCountsContext);
  if (!value) throw new Error('useNavCounts must be used inside <NavCountsProvider>');
  return value;
}

export function useNavCounts(): { favorites: number; cart: number } {
  const { favorites, cart } = useNavCountsContext();
  return { favorites, cart };
}

/** Lets the favourites feature publish how many deals the user has saved. */
export function useSetFavoritesCount(): (count: number) => void {
  return useNavCountsContext().setFavorites;
}
