/** What Add to Cart does for a signed-in shopper: one more unit (or `quantity` more) in the local cart, within the deal's limits, and a toast. */
import type { Deal } from '../../../contract/deals';
import { toast } from '../../components/ui/toast';
import { addToCart, cartSnapshotOf } from '../../lib/cart-storage';
import { limitMessage } from './cart-limits';

export function addDealToCart(deal: Deal, quantity = 1): void {
  const result = addToCart(deal.id, cartSnapshotOf(deal), quantity);
  if (result.status === 'at-limit') {
    toast({ title: 'Cart limit reached', description: limitMessage(deal, result.limit), variant: 'destructive' });
    return;
  }
  toast({
    title: 'Added to Cart',
    description: `${deal.title} (${result.quantity} in your cart)`,
    variant: 'success',
  });
}
