/** The Add to Cart button of deal cards and the deal page: guests are asked to log in (docs/product/screens.md#the-local-cart), customers get one more unit. */
import type { Deal } from '../../../../contract/deals';
import { Button, type ButtonSize, type ButtonVariant } from '../../../components/ui/button';
import { CartIcon } from '../../../components/ui/icons';
import { toast } from '../../../components/ui/toast';
import { track } from '../../../lib/analytics';
import { useUserWhenKnown } from '../../auth';
import { addDealToCart } from '../add-deal-to-cart';

interface AddToCartButtonProps {
  deal: Deal;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  /** Names the deal for screen readers, where several such buttons share a screen. */
  labelWithTitle?: boolean;
}

export function AddToCartButton({ deal, variant = 'outline', size = 'md', className, labelWithTitle = false }: AddToCartButtonProps) {
  const userWhenKnown = useUserWhenKnown();
  const buyable = deal.active && !deal.soldOut;

  const add = async () => {
    if ((await userWhenKnown()) === null) {
      track({ event: 'login_required', reason: 'cart' });
      toast({ title: 'Please Login First', description: 'Please login to add items to cart' });
      return;
    }
    // Written at once, so a shopper who moves on straight after the click still finds the deal in the cart.
    addDealToCart(deal);
  };

  return (
    <Button
      variant={variant}
      size={size}
      className={className}
      onClick={() => void add()}
      disabled={!buyable}
      aria-label={labelWithTitle ? `Add to Cart: ${deal.title}` : undefined}
    >
      <CartIcon className="h-4 w-4" />
      Add to Cart
    </Button>
  );
}
