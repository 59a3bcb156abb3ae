/** What other features use of the merchant's deals: the badge naming a deal's state. */
export { MerchantDealStatusBadge } from './components/deal-status-badge';
