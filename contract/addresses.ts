// Written by scripts/contract-addresses.ts from the endpoints declared in contract/ (`npm run contract:addresses`);
// do not edit. Each endpoint's method and path, typed by its declaration, for the web app's client: no zod here.
import type { Address } from './endpoint';
import type { adminAccountEndpoints as adminAccountEndpointsDeclared } from './admin';
import type { adminMerchantEndpoints as adminMerchantEndpointsDeclared } from './admin';
import type { adminDealEndpoints as adminDealEndpointsDeclared } from './admin';
import type { authEndpoints as authEndpointsDeclared } from './auth';
import type { categoryEndpoints as categoryEndpointsDeclared } from './categories';
import type { adminCategoryEndpoints as adminCategoryEndpointsDeclared } from './categories';
import type { checkoutEndpoints as checkoutEndpointsDeclared } from './checkout';
import type { stripeWebhookEndpoints as stripeWebhookEndpointsDeclared } from './checkout';
import type { voucherEndpoints as voucherEndpointsDeclared } from './checkout';
import type { dealEndpoints as dealEndpointsDeclared } from './deals';
import type { devEndpoints as devEndpointsDeclared } from './dev';
import type { favoriteEndpoints as favoriteEndpointsDeclared } from './favorites';
import type { groupEndpoints as groupEndpointsDeclared } from './groups';
import type { merchantEndpoints as merchantEndpointsDeclared } from './merchants';
import type { moneyEndpoints as moneyEndpointsDeclared } from './money';
import type { notificationEndpoints as notificationEndpointsDeclared } from './notifications';
import type { adminOrderEndpoints as adminOrderEndpointsDeclared } from './orders';
import type { orderEndpoints as orderEndpointsDeclared } from './orders';
import type { photoEndpoints as photoEndpointsDeclared } from './photos';
import type { redemptionEndpoints as redemptionEndpointsDeclared } from './redemption';
import type { systemEndpoints as systemEndpointsDeclared } from './system';
import type { statementEndpoints as statementEndpointsDeclared } from './workspace';
import type { workspaceEndpoints as workspaceEndpointsDeclared } from './workspace';

export const adminAccountEndpoints = {
  bootstrap: { method: 'POST', path: '/api/admin/bootstrap' } as Address<(typeof adminAccountEndpointsDeclared)['bootstrap']>,
  checkRole: { method: 'GET', path: '/api/admin/check-role' } as Address<(typeof adminAccountEndpointsDeclared)['checkRole']>,
  promote: { method: 'POST', path: '/api/admin/promote-superadmin' } as Address<(typeof adminAccountEndpointsDeclared)['promote']>,
};

export const adminMerchantEndpoints = {
  list: { method: 'GET', path: '/api/admin/merchants' } as Address<(typeof adminMerchantEndpointsDeclared)['list']>,
  create: { method: 'POST', path: '/api/admin/merchants' } as Address<(typeof adminMerchantEndpointsDeclared)['create']>,
  update: { method: 'PUT', path: '/api/admin/merchants/:id' } as Address<(typeof adminMerchantEndpointsDeclared)['update']>,
  setStatus: { method: 'PATCH', path: '/api/admin/merchants/:id/status' } as Address<(typeof adminMerchantEndpointsDeclared)['setStatus']>,
};

export const adminDealEndpoints = {
  list: { method: 'GET', path: '/api/admin/deals' } as Address<(typeof adminDealEndpointsDeclared)['list']>,
  create: { method: 'POST', path: '/api/admin/deals' } as Address<(typeof adminDealEndpointsDeclared)['create']>,
  update: { method: 'PUT', path: '/api/admin/deals/:id' } as Address<(typeof adminDealEndpointsDeclared)['update']>,
  setStatus: { method: 'PATCH', path: '/api/admin/deals/:id/status' } as Address<(typeof adminDealEndpointsDeclared)['setStatus']>,
  approve: { method: 'POST', path: '/api/admin/deals/:id/approve' } as Address<(typeof adminDealEndpointsDeclared)['approve']>,
  reject: { method: 'POST', path: '/api/admin/deals/:id/reject' } as Address<(typeof adminDealEndpointsDeclared)['reject']>,
  delete: { method: 'DELETE', path: '/api/admin/deals/:id' } as Address<(typeof adminDealEndpointsDeclared)['delete']>,
};

export const authEndpoints = {
  currentUser: { method: 'GET', path: '/api/auth/user' } as Address<(typeof authEndpointsDeclared)['currentUser']>,
  sendSmsCode: { method: 'POST', path: '/api/auth/send-sms-code' } as Address<(typeof authEndpointsDeclared)['sendSmsCode']>,
  verifySmsCode: { method: 'POST', path: '/api/auth/verify-sms-code' } as Address<(typeof authEndpointsDeclared)['verifySmsCode']>,
  register: { method: 'POST', path: '/api/auth/register' } as Address<(typeof authEndpointsDeclared)['register']>,
  passwordLogin: { method: 'POST', path: '/api/auth/password-login' } as Address<(typeof authEndpointsDeclared)['passwordLogin']>,
  changePassword: { method: 'PUT', path: '/api/auth/password' } as Address<(typeof authEndpointsDeclared)['changePassword']>,
  updateUser: { method: 'PATCH', path: '/api/auth/user' } as Address<(typeof authEndpointsDeclared)['updateUser']>,
  verifyEmail: { method: 'POST', path: '/api/auth/verify-email' } as Address<(typeof authEndpointsDeclared)['verifyEmail']>,
  logout: { method: 'POST', path: '/api/auth/logout' } as Address<(typeof authEndpointsDeclared)['logout']>,
};

export const categoryEndpoints = {
  list: { method: 'GET', path: '/api/categories' } as Address<(typeof categoryEndpointsDeclared)['list']>,
};

export const adminCategoryEndpoints = {
  list: { method: 'GET', path: '/api/admin/categories' } as Address<(typeof adminCategoryEndpointsDeclared)['list']>,
  create: { method: 'POST', path: '/api/admin/categories' } as Address<(typeof adminCategoryEndpointsDeclared)['create']>,
  update: { method: 'PATCH', path: '/api/admin/categories/:id' } as Address<(typeof adminCategoryEndpointsDeclared)['update']>,
  delete: { method: 'DELETE', path: '/api/admin/categories/:id' } as Address<(typeof adminCategoryEndpointsDeclared)['delete']>,
};

export const checkoutEndpoints = {
  checkout: { method: 'POST', path: '/api/checkout' } as Address<(typeof checkoutEndpointsDeclared)['checkout']>,
  paymentStatus: { method: 'GET', path: '/api/payment-status/:sessionId' } as Address<(typeof checkoutEndpointsDeclared)['paymentStatus']>,
  testSession: { method: 'GET', path: '/api/test-provider/sessions/:id' } as Address<(typeof checkoutEndpointsDeclared)['testSession']>,
  testPay: { method: 'POST', path: '/api/test-provider/sessions/:id/pay' } as Address<(typeof checkoutEndpointsDeclared)['testPay']>,
  testCancel: { method: 'POST', path: '/api/test-provider/sessions/:id/cancel' } as Address<(typeof checkoutEndpointsDeclared)['testCancel']>,
  testWebhook: { method: 'POST', path: '/api/webhooks/test-provider' } as Address<(typeof checkoutEndpointsDeclared)['testWebhook']>,
};

export const stripeWebhookEndpoints = {
  stripeWebhook: { method: 'POST', path: '/api/webhooks/stripe' } as Address<(typeof stripeWebhookEndpointsDeclared)['stripeWebhook']>,
};

export const voucherEndpoints = {
  list: { method: 'GET', path: '/api/user/vouchers' } as Address<(typeof voucherEndpointsDeclared)['list']>,
  get: { method: 'GET', path: '/api/user/vouchers/:id' } as Address<(typeof voucherEndpointsDeclared)['get']>,
  qr: { method: 'GET', path: '/api/vouchers/:id/qr.svg' } as Address<(typeof voucherEndpointsDeclared)['qr']>,
  review: { method: 'POST', path: '/api/deals/:id/reviews' } as Address<(typeof voucherEndpointsDeclared)['review']>,
};

export const dealEndpoints = {
  list: { method: 'GET', path: '/api/deals' } as Address<(typeof dealEndpointsDeclared)['list']>,
  get: { method: 'GET', path: '/api/deals/:id' } as Address<(typeof dealEndpointsDeclared)['get']>,
  reviews: { method: 'GET', path: '/api/deals/:id/reviews' } as Address<(typeof dealEndpointsDeclared)['reviews']>,
  shareImage: { method: 'GET', path: '/api/deals/:id/share.png' } as Address<(typeof dealEndpointsDeclared)['shareImage']>,
  allowance: { method: 'GET', path: '/api/deals/:id/allowance' } as Address<(typeof dealEndpointsDeclared)['allowance']>,
};

export const devEndpoints = {
  smsOutbox: { method: 'GET', path: '/api/dev/sms-outbox' } as Address<(typeof devEndpointsDeclared)['smsOutbox']>,
  emailOutbox: { method: 'GET', path: '/api/dev/email-outbox' } as Address<(typeof devEndpointsDeclared)['emailOutbox']>,
  smsMessages: { method: 'GET', path: '/api/dev/sms-outbox/messages' } as Address<(typeof devEndpointsDeclared)['smsMessages']>,
  emailMessages: { method: 'GET', path: '/api/dev/email-outbox/messages' } as Address<(typeof devEndpointsDeclared)['emailMessages']>,
  setClock: { method: 'PUT', path: '/api/dev/clock' } as Address<(typeof devEndpointsDeclared)['setClock']>,
  endGroupWindow: { method: 'POST', path: '/api/dev/groups/:id/end-window' } as Address<(typeof devEndpointsDeclared)['endGroupWindow']>,
  testProviderRefunds: { method: 'POST', path: '/api/dev/test-provider/refunds' } as Address<(typeof devEndpointsDeclared)['testProviderRefunds']>,
};

export const favoriteEndpoints = {
  list: { method: 'GET', path: '/api/favorites' } as Address<(typeof favoriteEndpointsDeclared)['list']>,
  add: { method: 'POST', path: '/api/favorites' } as Address<(typeof favoriteEndpointsDeclared)['add']>,
  remove: { method: 'DELETE', path: '/api/favorites/:dealId' } as Address<(typeof favoriteEndpointsDeclared)['remove']>,
};

export const groupEndpoints = {
  start: { method: 'POST', path: '/api/groups' } as Address<(typeof groupEndpointsDeclared)['start']>,
  join: { method: 'POST', path: '/api/groups/:id/join' } as Address<(typeof groupEndpointsDeclared)['join']>,
  get: { method: 'GET', path: '/api/groups/:id' } as Address<(typeof groupEndpointsDeclared)['get']>,
  mine: { method: 'GET', path: '/api/groups' } as Address<(typeof groupEndpointsDeclared)['mine']>,
  shareImage: { method: 'GET', path: '/api/groups/:id/share.png' } as Address<(typeof groupEndpointsDeclared)['shareImage']>,
  ofDeal: { method: 'GET', path: '/api/deals/:id/groups' } as Address<(typeof groupEndpointsDeclared)['ofDeal']>,
};

export const merchantEndpoints = {
  list: { method: 'GET', path: '/api/merchants' } as Address<(typeof merchantEndpointsDeclared)['list']>,
  get: { method: 'GET', path: '/api/merchants/:id' } as Address<(typeof merchantEndpointsDeclared)['get']>,
};

export const moneyEndpoints = {
  attention: { method: 'GET', path: '/api/admin/attention' } as Address<(typeof moneyEndpointsDeclared)['attention']>,
  retryAttention: { method: 'POST', path: '/api/admin/attention/:id/retry' } as Address<(typeof moneyEndpointsDeclared)['retryAttention']>,
  resolveAttention: { method: 'POST', path: '/api/admin/attention/:id/resolve' } as Address<(typeof moneyEndpointsDeclared)['resolveAttention']>,
  reconciliation: { method: 'GET', path: '/api/admin/reconciliation' } as Address<(typeof moneyEndpointsDeclared)['reconciliation']>,
  runReconciliation: { method: 'POST', path: '/api/admin/reconciliation' } as Address<(typeof moneyEndpointsDeclared)['runReconciliation']>,
};

export const notificationEndpoints = {
  list: { method: 'GET', path: '/api/notifications' } as Address<(typeof notificationEndpointsDeclared)['list']>,
  unread: { method: 'GET', path: '/api/notifications/unread' } as Address<(typeof notificationEndpointsDeclared)['unread']>,
  read: { method: 'POST', path: '/api/notifications/read' } as Address<(typeof notificationEndpointsDeclared)['read']>,
  settings: { method: 'GET', path: '/api/notifications/settings' } as Address<(typeof notificationEndpointsDeclared)['settings']>,
  updateSettings: { method: 'PUT', path: '/api/notifications/settings' } as Address<(typeof notificationEndpointsDeclared)['updateSettings']>,
  failed: { method: 'GET', path: '/api/admin/notifications/failed' } as Address<(typeof notificationEndpointsDeclared)['failed']>,
  retryFailed: { method: 'POST', path: '/api/admin/notifications/failed/:id/retry' } as Address<(typeof notificationEndpointsDeclared)['retryFailed']>,
};

export const adminOrderEndpoints = {
  search: { method: 'GET', path: '/api/admin/orders' } as Address<(typeof adminOrderEndpointsDeclared)['search']>,
  ledger: { method: 'GET', path: '/api/admin/ledger' } as Address<(typeof adminOrderEndpointsDeclared)['ledger']>,
};

export const orderEndpoints = {
  list: { method: 'GET', path: '/api/user/orders' } as Address<(typeof orderEndpointsDeclared)['list']>,
  pay: { method: 'POST', path: '/api/user/orders/:id/pay' } as Address<(typeof orderEndpointsDeclared)['pay']>,
  cancel: { method: 'POST', path: '/api/user/orders/:id/cancel' } as Address<(typeof orderEndpointsDeclared)['cancel']>,
  refund: { method: 'POST', path: '/api/vouchers/:id/refund' } as Address<(typeof orderEndpointsDeclared)['refund']>,
  adminRefund: { method: 'POST', path: '/api/admin/vouchers/:id/refund' } as Address<(typeof orderEndpointsDeclared)['adminRefund']>,
};

export const photoEndpoints = {
  upload: { method: 'POST', path: '/api/photos' } as Address<(typeof photoEndpointsDeclared)['upload']>,
  get: { method: 'GET', path: '/api/photos/:id/:file' } as Address<(typeof photoEndpointsDeclared)['get']>,
};

export const redemptionEndpoints = {
  redeem: { method: 'POST', path: '/api/redeem' } as Address<(typeof redemptionEndpointsDeclared)['redeem']>,
  preview: { method: 'POST', path: '/api/merchant/redemptions/preview' } as Address<(typeof redemptionEndpointsDeclared)['preview']>,
  merchantLog: { method: 'GET', path: '/api/merchant/redemptions' } as Address<(typeof redemptionEndpointsDeclared)['merchantLog']>,
  undo: { method: 'POST', path: '/api/merchant/redemptions/:voucherId/undo' } as Address<(typeof redemptionEndpointsDeclared)['undo']>,
  adminLog: { method: 'GET', path: '/api/admin/redemptions' } as Address<(typeof redemptionEndpointsDeclared)['adminLog']>,
  adminSummary: { method: 'GET', path: '/api/admin/redemptions/summary' } as Address<(typeof redemptionEndpointsDeclared)['adminSummary']>,
};

export const systemEndpoints = {
  health: { method: 'GET', path: '/api/health' } as Address<(typeof systemEndpointsDeclared)['health']>,
  placeholder: { method: 'GET', path: '/api/placeholder/:w/:h' } as Address<(typeof systemEndpointsDeclared)['placeholder']>,
  openapi: { method: 'GET', path: '/api/openapi.json' } as Address<(typeof systemEndpointsDeclared)['openapi']>,
};

export const statementEndpoints = {
  merchantList: { method: 'GET', path: '/api/merchant/statements' } as Address<(typeof statementEndpointsDeclared)['merchantList']>,
  merchantGet: { method: 'GET', path: '/api/merchant/statements/:id' } as Address<(typeof statementEndpointsDeclared)['merchantGet']>,
  merchantCsv: { method: 'GET', path: '/api/merchant/statements/:id/csv' } as Address<(typeof statementEndpointsDeclared)['merchantCsv']>,
  adminList: { method: 'GET', path: '/api/admin/statements' } as Address<(typeof statementEndpointsDeclared)['adminList']>,
  adminGet: { method: 'GET', path: '/api/admin/statements/:id' } as Address<(typeof statementEndpointsDeclared)['adminGet']>,
  adminCsv: { method: 'GET', path: '/api/admin/statements/:id/csv' } as Address<(typeof statementEndpointsDeclared)['adminCsv']>,
  payout: { method: 'POST', path: '/api/admin/statements/:id/payout' } as Address<(typeof statementEndpointsDeclared)['payout']>,
};

export const workspaceEndpoints = {
  clock: { method: 'GET', path: '/api/merchant/clock' } as Address<(typeof workspaceEndpointsDeclared)['clock']>,
  overview: { method: 'GET', path: '/api/merchant/overview' } as Address<(typeof workspaceEndpointsDeclared)['overview']>,
  listDeals: { method: 'GET', path: '/api/merchant/deals' } as Address<(typeof workspaceEndpointsDeclared)['listDeals']>,
  getDeal: { method: 'GET', path: '/api/merchant/deals/:id' } as Address<(typeof workspaceEndpointsDeclared)['getDeal']>,
  createDeal: { method: 'POST', path: '/api/merchant/deals' } as Address<(typeof workspaceEndpointsDeclared)['createDeal']>,
  updateDeal: { method: 'PUT', path: '/api/merchant/deals/:id' } as Address<(typeof workspaceEndpointsDeclared)['updateDeal']>,
  submitDeal: { method: 'POST', path: '/api/merchant/deals/:id/submit' } as Address<(typeof workspaceEndpointsDeclared)['submitDeal']>,
  listStaff: { method: 'GET', path: '/api/merchant/staff' } as Address<(typeof workspaceEndpointsDeclared)['listStaff']>,
  addStaff: { method: 'POST', path: '/api/merchant/staff' } as Address<(typeof workspaceEndpointsDeclared)['addStaff']>,
  removeStaff: { method: 'DELETE', path: '/api/merchant/staff/:id' } as Address<(typeof workspaceEndpointsDeclared)['removeStaff']>,
  getStore: { method: 'GET', path: '/api/merchant/store' } as Address<(typeof workspaceEndpointsDeclared)['getStore']>,
  updateStore: { method: 'PUT', path: '/api/merchant/store' } as Address<(typeof workspaceEndpointsDeclared)['updateStore']>,
};
