/** The route table of SPEC.md §2. Home ships in the first bundle; every other screen loads on demand. */
import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { paths, routePatterns } from '../../contract/routes';
import { HomePage } from '../features/deals/home-page';
import { PageFallback } from './page-fallback';

const DealPage = lazy(() => import('../features/deals/deal-page'));
const LoginGatePage = lazy(() => import('../features/auth/login-gate-page'));
const ComingSoonPage = lazy(() => import('../features/misc/coming-soon-page'));
const NotFoundPage = lazy(() => import('../features/misc/not-found-page'));

export function AppRouter() {
  return (
    <Suspense fallback={<PageFallback />}>
      <Switch>
        <Route path={routePatterns.home} component={HomePage} />
        <Route path={routePatterns.deal}>{(params) => <DealPage id={params.id} />}</Route>
        <Route path={routePatterns.success}>
          <ComingSoonPage screen="Payment status" requiredQueryParam="session_id" />
        </Route>
        <Route path={routePatterns.favorites}>
          <ComingSoonPage screen="Favorites" />
        </Route>
        <Route path={routePatterns.profile}>
          <ComingSoonPage screen="Profile" />
        </Route>
        <Route path={routePatterns.cart}>
          <ComingSoonPage screen="Cart" />
        </Route>
        <Route path={routePatterns.checkout}>
          <ComingSoonPage screen="Checkout" back={{ href: paths.cart, label: 'Back to Cart' }} />
        </Route>
        <Route path={routePatterns.myVouchers}>
          <ComingSoonPage screen="My Vouchers" />
        </Route>
        <Route path={routePatterns.accountVouchers}>
          <ComingSoonPage screen="My Vouchers" requiresLogin />
        </Route>
        <Route path={routePatterns.login} component={LoginGatePage} />
        <Route path={routePatterns.merchantLogin}>
          <ComingSoonPage screen="Merchant Login" />
        </Route>
        <Route path={routePatterns.merchantRedeem}>
          <ComingSoonPage screen="Redeem Vouchers" />
        </Route>
        <Route path={routePatterns.merchantScan}>
          <ComingSoonPage screen="Scan QR Code" />
        </Route>
        <Route path={routePatterns.adminBootstrap}>
          <ComingSoonPage screen="Superadmin Bootstrap" />
        </Route>
        <Route path={routePatterns.adminMerchants}>
          <ComingSoonPage screen="Manage Merchants" />
        </Route>
        <Route path={routePatterns.adminDeals}>
          <ComingSoonPage screen="Manage Deals" />
        </Route>
        <Route path={routePatterns.adminTransactions}>
          <ComingSoonPage screen="Transaction History" />
        </Route>
        <Route path={routePatterns.adminPromote}>
          <ComingSoonPage screen="Promote Admin" />
        </Route>
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
