/**
 * The web app's route table (docs/product/screens.md#route-table), written once: the patterns the web router matches
 * (wouter syntax, in the order they are matched), the links built from them, and the server's page statuses.
 */

export const routePatterns = {
  home: '/',
  deal: '/deal/:id',
  group: '/group/:id',
  store: '/store/:id',
  success: '/success',
  favorites: '/favorites',
  profile: '/profile',
  cart: '/cart',
  checkout: '/checkout',
  myVouchers: '/my/vouchers',
  voucherPrint: '/my/vouchers/:id/print',
  orders: '/orders',
  accountVouchers: '/account/vouchers',
  login: '/login',
  merchantHome: '/merchant',
  merchantLogin: '/merchant/login',
  merchantRedeem: '/merchant/redeem',
  merchantScan: '/merchant/scan',
  merchantDeals: '/merchant/deals',
  merchantDealNew: '/merchant/deals/new',
  merchantDealEdit: '/merchant/deals/:id',
  merchantStaff: '/merchant/staff',
  merchantStore: '/merchant/store',
  merchantStatements: '/merchant/statements',
  merchantStatement: '/merchant/statements/:id',
  adminBootstrap: '/admin/bootstrap',
  adminMerchants: '/admin/merchants',
  adminDeals: '/admin/deals',
  adminCategories: '/admin/categories',
  adminTransactions: '/admin/transactions',
  adminOrders: '/admin/orders',
  adminLedger: '/admin/ledger',
  adminAttention: '/admin/attention',
  adminStatements: '/admin/statements',
  adminNotifications: '/admin/notifications',
  adminPromote: '/admin/promote',
} as const;

export type RouteName = keyof typeof routePatterns;

/** Every link of the app: a screen's path, or for a screen with a parameter, a function of it. */
export const paths = {
  ...routePatterns,
  deal: (id: string) => routePatterns.deal.replace(':id', encodeURIComponent(id)),
  group: (id: string) => routePatterns.group.replace(':id', encodeURIComponent(id)),
  store: (id: string) => routePatterns.store.replace(':id', encodeURIComponent(id)),
  voucherPrint: (id: string) => routePatterns.voucherPrint.replace(':id', encodeURIComponent(id)),
  merchantDealEdit: (id: string) => routePatterns.merchantDealEdit.replace(':id', encodeURIComponent(id)),
  merchantStatement: (id: string) => routePatterns.merchantStatement.replace(':id', encodeURIComponent(id)),
} as const;

let pagePaths: RegExp | undefined;

/** True when a path names a screen of the route table (the rest get the 404 page). */
export function isKnownPagePath(pathname: string): boolean {
  // Built on first use, so the web bundle, which never calls this, can drop it.
  pagePaths ??= new RegExp(`^(?:${Object.values(routePatterns).map((p) => p.replace(/:\w+/g, '[^/]+')).join('|')})$`);
  return pagePaths.test(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
}

const UUID_PARAM = '([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})';

/** The id in a path of a screen with one `:id` (say '/deal/:id'), when it is a UUID; null for any other path. */
export function pageIdOf(pattern: (typeof routePatterns)['deal' | 'group' | 'store' | 'merchantDealEdit' | 'merchantStatement'], pathname: string): string | null {
  const match = new RegExp(`^${pattern.replace(':id', UUID_PARAM)}/?$`, 'i').exec(pathname);
  return match?.[1] ?? null;
}
