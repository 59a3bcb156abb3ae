/** The router, built from the route table of contract/routes.ts (docs/product/screens.md#route-table). Home ships in the first bundle; every other screen loads on demand. */
import { lazy, Suspense, type ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { Route, Switch, useLocation, type RouteComponentProps } from 'wouter';
import { paths, routePatterns, type RouteName } from '../../contract/routes';
import { dealQueryOptions, dealReviewsQueryOptions, dealImageSrc, preloadImage, HomePage, startHomePage } from '../features/deals';
import { merchantQueryOptions } from '../features/merchants';
import { PageErrorBoundary } from './page-error';
import { PageFallback } from './page-fallback';

const loadDealPage = () => import('../features/deals/deal-page');
const DealPage = lazy(loadDealPage);
const GroupPage = lazy(() => import('../features/groups/group-page'));
const LoginGatePage = lazy(() => import('../features/auth/login-gate-page'));
const NotFoundPage = lazy(() => import('../features/misc/not-found-page'));
const CartPage = lazy(() => import('../features/cart/cart-page'));
const CheckoutPage = lazy(() => import('../features/checkout/checkout-page'));
const SuccessPage = lazy(() => import('../features/checkout/success-page'));
const MyVouchersPage = lazy(() => import('../features/vouchers/my-vouchers-page'));
const VoucherPrintPage = lazy(() => import('../features/vouchers/voucher-print-page'));
const OrdersPage = lazy(() => import('../features/orders/orders-page'));
const ProfilePage = lazy(() => import('../features/profile/profile-page'));
const MerchantLoginPage = lazy(() => import('../features/auth/merchant-login-page'));
const MerchantHomePage = lazy(() => import('../features/merchant-home/merchant-home-page'));
const BootstrapPage = lazy(() => import('../features/admin-accounts/bootstrap-page'));
const PromotePage = lazy(() => import('../features/admin-accounts/promote-page'));
const RedeemPage = lazy(() => import('../features/redemption/redeem-page'));
const ScanPage = lazy(() => import('../features/redemption/scan-page'));
const TransactionsPage = lazy(() => import('../features/admin-log/transactions-page'));
const AdminOrdersPage = lazy(() => import('../features/admin-money/admin-orders-page'));
const LedgerPage = lazy(() => import('../features/admin-money/ledger-page'));
const FavoritesPage = lazy(() => import('../features/favorites/favorites-page'));
const MerchantsPage = lazy(() => import('../features/admin-catalog/merchants-page'));
const AdminDealsPage = lazy(() => import('../features/admin-catalog/deals-page'));
const MerchantDealsPage = lazy(() => import('../features/merchant-deals/merchant-deals-page'));
const MerchantDealPage = lazy(() => import('../features/merchant-deals/merchant-deal-page'));
const MerchantStaffPage = lazy(() => import('../features/merchant-staff/staff-page'));
const MerchantStatementsPage = lazy(() => import('../features/settlement/statements-page'));
const MerchantStatementPage = lazy(() => import('../features/settlement/statement-page'));
const AdminStatementsPage = lazy(() => import('../features/settlement/admin-statements-page'));

/** The screen of each route of the table, matched in the table's order. */
const screens: Record<RouteName, ComponentType<RouteComponentProps<{ id?: string }>>> = {
  home: HomePage,
  deal: ({ params }) => <DealPage id={params.id ?? ''} />,
  group: ({ params }) => <GroupPage id={params.id ?? ''} />,
  success: SuccessPage,
  favorites: FavoritesPage,
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
  merchantStatements: MerchantStatementsPage,
  merchantStatement: ({ params }) => <MerchantStatementPage id={params.id ?? ''} />,
  adminBootstrap: BootstrapPage,
  adminMerchants: MerchantsPage,
  adminDeals: AdminDealsPage,
  adminTransactions: TransactionsPage,
  adminOrders: AdminOrdersPage,
  adminLedger: LedgerPage,
  adminStatements: AdminStatementsPage,
  adminPromote: PromotePage,
};

/** The deal page's address, as the route table matches it. */
const DEAL_PATH = new RegExp(`^${routePatterns.deal.replace(':id', '([^/]+)')}/?$`);

/**
 * Starts, before the first render, what the screen the app opens on needs: the home page's deals, or the deal page's
 * code together with its deal. They then download while the app's own code runs, and side by side: the deal page
 * does not wait for its code before asking for its deal.
 */
export function startFirstScreen(queryClient: QueryClient, location: Pick<Location, 'pathname' | 'search'>): void {
  if (location.pathname === paths.home) {
    startHomePage(queryClient, location.search);
    return;
  }
  const dealPath = DEAL_PATH.exec(location.pathname);
  if (dealPath?.[1]) {
    let id: string;
    try {
      id = decodeURI(dealPath[1]);
    } catch {
      return;
    }
    loadDealPage().catch(() => {
      // Rendering the route tries again and shows the failure there.
    });
    const options = dealQueryOptions(id);
    void queryClient.prefetchQuery(options).then(() => {
      const deal = queryClient.getQueryData(options.queryKey);
      if (!deal) return;
      // The deal's picture is the largest thing on the page: it need not wait for the page's code.
      preloadImage(dealImageSrc(deal));
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
      <Suspense fallback={<PageFallback fullHeight={DEAL_PATH.test(location)} />}>
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
