/** The group page's Share: the device's share sheet when there is one, else the link copied to the clipboard with a toast. */
import type { Group } from '../../../contract/groups';
import { paths } from '../../../contract/routes';
import { shareOrCopy, type ShareOutcome } from '../../components/ui/share';
import { formatMoney } from '../../lib/money';

/** What is shared: the deal's title, a line on the price, and the group page's full address. */
export function groupShareData(group: Pick<Group, 'id' | 'priceCents' | 'deal'>): ShareData & { url: string } {
  return {
    title: group.deal.title,
    text: `Join my group for ${group.deal.title}: ${formatMoney(group.priceCents)} each instead of ${formatMoney(group.deal.priceCents)}.`,
    url: new URL(paths.group(group.id), window.location.origin).href,
  };
}

export function shareGroup(group: Pick<Group, 'id' | 'priceCents' | 'deal'>): Promise<ShareOutcome> {
  const data = groupShareData(group);
  return shareOrCopy({
    data,
    copy: data.url,
    copied: { title: 'Link copied', description: 'Send it to friends so they can join.' },
    failed: { title: 'Could not copy the link', description: data.url },
  });
}
