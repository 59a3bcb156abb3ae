/**
 * What other features and the app use of deals, the catalogue at the bottom of the shopper features (deal-actions.ts).
 * The deal page is loaded on demand by web/app/deal-screen.tsx, which fills its slots.
 */
export { dealQueryOptions, dealReviewsQueryOptions } from './api/get-deal';
export { dealListQueryOptions } from './api/get-deals';
export { DealImage } from './components/deal-image';
export { DealPrices } from './components/deal-prices';
export { RefundTerms } from './components/refund-terms';
export { ShopperOnly } from './components/shopper-only';
export type { AddToCartSlotProps, BuyNowSlotProps, DealCardActions, DealPageActions, FavoriteSlotProps } from './deal-actions';
export { groupOfferOf, type GroupOffer } from './group-offer';
export { dealImageSrc, placeholderImage, preloadImage } from './deal-images';
export { default as DealPage } from './deal-page';
export { HomePage, startHomePage } from './home-page';
