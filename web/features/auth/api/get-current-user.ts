/** GET /api/auth/user: the signed-in user, or null for a guest (a 401 clears the stored session id, docs/product/screens.md#the-session-in-the-browser). */
import { queryOptions, useQuery, useQueryClient, type QueryFunctionContext } from '@tanstack/react-query';
import type { CurrentUser } from '../../../../contract/auth';
import { authEndpoints } from '../../../../contract/addresses';
import { queryKeyOf } from '../../../../contract/endpoint';
import { getQueryFn } from '../../../lib/api-client';
import { clearSessionId, getSessionId } from '../../../lib/session';

export const currentUserQueryKey = queryKeyOf(authEndpoints.currentUser);

const readUserOrNull = getQueryFn<CurrentUser>({ on401: 'returnNull' });

async function fetchCurrentUser(context: QueryFunctionContext): Promise<CurrentUser | null> {
  const asked = getSessionId();
  const user = await readUserOrNull(context);
  // The server no longer knows the session it was asked about (expired or logged out elsewhere): forget it, unless a
  // login stored a new one while the answer was on its way.
  if (user === null && asked !== null && getSessionId() === asked) clearSessionId();
  return user;
}

export const currentUserQueryOptions = queryOptions({
  queryKey: currentUserQueryKey,
  queryFn: fetchCurrentUser,
});

export interface CurrentUserState {
  /** The user, or null for a guest and while the answer is unknown. */
  user: CurrentUser | null;
  /** True until the first answer (or failure) arrives. */
  isLoading: boolean;
}

/** The current user; a failed read counts as a guest, so the page stays usable. */
export function useCurrentUser(): CurrentUserState {
  const query = useQuery(currentUserQueryOptions);
  return { user: query.data ?? null, isLoading: query.isPending && query.fetchStatus !== 'idle' };
}

/**
 * For a click handler: the user once known. A click that lands before the first answer (a slow network
 * just after the page loaded) waits for it, rather than taking a signed-in shopper for a guest.
 */
export function useUserWhenKnown(): () => Promise<CurrentUser | null> {
  const queryClient = useQueryClient();
  const { user, isLoading } = useCurrentUser();
  return async () => (isLoading ? queryClient.ensureQueryData(currentUserQueryOptions).catch(() => null) : user);
}
