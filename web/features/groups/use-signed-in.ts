/** For Start and Join: a guest gets the login dialog (and comes back to `next`), as Buy Now does; true for a signed-in shopper. */
import { track } from '../../lib/analytics';
import { openLoginDialog, useUserWhenKnown } from '../auth';

export function useSignedInFor(next: string): () => Promise<boolean> {
  const userWhenKnown = useUserWhenKnown();
  return async () => {
    if ((await userWhenKnown()) !== null) return true;
    track({ event: 'login_required', reason: 'purchase' });
    openLoginDialog({ next });
    return false;
  };
}
