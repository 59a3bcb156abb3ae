/** Starting or joining a group, as one action: the place is asked for, then the browser goes to its payment page (as Buy Now does). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Deal } from '../../../../contract/deals';
import { toast } from '../../../components/ui/toast';
import { translate } from '../../../i18n';
import { track } from '../../../lib/analytics';
import { messageOf } from '../../../lib/message-of';
import { goToPaymentPage, useResetOnReturn } from '../../checkout';
import { invalidateAllowances } from '../../deals';
import { groupQueryOptions } from './get-group';
import { openGroupsQueryOptions } from './get-open-groups';
import { joinGroup, joinRefusal } from './join-group';
import { startGroup } from './start-group';

/** Start a group of `deal`, or join the group `groupId` (a group of `deal`). */
export type GroupCheckoutInput = { deal: Deal; groupId?: undefined } | { deal: Deal; groupId: string };

/**
 * Starts or joins a group; on success the page leaves for the payment page, so the button stays busy until it does.
 * Refusals get a toast, except a join's 409 when `showsRefusal` says the screen shows it itself.
 */
export function useGroupCheckout({ showsRefusal = false }: { showsRefusal?: boolean } = {}) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async ({ deal, groupId }: GroupCheckoutInput) => {
      track({ event: 'purchase_initiated', dealIds: [deal.id], units: 1, valueCents: deal.groupPriceCents });
      const answer = groupId === undefined ? await startGroup(deal.id) : await joinGroup(groupId);
      queryClient.setQueryData(groupQueryOptions(answer.group.id).queryKey, answer.group);
      await goToPaymentPage(answer.url);
    },
    onError: (error, { deal, groupId }) => {
      // The group has changed since it was read (filled up, closed), or the customer's units have (bought elsewhere): read them again.
      void queryClient.invalidateQueries({ queryKey: openGroupsQueryOptions(deal.id).queryKey });
      void invalidateAllowances(queryClient);
      if (groupId !== undefined) void queryClient.invalidateQueries({ queryKey: groupQueryOptions(groupId).queryKey });
      if (showsRefusal && groupId !== undefined && joinRefusal(error) !== null) return;
      toast({ title: groupId === undefined ? translate('groups:checkout.startFailed') : translate('groups:checkout.joinFailed'), description: messageOf(error, translate('checkout:start.failed')), variant: 'destructive' });
    },
  });
  useResetOnReturn(mutation.reset);
  return mutation;
}
