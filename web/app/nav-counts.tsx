/**
 * The counts on the header's Favorites and Cart badges. The cart count is read from the local cart; the favourites
 * count from the signed-in user's favourites list (loaded on login, gone on logout), hearts still in flight included.
 */
import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useFavoritesCount } from '../features/favorites/api/get-favorites';
import { readCartCount, subscribeToCart } from '../lib/cart-storage';

interface NavCountsValue {
  favorites: number;
  cart: number;
}

const NavCountsContext = createContext<NavCountsValue | null>(null);

const serverCartCount = () => 0;

export function NavCountsProvider({ children }: { children: ReactNode }) {
  const favorites = useFavoritesCount();
  const cart = useSyncExternalStore(subscribeToCart, readCartCount, serverCartCount);
  const value = useMemo(() => ({ favorites, cart }), [favorites, cart]);
  return <NavCountsContext.Provider value={value}>{children}</NavCountsContext.Provider>;
}

function useNavCountsContext(): NavCountsValue {
  const value = useContext(NavCountsContext);
  if (!value) throw new Error('useNavCounts must be used inside <NavCountsProvider>');
  return value;
}

export function useNavCounts(): { favorites: number; cart: number } {
  return useNavCountsContext();
}
