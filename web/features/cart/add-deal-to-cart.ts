/** What Add to Cart does for a signed-in shopper: one more unit in the local cart, within the deal's limits, and a toast. */
import type { Deal } from '../../../contract/deals';
import { toast } from '../../components/ui/toast';
import { addToCart, cartSnapshotOf } from '../../lib/cart-storage';
import { limitMessage } from './cart-limits';

export function addDealToCart(deal: Deal): void {
  const result = addToCart(deal.id, cartSnapshotOf(deal));
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
