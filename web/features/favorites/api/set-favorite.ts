/** POST /api/favorites and DELETE /api/favorites/{dealId}: shown at once, confirmed by the server, rolled back when refused. */
import type { QueryClient } from '@tanstack/react-query';
import type { Deal } from '../../../../contract/deals';
import { favoriteEndpoints } from '../../../../contract/addresses';
import { toast } from '../../../components/ui/toast';
import { translate } from '../../../i18n';
import { api } from '../../../lib/api-client';
import { favoritesQueryRoot } from './favorites-key';
import { clearFavoritePending, isFavoritePending, markFavoritePending } from './pending-favorites';

export async function addFavorite(dealId: string): Promise<void> {
  await api(favoriteEndpoints.add, { body: { dealId } });
}

export async function removeFavorite(dealId: string): Promise<void> {
  await api(favoriteEndpoints.remove, { params: { dealId } });
}

/**
 * Makes a deal a favourite (wanted = true) or not. One change per deal runs at a time, so two quick taps cannot
 * reach the server out of order; a tap while one runs is ignored. Answers whether the change was made.
 */
export async function setFavorite(queryClient: QueryClient, dealId: string, wanted: boolean): Promise<boolean> {
  if (isFavoritePending(dealId)) return false;
  markFavoritePending(dealId, wanted);
  return sendFavoriteChange(queryClient, dealId, wanted);
}

/** The request part of setFavorite, for a change already marked pending (markFavoritePending); it clears the mark. */
export async function sendFavoriteChange(queryClient: QueryClient, dealId: string, wanted: boolean): Promise<boolean> {
  try {
    await (wanted ? addFavorite(dealId) : removeFavorite(dealId));
    if (!wanted) {
      queryClient.setQueriesData<Deal[]>({ queryKey: favoritesQueryRoot }, (list) => list?.filter((deal) => deal.id !== dealId));
    }
    // The change stays pending until the refreshed list carries it, so the heart never flickers back meanwhile.
    await queryClient.invalidateQueries({ queryKey: favoritesQueryRoot });
    toast(
      wanted
        ? { title: translate('deals:favorite.added'), description: translate('deals:favorite.addedHint'), variant: 'success' }
        : { title: translate('deals:favorite.removed'), variant: 'success' },
    );
    return true;
  } catch {
    toast({
      title: translate('deals:favorite.failed'),
      description: wanted ? translate('deals:favorite.addFailed') : translate('deals:favorite.removeFailed'),
      variant: 'destructive',
    });
    return false;
  } finally {
    clearFavoritePending(dealId);
  }
}
