/**
 * The one sign-in gate before a shopper's action (Buy Now, Add to Cart, a favourite, Check Out, Start or Join a group):
 * a signed-in user goes ahead, a guest gets the login dialog and comes back to `next` after logging in.
 */
import { useLocation } from 'wouter';
import type { CurrentUser } from '../../../contract/auth';
import { toast } from '../../components/ui/toast';
import { track, type AnalyticsEvent } from '../../lib/analytics';
import { useUserWhenKnown } from './api/get-current-user';
import { openLoginDialog } from './login-dialog-store';

export interface SignInGate {
  /** Where a guest comes back to after logging in; the current address unless given. */
  next?: string;
  /** A guest stopped here counts as a `login_required` event with this reason (docs/product/screens.md#analytics). */
  reason?: Extract<AnalyticsEvent, { event: 'login_required' }>['reason'];
  /** A toast telling a guest why the login dialog opened. */
  notice?: { title: string; description: string };
}

/**
 * For a click handler: the signed-in user, or null for a guest, who gets the gate's toast and the login dialog. A click
 * that lands before the session is known (a slow network just after the page loaded) waits for it, rather than taking
 * a signed-in shopper for a guest.
 */
export function useRequireSignIn(): (gate?: SignInGate) => Promise<CurrentUser | null> {
  const userWhenKnown = useUserWhenKnown();
  const [location] = useLocation();
  return async ({ next = location, reason, notice } = {}) => {
    const user = await userWhenKnown();
    if (user !== null) return user;
    if (reason) track({ event: 'login_required', reason });
    if (notice) toast(notice);
    openLoginDialog({ next });
    return null;
  };
}
