/**
 * What Add to Cart does for a signed-in shopper: one more unit (or `quantity` more) in the local cart, within the deal's
 * limits and, where the page has read it, what the customer may still buy of it (`allowance`, units), and a toast.
 */
import type { Deal } from '../../../contract/deals';
import { toast } from '../../components/ui/toast';
import { translate } from '../../i18n';
import { addToCart, cartSnapshotOf, readCart } from '../../lib/cart-storage';
import { allowanceMessage, limitMessage } from './cart-limits';

export function addDealToCart(deal: Deal, quantity = 1, allowance?: number): void {
  let units = quantity;
  if (allowance !== undefined) {
    const inCart = Math.max(0, Math.floor(readCart().find((item) => item.dealId === deal.id)?.quantity ?? 0));
    const room = allowance - inCart;
    if (room <= 0) {
      toast({ title: translate('cart:toasts.limitTitle'), description: allowanceMessage(deal, allowance), variant: 'destructive' });
      return;
    }
    units = Math.min(units, room);
  }
  const result = addToCart(deal.id, cartSnapshotOf(deal), units);
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
