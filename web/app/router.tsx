/** The route table of docs/product/screens.md#route-table. Home ships in the first bundle; every other screen loads on demand. */
import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { Route, Switch, useLocation } from 'wouter';
import { paths, routePatterns } from '../../contract/routes';
import { dealQueryOptions, dealReviewsQueryOptions, dealImageSrc, preloadImage, HomePage, startHomePage } from '../features/deals';
import { merchantQueryOptions } from '../features/merchants';
import { PageErrorBoundary } from './page-error';
import { PageFallback } from './page-fallback';
import { loadOnce } from '../lib/load-once';

const dealPage = loadOnce(() => import('../features/deals/deal-page').then((module) => module.default));

/**
 * The deal page, whose code loads on demand like the other screens' but is shown through state rather than Suspense:
 * React holds a Suspense boundary's content back for a moment after its fallback appeared, which would keep a deal
 * opened from a shared link waiting after its code and its deal have both arrived. The page renders in the
 * background, in short slices that leave the main thread free.
 */
function DealRoute({ id }: { id: string }) {
  const [Page, setPage] = useState(() => dealPage.loaded());
  const [failure, setFailure] = useState<Error | null>(null);
  useEffect(() => {
    if (Page) return;
    let live = true;
    dealPage.load().then(
      (component) => {
        if (live) startTransition(() => setPage(() => component));
      },
      (error: unknown) => {
        if (live) setFailure(error instanceof Error ? error : new Error('The deal page could not be loaded'));
      },
    );
    return () => {
      live = false;
    };
  }, [Page]);
  // As with the other screens, code that cannot be loaded goes to the error boundary around the routes.
  if (failure) throw failure;
  if (!Page) return <PageFallback fullHeight />;
  return <Page id={id} />;
}
const LoginGatePage = lazy(() => import('../features/auth/login-gate-page'));
const NotFoundPage = lazy(() => import('../features/misc/not-found-page'));
const CartPage = lazy(() => import('../features/cart/cart-page'));
const CheckoutPage = lazy(() => import('../features/checkout/checkout-page'));
const SuccessPage = lazy(() => import('../features/checkout/success-page'));
const MyVouchersPage = lazy(() => import('../features/vouchers/my-vouchers-page'));
const ProfilePage = lazy(() => import('../features/profile/profile-page'));
const MerchantLoginPage = lazy(() => import('../features/auth/merchant-login-page'));
const BootstrapPage = lazy(() => import('../features/admin-accounts/bootstrap-page'));
const PromotePage = lazy(() => import('../features/admin-accounts/promote-page'));
const RedeemPage = lazy(() => import('../features/redemption/redeem-page'));
const ScanPage = lazy(() => import('../features/redemption/scan-page'));
const TransactionsPage = lazy(() => import('../features/admin-log/transactions-page'));
const FavoritesPage = lazy(() => import('../features/favorites/favorites-page'));
const MerchantsPage = lazy(() => import('../features/admin-catalog/merchants-page'));
const AdminDealsPage = lazy(() => import('../features/admin-catalog/deals-page'));

/** The deal page's address, as the route table matches it: /deal/:id. */
const DEAL_PATH = /^\/deal\/([^/]+)\/?$/;

/**
 * Starts, before the first render, what the screen the app opens on needs: the home page's deals and list code, or the
 * deal page's code together with its deal. They then download while the app's own code runs, and side by side: the
 * deal page does not wait for its code before asking for its deal.
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
    dealPage.load().catch(() => {
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

export function AppRouter() {
  const [location] = useLocation();
  // A screen that fails (its code could not be loaded, say) shows a panel with a Reload button instead of leaving the
  // page blank; going to another screen clears it.
  return (
    <PageErrorBoundary resetKey={location}>
      <Suspense fallback={<PageFallback />}>
        <Switch>
          <Route path={routePatterns.home} component={HomePage} />
          <Route path={routePatterns.deal}>{(params) => <DealRoute id={params.id} />}</Route>
          <Route path={routePatterns.success} component={SuccessPage} />
          <Route path={routePatterns.favorites} component={FavoritesPage} />
          <Route path={routePatterns.profile} component={ProfilePage} />
          <Route path={routePatterns.cart} component={CartPage} />
          <Route path={routePatterns.checkout} component={CheckoutPage} />
          <Route path={routePatterns.myVouchers}>
            <MyVouchersPage />
          </Route>
          <Route path={routePatterns.accountVouchers}>
            <MyVouchersPage requiresLogin />
          </Route>
          <Route path={routePatterns.login} component={LoginGatePage} />
          <Route path={routePatterns.merchantLogin} component={MerchantLoginPage} />
          <Route path={routePatterns.merchantRedeem} component={RedeemPage} />
          <Route path={routePatterns.merchantScan} component={ScanPage} />
          <Route path={routePatterns.adminBootstrap} component={BootstrapPage} />
          <Route path={routePatterns.adminMerchants} component={MerchantsPage} />
          <Route path={routePatterns.adminDeals} component={AdminDealsPage} />
          <Route path={routePatterns.adminTransactions} component={TransactionsPage} />
          <Route path={routePatterns.adminPromote} component={PromotePage} />
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </PageErrorBoundary>
  );
}
