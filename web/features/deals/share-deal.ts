/** The deal page's Share: the device's share sheet when there is one, else the link copied to the clipboard with a toast. */
import type { Deal } from '../../../contract/deals';
import { paths } from '../../../contract/routes';
import { toast } from '../../components/ui/toast';
import { formatMoney } from '../../lib/money';

export type DealShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/** What is shared: the deal's title, a line on the price and the merchant, and the deal page's full address. */
export function dealShareData(deal: Pick<Deal, 'id' | 'title' | 'merchantName' | 'priceCents'>): ShareData & { url: string } {
  return {
    title: deal.title,
    text: `${deal.title} at ${deal.merchantName}, ${formatMoney(deal.priceCents)}`,
    url: new URL(paths.deal(deal.id), window.location.origin).href,
  };
}

export async function shareDeal(deal: Pick<Deal, 'id' | 'title' | 'merchantName' | 'priceCents'>): Promise<DealShareOutcome> {
  const data = dealShareData(deal);
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
  toast({ title: 'Link copied', description: 'Send it to anyone who might like this deal.', variant: 'success' });
  return 'copied';
}
