/** What other features use of checkout. The checkout and success pages are loaded by the route table on their own. */
export { checkoutErrorMessage, useStartCheckout } from './api/start-checkout';
export { BuyNowButton } from './components/buy-now-button';
export { goToPaymentPage, useResetOnReturn } from './payment-page';
