/**
 * A group's Share: the device's share sheet when there is one, else the link copied to the clipboard with a toast; and
 * Copy link, the link copied whatever the device offers.
 */
import type { Group } from '../../../contract/groups';
import { paths } from '../../../contract/routes';
import { shareOrCopy, type ShareOutcome } from '../../components/ui/share';
import { toast } from '../../components/ui/toast';
import { translate } from '../../i18n';
import { formatMoney } from '../../lib/money';

/** What is shared: the deal's title, a line on the price, and the group page's full address. */
export function groupShareData(group: Pick<Group, 'id' | 'priceCents' | 'deal'>): ShareData & { url: string } {
  return {
    title: group.deal.title,
    text: translate('groups:share.text', { title: group.deal.title, price: formatMoney(group.priceCents), usual: formatMoney(group.deal.priceCents) }),
    url: new URL(paths.group(group.id), window.location.origin).href,
  };
}

export function shareGroup(group: Pick<Group, 'id' | 'priceCents' | 'deal'>): Promise<ShareOutcome> {
  const data = groupShareData(group);
  return shareOrCopy({
    data,
    copy: data.url,
    copied: { title: translate('groups:share.copied'), description: translate('groups:share.copiedHint') },
    failed: { title: translate('groups:share.copyFailed'), description: data.url },
  });
}

/** The group page's full address, on the clipboard, with the toast "Link copied" (or, refused, the link to copy by hand). */
export async function copyGroupLink(groupId: string): Promise<boolean> {
  const url = new URL(paths.group(groupId), window.location.origin).href;
  try {
    await navigator.clipboard.writeText(url);
  } catch {
    toast({ title: translate('groups:share.copyFailed'), description: url, variant: 'destructive' });
    return false;
  }
  toast({ title: translate('groups:share.copied'), description: translate('groups:share.copiedHint'), variant: 'success' });
  return true;
}
