/** Every favourites read starts with this key, so one invalidation refreshes them all. */
import { favoriteEndpoints } from '../../../../contract/addresses';
import { keyRootOf } from '../../../lib/api-client';

export const favoritesQueryRoot = keyRootOf(favoriteEndpoints.list);
