/**
 * What other features and the app use of deals, the catalogue at the bottom of the shopper features (deal-actions.ts).
 * The deal page is loaded on demand by web/app/deal-screen.tsx, which fills its slots.
 */
export { dealAllowanceQueryOptions, invalidateAllowances, useDealAllowance } from './api/get-allowance';
export { dealQueryOptions, dealReviewsQueryOptions } from './api/get-deal';
export { AllowanceNote } from './components/allowance-note';
export { dealListQueryOptions } from './api/get-deals';
export { categoriesQueryOptions } from './api/get-categories';
export { DealImage } from './components/deal-image';
export { DealPrices } from './components/deal-prices';
export { RefundTerms } from './components/refund-terms';
export { ShopperOnly } from './components/shopper-only';
export type { AddToCartSlotProps, AllowanceSlot, BuyNowSlotProps, DealCardActions, DealPageActions, FavoriteSlotProps, GroupSlotProps } from './deal-actions';
export { groupOfferOf, type GroupOffer } from './group-offer';
export { DEAL_CARD_IMAGE_SIZES, DEAL_PAGE_IMAGE_SIZES, dealImageSrc, placeholderImage, preloadImage } from './deal-images';
export { default as DealPage } from './deal-page';
export { HomePage, startHomePage } from './home-page';
export { DealCard } from './components/deal-card';
export { DealCardSkeleton } from './components/deal-card-skeleton';
export { HomeLink, PageProblem } from './components/page-problem';
export { Stars } from './components/stars';
export { sortLabel } from './sort-labels';
