/** The group page's Share: the device's share sheet when there is one, else the link copied to the clipboard with a toast. */
import type { Group } from '../../../contract/groups';
import { paths } from '../../../contract/routes';
import { toast } from '../../components/ui/toast';
import { formatMoney } from '../../lib/money';

export type GroupShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/** What is shared: the deal's title, a line on the price, and the group page's full address. */
export function groupShareData(group: Pick<Group, 'id' | 'priceCents' | 'deal'>): ShareData & { url: string } {
  return {
    title: group.deal.title,
    text: `Join my group for ${group.deal.title}: ${formatMoney(group.priceCents)} each instead of ${formatMoney(group.deal.priceCents)}.`,
    url: new URL(paths.group(group.id), window.location.origin).href,
  };
}

export async function shareGroup(group: Pick<Group, 'id' | 'priceCents' | 'deal'>): Promise<GroupShareOutcome> {
  const data = groupShareData(group);
  if (typeof navigator.share === 'function' && (typeof navigator.canShare !== 'function' || navigator.canShare(data))) {
    try {
      await navigator.share(data);
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      // Sharing is refused in this context: the clipboard below does instead.
    }
  }
  try {
    await navigator.clipboard.writeText(data.url);
  } catch {
    toast({ title: 'Could not copy the link', description: data.url, variant: 'destructive' });
    return 'failed';
  }
  toast({ title: 'Link copied', description: 'Send it to friends so they can join.', variant: 'success' });
  return 'copied';
}
