/** After a login or registration from a dialog: close it and go to `next` when one was asked for (docs/product/screens.md#login-dialog). */
import { useCallback } from 'react';
import { useLocation, useSearch } from 'wouter';
import { paths } from '../../../../contract/routes';
import { safeNextPath } from '../../../lib/safe-next';
import { closeAuthDialog } from '../login-dialog-store';

export function useFinishLogin(next: string | null): () => void {
  const [location, navigate] = useLocation();
  const search = useSearch();
  return useCallback(() => {
    closeAuthDialog();
    const fromAddress = new URLSearchParams(search).get('next');
    const target = next ?? (fromAddress === null ? null : safeNextPath(fromAddress));
    if (target === null) return;
    const here = search ? `${location}?${search}` : location;
    // Asked from the screen it leads to (say, Promote Admin): the screen updates in place.
    if (target === here) return;
    // The login gate has done its job; Back should not land on it again.
    navigate(safeNextPath(target), { replace: location === paths.login });
  }, [next, search, location, navigate]);
}
