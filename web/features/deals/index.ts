/** What other features and the app use of deals. The deal page is loaded by the route table on its own. */
export { dealQueryOptions, dealReviewsQueryOptions } from './api/get-deal';
export { dealListQueryOptions } from './api/get-deals';
export { DealImage } from './components/deal-image';
export { DealPrices } from './components/deal-prices';
export { RefundTerms } from './components/refund-terms';
export { ShopperOnly } from './components/shopper-only';
export { dealImageSrc, placeholderImage, preloadImage } from './deal-images';
export { HomePage, startHomePage } from './home-page';
