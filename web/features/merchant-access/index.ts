/** The frame of the merchant's back-office pages, which only the owner account sees. */
export { OwnerOnly, OwnerPage, PageFrame, useMerchantAccess, type MerchantAccess } from './owner-page';
