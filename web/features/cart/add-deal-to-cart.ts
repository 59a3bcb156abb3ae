/** What Add to Cart does for a signed-in shopper: one more unit (or `quantity` more) in the local cart, within the deal's limits, and a toast. */
import type { Deal } from '../../../contract/deals';
import { toast } from '../../components/ui/toast';
import { translate } from '../../i18n';
import { addToCart, cartSnapshotOf } from '../../lib/cart-storage';
import { limitMessage } from './cart-limits';

export function addDealToCart(deal: Deal, quantity = 1): void {
  const result = addToCart(deal.id, cartSnapshotOf(deal), quantity);
  if (result.status === 'at-limit') {
    toast({ title: translate('cart:toasts.limitTitle'), description: limitMessage(deal, result.limit), variant: 'destructive' });
    return;
  }
  toast({
    title: translate('cart:toasts.addedTitle'),
    description: translate('cart:toasts.addedDescription', { title: deal.title, quantity: result.quantity }),
    variant: 'success',
  });
}
