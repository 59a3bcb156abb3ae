/** The router, built from the route table of contract/routes.ts (docs/product/screens.md#route-table). Home ships in the first bundle; every other screen loads on demand. */
import { lazy, Suspense, type ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { Route, Switch, useLocation, type RouteComponentProps } from 'wouter';
import { paths, routePatterns, type RouteName } from '../../contract/routes';
import { DEAL_PAGE_IMAGE_SIZES, dealQueryOptions, dealReviewsQueryOptions, dealImageSrc, preloadImage, HomePage, startHomePage } from '../features/deals';
import { merchantQueryOptions } from '../features/merchants';
import { storeDealsQueryOptions } from '../features/stores';
import { withTexts } from '../i18n';
import { PageErrorBoundary } from './page-error';
import { PageFallback } from './page-fallback';
import { dealCardActions } from './shopper-slots';

// A screen whose page takes other features' buttons in its slots is loaded through a module of web/app/ that fills
// them (deal-screen.tsx, my-vouchers-screen.tsx, success-screen.tsx); the home page's and Favourites' cards take the ones already in the
// first bundle (shopper-slots.tsx).
const loadDealPage = withTexts(() => import('./deal-screen'), 'groups', 'checkout');
const DealPage = lazy(loadDealPage);
const GroupPage = lazy(withTexts(() => import('../features/groups/group-page'), 'groups'));
const loadStorePage = withTexts(() => import('../features/stores/store-page'), 'stores', 'deals');
const StorePage = lazy(loadStorePage);
const LoginGatePage = lazy(withTexts(() => import('../features/auth/login-gate-page'), 'auth'));
const NotFoundPage = lazy(withTexts(() => import('../features/misc/not-found-page'), 'misc'));
const CartPage = lazy(withTexts(() => import('../features/cart/cart-page'), 'cart', 'checkout'));
const CheckoutPage = lazy(withTexts(() => import('../features/checkout/checkout-page'), 'checkout', 'orders'));
const SuccessPage = lazy(withTexts(() => import('./success-screen'), 'checkout', 'orders', 'vouchers', 'groups'));
const MyVouchersPage = lazy(withTexts(() => import('./my-vouchers-screen'), 'vouchers', 'groups'));
const VoucherPrintPage = lazy(withTexts(() => import('../features/vouchers/voucher-print-page'), 'vouchers'));
const OrdersPage = lazy(withTexts(() => import('../features/orders/orders-page'), 'orders', 'vouchers'));
const ProfilePage = lazy(withTexts(() => import('../features/profile/profile-page'), 'profile', 'auth', 'notifications'));
const MerchantLoginPage = lazy(withTexts(() => import('../features/auth/merchant-login-page'), 'auth'));
const MerchantHomePage = lazy(withTexts(() => import('../features/merchant-home/merchant-home-page'), 'merchant'));
const BootstrapPage = lazy(withTexts(() => import('../features/admin-accounts/bootstrap-page'), 'adminAccounts'));
const PromotePage = lazy(withTexts(() => import('../features/admin-accounts/promote-page'), 'adminAccounts', 'admin'));
const RedeemPage = lazy(withTexts(() => import('../features/redemption/redeem-page'), 'merchant'));
const ScanPage = lazy(withTexts(() => import('../features/redemption/scan-page'), 'merchant'));
const TransactionsPage = lazy(withTexts(() => import('../features/admin-log/transactions-page'), 'admin'));
const AdminOrdersPage = lazy(withTexts(() => import('../features/admin-money/admin-orders-page'), 'admin', 'orders'));
const LedgerPage = lazy(withTexts(() => import('../features/admin-money/ledger-page'), 'admin', 'money'));
const AttentionPage = lazy(withTexts(() => import('../features/admin-money/attention-page'), 'admin', 'money'));
const FavoritesPage = lazy(withTexts(() => import('../features/favorites/favorites-page'), 'favorites'));
const MerchantsPage = lazy(withTexts(() => import('../features/admin-catalog/merchants-page'), 'admin'));
const AdminDealsPage = lazy(withTexts(() => import('../features/admin-catalog/deals-page'), 'admin'));
const AdminCategoriesPage = lazy(withTexts(() => import('../features/admin-catalog/categories-page'), 'admin'));
const MerchantDealsPage = lazy(withTexts(() => import('../features/merchant-deals/merchant-deals-page'), 'merchant'));
const MerchantDealPage = lazy(withTexts(() => import('../features/merchant-deals/merchant-deal-page'), 'merchant', 'merchantDeal'));
const MerchantStaffPage = lazy(withTexts(() => import('../features/merchant-staff/staff-page'), 'merchant'));
const MerchantStorePage = lazy(withTexts(() => import('../features/merchant-store/store-page'), 'merchant'));
const MerchantStatementsPage = lazy(withTexts(() => import('../features/settlement/statements-page'), 'merchant', 'statements'));
const MerchantStatementPage = lazy(withTexts(() => import('../features/settlement/statement-page'), 'merchant', 'statements'));
const AdminStatementsPage = lazy(withTexts(() => import('../features/settlement/admin-statements-page'), 'statements', 'admin'));
const FailedSendsPage = lazy(withTexts(() => import('../features/notifications/failed-sends-page'), 'notifications', 'admin'));

/** The screen of each route of the table, matched in the table's order. */
const screens: Record<RouteName, ComponentType<RouteComponentProps<{ id?: string }>>> = {
  home: () => <HomePage cardActions={dealCardActions} />,
  deal: ({ params }) => <DealPage id={params.id ?? ''} />,
  group: ({ params }) => <GroupPage id={params.id ?? ''} />,
  store: ({ params }) => <StorePage id={params.id ?? ''} cardActions={dealCardActions} />,
  success: SuccessPage,
  favorites: () => <FavoritesPage cardActions={dealCardActions} />,
  profile: ProfilePage,
  cart: CartPage,
  checkout: CheckoutPage,
  myVouchers: () => <MyVouchersPage />,
  voucherPrint: ({ params }) => <VoucherPrintPage id={params.id ?? ''} />,
  orders: OrdersPage,
  accountVouchers: () => <MyVouchersPage requiresLogin />,
  login: LoginGatePage,
  merchantHome: MerchantHomePage,
  merchantLogin: MerchantLoginPage,
  merchantRedeem: RedeemPage,
  merchantScan: ScanPage,
  merchantDeals: MerchantDealsPage,
  merchantDealNew: () => <MerchantDealPage />,
  merchantDealEdit: ({ params }) => <MerchantDealPage id={params.id ?? ''} />,
  merchantStaff: MerchantStaffPage,
  merchantStore: MerchantStorePage,
  merchantStatements: MerchantStatementsPage,
  merchantStatement: ({ params }) => <MerchantStatementPage id={params.id ?? ''} />,
  adminBootstrap: BootstrapPage,
  adminMerchants: MerchantsPage,
  adminDeals: AdminDealsPage,
  adminCategories: AdminCategoriesPage,
  adminTransactions: TransactionsPage,
  adminOrders: AdminOrdersPage,
  adminLedger: LedgerPage,
  adminAttention: AttentionPage,
  adminStatements: AdminStatementsPage,
  adminNotifications: FailedSendsPage,
  adminPromote: PromotePage,
};

/** The deal page's address, as the route table matches it. */
const DEAL_PATH = new RegExp(`^${routePatterns.deal.replace(':id', '([^/]+)')}/?$`);
/** The store page's address. */
const STORE_PATH = new RegExp(`^${routePatterns.store.replace(':id', '([^/]+)')}/?$`);

/** The id in a page path matched by `pattern`, decoded; null when it does not match or cannot be decoded. */
function pathId(pattern: RegExp, pathname: string): string | null {
  const match = pattern.exec(pathname);
  if (!match?.[1]) return null;
  try {
    return decodeURI(match[1]);
  } catch {
    return null;
  }
}

/**
 * Starts, before the first render, what the screen the app opens on needs: the home page's deals, the deal page's
 * code together with its deal, or the store page's code with the store and its deals. They then download while the app's own code runs, and side by side: the deal page
 * does not wait for its code before asking for its deal.
 */
export function startFirstScreen(queryClient: QueryClient, location: Pick<Location, 'pathname' | 'search'>): void {
  if (location.pathname === paths.home) {
    startHomePage(queryClient, location.search);
    return;
  }
  const storeId = pathId(STORE_PATH, location.pathname);
  if (storeId !== null) {
    // The store's code, its card and its deals' first page (whose pictures the gallery shows) all at once.
    loadStorePage().catch(() => {
      // Rendering the route tries again and shows the failure there.
    });
    void queryClient.prefetchQuery(merchantQueryOptions(storeId));
    void queryClient.prefetchInfiniteQuery(storeDealsQueryOptions(storeId, 'newest'));
    return;
  }
  const id = pathId(DEAL_PATH, location.pathname);
  if (id !== null) {
    loadDealPage().catch(() => {
      // Rendering the route tries again and shows the failure there.
    });
    const options = dealQueryOptions(id);
    void queryClient.prefetchQuery(options).then(() => {
      const deal = queryClient.getQueryData(options.queryKey);
      if (!deal) return;
      // The deal's picture is the largest thing on the page: it need not wait for the page's code.
      preloadImage(dealImageSrc(deal), DEAL_PAGE_IMAGE_SIZES);
      void queryClient.prefetchQuery(merchantQueryOptions(deal.merchantId));
    });
    // The page then renders once with everything it shows, rather than again as each part arrives.
    void queryClient.prefetchQuery(dealReviewsQueryOptions(id));
  }
}

const routes = Object.entries(routePatterns) as [RouteName, string][];

export function AppRouter() {
  const [location] = useLocation();
  // A screen that fails (its code could not be loaded, say) shows a panel with a Reload button instead of leaving the
  // page blank; going to another screen clears it.
  return (
    <PageErrorBoundary resetKey={location}>
      <Suspense fallback={<PageFallback fullHeight={DEAL_PATH.test(location) || STORE_PATH.test(location)} />}>
        <Switch>
          {routes.map(([name, pattern]) => (
            <Route key={name} path={pattern} component={screens[name]} />
          ))}
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </PageErrorBoundary>
  );
}
