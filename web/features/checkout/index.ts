/**
 * What other features and the app use of checkout (Buy Now goes in the deal page's slot). The checkout page is loaded by
 * the route table on its own; the payment result by web/app/success-screen.tsx, which fills its slot.
 */
export { useStartCheckout } from './api/start-checkout';
export { BuyNowButton } from './components/buy-now-button';
export { goToPaymentPage, useResetOnReturn } from './payment-page';
export { default as SuccessPage } from './success-page';
export type { JoinedGroupSlotProps, SuccessPageSlots } from './success-slots';
