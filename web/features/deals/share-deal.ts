/** The deal page's Share: the device's share sheet when there is one, else the link copied to the clipboard with a toast. */
import type { Deal } from '../../../contract/deals';
import { paths } from '../../../contract/routes';
import { shareOrCopy, type ShareOutcome } from '../../components/ui/share';
import { formatMoney } from '../../lib/money';

/** What is shared: the deal's title, a line on the price and the merchant, and the deal page's full address. */
export function dealShareData(deal: Pick<Deal, 'id' | 'title' | 'merchantName' | 'priceCents'>): ShareData & { url: string } {
  return {
    title: deal.title,
    text: `${deal.title} at ${deal.merchantName}, ${formatMoney(deal.priceCents)}`,
    url: new URL(paths.deal(deal.id), window.location.origin).href,
  };
}

export function shareDeal(deal: Pick<Deal, 'id' | 'title' | 'merchantName' | 'priceCents'>): Promise<ShareOutcome> {
  const data = dealShareData(deal);
  return shareOrCopy({
    data,
    copy: data.url,
    copied: { title: 'Link copied', description: 'Send it to anyone who might like this deal.' },
    failed: { title: 'Could not copy the link', description: data.url },
  });
}
