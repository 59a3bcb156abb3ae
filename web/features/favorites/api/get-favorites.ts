/** GET /api/favorites: the signed-in user's favourite deals (docs/product/api.md#favourites), and the ids and count derived from them. */
import { useMemo } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Deal } from '../../../../contract/deals';
import { favoriteEndpoints } from '../../../../contract/addresses';
import { api } from '../../../lib/api-client';
import { useCurrentUser } from '../../auth';
import { favoriteIds } from '../favorite-ids';
import { favoritesQueryRoot } from './favorites-key';
import { usePendingFavorites } from './pending-favorites';

export { favoritesQueryRoot };

export async function fetchFavorites(signal?: AbortSignal): Promise<Deal[]> {
  const list: unknown = await api(favoriteEndpoints.list, {}, { signal });
  if (!Array.isArray(list)) throw new Error('The favorites answer is not a list');
  return list as Deal[];
}

/** Keyed by the user, so an account never sees the list of the one signed in before it. */
export function favoritesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...favoritesQueryRoot, userId] as const,
    queryFn: ({ signal }) => fetchFavorites(signal),
  });
}

/** The favourites of whoever is signed in: loaded once a user is known, absent for guests. */
export function useFavorites() {
  const { user, isLoading } = useCurrentUser();
  const query = useQuery({ ...favoritesQueryOptions(user?.id ?? ''), enabled: user !== null });
  return { user, userLoading: isLoading, query };
}

/** Ids of the deals shown as favourites right now, changes in flight included. */
export function useFavoriteIds(): Set<string> {
  const { query } = useFavorites();
  const pending = usePendingFavorites();
  const { data } = query;
  return useMemo(() => favoriteIds((data ?? []).map((deal) => deal.id), pending), [data, pending]);
}

/** The header's Favorites badge: 0 for guests, and it follows every heart at once. */
export function useFavoritesCount(): number {
  return useFavoriteIds().size;
}
