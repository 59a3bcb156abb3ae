/**
 * The Add to Cart button of deal cards and the deal page: a guest gets the login dialog and comes back to the same
 * screen (docs/product/screens.md#the-local-cart), a customer gets one more unit (or the deal page's chosen quantity).
 */
import type { Deal } from '../../../../contract/deals';
import type { AllowanceSlot } from '../../deals';
import { Button, type ButtonSize, type ButtonVariant } from '../../../components/ui/button';
import { CartIcon } from '../../../components/ui/icons';
import { useT } from '../../../i18n';
import { useRequireSignIn } from '../../auth';
import { addDealToCart } from '../add-deal-to-cart';

interface AddToCartButtonProps {
  deal: Deal;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  /** Names the deal for screen readers, where several such buttons share a screen. */
  labelWithTitle?: boolean;
  /** Units to add. */
  quantity?: number;
  /** The icon alone on screen (the name is still read out), where space is short. */
  compact?: boolean;
  /** What the signed-in customer may still buy, where the page has read it: at 0 the button is disabled, described by the page's note. */
  allowance?: AllowanceSlot;
}

export function AddToCartButton({ deal, variant = 'outline', size = 'md', className, labelWithTitle = false, quantity = 1, compact = false, allowance }: AddToCartButtonProps) {
  // The cart's texts are at hand before the first click (the toasts below and addDealToCart's read them).
  const { t } = useT('cart');
  const requireSignIn = useRequireSignIn();
  const atLimit = allowance?.remaining === 0;
  const buyable = deal.active && !deal.soldOut && !atLimit;

  const add = async () => {
    // A guest comes back to the same screen after logging in.
    if ((await requireSignIn({ reason: 'cart', notice: { title: t('toasts.loginTitle'), description: t('toasts.loginToAdd') } })) === null) return;
    // Written at once, so a shopper who moves on straight after the click still finds the deal in the cart.
    addDealToCart(deal, quantity, allowance?.remaining);
  };

  return (
    <Button
      variant={variant}
      size={size}
      className={className}
      onClick={() => void add()}
      disabled={!buyable}
      aria-describedby={atLimit ? allowance.noteId : undefined}
      aria-label={labelWithTitle ? t('addToCart.labelWithTitle', { title: deal.title }) : undefined}
    >
      <CartIcon className={compact ? 'h-5 w-5' : 'h-4 w-4'} />
      {compact ? <span className="sr-only">{t('addToCart.label')}</span> : t('addToCart.label')}
    </Button>
  );
}
