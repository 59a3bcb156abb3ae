/** The web app's route table (docs/product/screens.md#route-table): one source for every link and for the server's page statuses. */

export const paths = {
  home: '/',
  deal: (id: string) => `/deal/${encodeURIComponent(id)}`,
  success: '/success',
  favorites: '/favorites',
  profile: '/profile',
  cart: '/cart',
  checkout: '/checkout',
  myVouchers: '/my/vouchers',
  accountVouchers: '/account/vouchers',
  login: '/login',
  merchantLogin: '/merchant/login',
  merchantRedeem: '/merchant/redeem',
  merchantScan: '/merchant/scan',
  adminBootstrap: '/admin/bootstrap',
  adminMerchants: '/admin/merchants',
  adminDeals: '/admin/deals',
  adminTransactions: '/admin/transactions',
  adminPromote: '/admin/promote',
} as const;

/** Route patterns in wouter syntax, in the order they are matched. */
export const routePatterns = {
  home: '/',
  deal: '/deal/:id',
  success: '/success',
  favorites: '/favorites',
  profile: '/profile',
  cart: '/cart',
  checkout: '/checkout',
  myVouchers: '/my/vouchers',
  accountVouchers: '/account/vouchers',
  login: '/login',
  merchantLogin: '/merchant/login',
  merchantRedeem: '/merchant/redeem',
  merchantScan: '/merchant/scan',
  adminBootstrap: '/admin/bootstrap',
  adminMerchants: '/admin/merchants',
  adminDeals: '/admin/deals',
  adminTransactions: '/admin/transactions',
  adminPromote: '/admin/promote',
} as const;

let exactPaths: Set<string> | undefined;

/** True when a path names a screen of the route table (the rest get the 404 page). */
export function isKnownPagePath(pathname: string): boolean {
  // Built on first use, so the web bundle, which never calls this, can drop it.
  exactPaths ??= new Set<string>(Object.values(routePatterns).filter((p) => !p.includes(':')));
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (exactPaths.has(trimmed)) return true;
  return /^\/deal\/[^/]+$/.test(trimmed);
}
