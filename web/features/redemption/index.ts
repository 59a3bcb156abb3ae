/** What other features use of redemption: the merchant-login prompt of the merchant screens. The screens themselves are loaded by the route table. */
export { MerchantLoginPrompt } from './components/merchant-login-prompt';
