/** What other features and the app use of checkout (Buy Now goes in the deal page's slot). The checkout and success pages are loaded by the route table on their own. */
export { useStartCheckout } from './api/start-checkout';
export { BuyNowButton } from './components/buy-now-button';
export { goToPaymentPage, useResetOnReturn } from './payment-page';
