/** Every favourites read starts with this key, so one invalidation refreshes them all. */
export const favoritesQueryRoot = ['/api/favorites'] as const;
