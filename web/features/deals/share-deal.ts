/** The deal page's Share: the device's share sheet when there is one, else the link copied to the clipboard with a toast. */
import type { Deal } from '../../../contract/deals';
import { paths } from '../../../contract/routes';
import { shareOrCopy, type ShareOutcome } from '../../components/ui/share';
import { translate } from '../../i18n';
import { formatMoney } from '../../lib/money';

/** What is shared: the deal's title, a line on the price and the merchant, and the deal page's full address. */
export function dealShareData(deal: Pick<Deal, 'id' | 'title' | 'merchantName' | 'priceCents'>): ShareData & { url: string } {
  return {
    title: deal.title,
    text: translate('deals:page.shareText', { title: deal.title, merchant: deal.merchantName, price: formatMoney(deal.priceCents) }),
    url: new URL(paths.deal(deal.id), window.location.origin).href,
  };
}

export function shareDeal(deal: Pick<Deal, 'id' | 'title' | 'merchantName' | 'priceCents'>): Promise<ShareOutcome> {
  const data = dealShareData(deal);
  return shareOrCopy({
    data,
    copy: data.url,
    copied: { title: translate('deals:page.linkCopied'), description: translate('deals:page.linkCopiedHint') },
    failed: { title: translate('deals:page.copyFailed'), description: data.url },
  });
}
