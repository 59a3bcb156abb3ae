/**
 * The shopper features' buttons that the catalogue's cards show (docs/ARCHITECTURE.md, web/app/): deals is at the
 * bottom of the shopper features and takes them through its slots (web/features/deals/deal-actions.ts), filled here.
 * The home page's cards and the Favourites screen use these; the deal page adds its own in deal-screen.tsx.
 */
import { AddToCartButton } from '../features/cart';
import type { DealCardActions } from '../features/deals';
import { FavoriteButton } from '../features/favorites';

export const dealCardActions: DealCardActions = {
  AddToCart: AddToCartButton,
  Favorite: FavoriteButton,
  // The deal page's screen, with its slots filled: the route table loads the same module.
  preloadDealPage: () => void import('./deal-screen'),
};
