/** What other features and the app use of merchants. */
export { merchantQueryOptions } from './api/get-merchant';
export { MerchantCard } from './components/merchant-card';
export { parseBusinessHours, type HoursPeriod } from './api/get-merchant';
export { MerchantLocation } from './components/merchant-location';
export { VoucherVenue } from './components/voucher-venue';
