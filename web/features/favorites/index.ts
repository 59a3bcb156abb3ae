/** What other features and the app use of favourites. */
export { useFavoritesCount } from './api/get-favorites';
export { FavoriteButton } from './components/favorite-button';
