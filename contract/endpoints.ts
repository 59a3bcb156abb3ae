/**
 * Every endpoint of the API, for the reference's completeness test and tools; the server imports each feature's
 * own module, the web their addresses (contract/addresses.ts). Some exist only in some settings: the development
 * endpoints and the superadmin bootstrap outside production, Stripe's webhook only with Stripe.
 */
import type { EndpointDeclaration } from './endpoint';
import { authEndpoints } from './auth';
import { favoriteEndpoints } from './favorites';
import { adminAccountEndpoints, adminDealEndpoints, adminMerchantEndpoints } from './admin';
import { adminCategoryEndpoints, categoryEndpoints } from './categories';
import { dealEndpoints } from './deals';
import { merchantEndpoints } from './merchants';
import { moneyEndpoints } from './money';
import { adminOrderEndpoints, orderEndpoints } from './orders';
import { checkoutEndpoints, stripeWebhookEndpoints, voucherEndpoints } from './checkout';
import { groupEndpoints } from './groups';
import { statementEndpoints, workspaceEndpoints } from './workspace';
import { redemptionEndpoints } from './redemption';
import { devEndpoints } from './dev';
import { notificationEndpoints } from './notifications';
import { systemEndpoints } from './system';
import { photoEndpoints } from './photos';

export const endpointGroups = {
  system: systemEndpoints,
  deals: dealEndpoints,
  categories: categoryEndpoints,
  merchants: merchantEndpoints,
  auth: authEndpoints,
  favorites: favoriteEndpoints,
  money: moneyEndpoints,
  adminOrders: adminOrderEndpoints,
  statements: statementEndpoints,
  redemption: redemptionEndpoints,
  workspace: workspaceEndpoints,
  dev: devEndpoints,
  adminAccounts: adminAccountEndpoints,
  adminMerchants: adminMerchantEndpoints,
  adminDeals: adminDealEndpoints,
  adminCategories: adminCategoryEndpoints,
  checkout: checkoutEndpoints,
  stripeWebhook: stripeWebhookEndpoints,
  vouchers: voucherEndpoints,
  orders: orderEndpoints,
  groups: groupEndpoints,
  notifications: notificationEndpoints,
  photos: photoEndpoints,
} satisfies Record<string, Record<string, EndpointDeclaration>>;

export const allEndpoints: EndpointDeclaration[] = Object.values(endpointGroups).flatMap((group) => Object.values(group));
