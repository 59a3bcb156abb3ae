/** The route table of SPEC.md §2. Home ships in the first bundle; every other screen loads on demand. */
import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { routePatterns } from '../../contract/routes';
import { HomePage } from '../features/deals/home-page';
import { PageFallback } from './page-fallback';

const DealPage = lazy(() => import('../features/deals/deal-page'));
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

export function AppRouter() {
  return (
    <Suspense fallback={<PageFallback />}>
      <Switch>
        <Route path={routePatterns.home} component={HomePage} />
        <Route path={routePatterns.deal}>{(params) => <DealPage id={params.id} />}</Route>
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
  );
}
