/**
 * 'Buy Now - $price' on the deal page: the chosen quantity (one unless the page's picker says more) straight to payment,
 * the label showing what it costs; a guest gets the login dialog and comes back here. A deal with a group price calls
 * it 'Buy alone $price', beside the group's button.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Trans } from 'react-i18next';
import { Price } from '../../../components/ui/price';
import { SpinnerIcon } from '../../../components/ui/icons';
import type { Deal } from '../../../../contract/deals';
import { paths } from '../../../../contract/routes';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../i18n';
import { cn } from '../../../lib/cn';
import { useRequireSignIn } from '../../auth';
import { invalidateAllowances, type AllowanceSlot } from '../../deals';
import { useStartCheckout } from '../api/start-checkout';

interface BuyNowButtonProps {
  deal: Deal;
  alone?: boolean;
  /** Units to buy; the server holds them to the deal's limits. */
  quantity?: number;
  /** The button's look when it is the only buy button in sight (the phone's buy bar); by default 'Buy alone' is the quieter one. */
  variant?: 'primary' | 'outline';
  /** What the signed-in customer may still buy, where the page has read it: at 0 the button is disabled, described by the page's note. */
  allowance?: AllowanceSlot;
  className?: string;
}

export function BuyNowButton({ deal, alone = false, quantity = 1, variant, allowance, className }: BuyNowButtonProps) {
  const { t } = useT('checkout');
  const requireSignIn = useRequireSignIn();
  const checkout = useStartCheckout();
  const queryClient = useQueryClient();
  const atLimit = allowance?.remaining === 0;
  const buyable = deal.active && !deal.soldOut && !atLimit;
  const hintId = `buy-hint-${deal.id}`;

  const buy = async () => {
    if ((await requireSignIn({ next: paths.deal(deal.id), reason: 'purchase' })) === null) return;
    const body = quantity > 1 ? { items: [{ dealId: deal.id, quantity }] } : { dealId: deal.id };
    // A refusal may come from units bought or held since the page read the customer's allowance: it is read again.
    checkout.mutate({ body, valueCents: deal.priceCents * quantity }, { onError: () => void invalidateAllowances(queryClient) });
  };

  let hint: string | null = null;
  if (!deal.active) hint = t('buyNow.notAvailable');
  else if (deal.soldOut) hint = t('buyNow.soldOut');

  return (
    <>
      <Button
        size="lg"
        variant={variant ?? (alone ? 'outline' : 'primary')}
        className={cn('w-full', className)}
        onClick={() => void buy()}
        disabled={!buyable || checkout.isPending}
        aria-describedby={hint ? hintId : atLimit ? allowance.noteId : undefined}
      >
        {checkout.isPending ? <SpinnerIcon className="h-5 w-5" /> : null}
        <Trans t={t} i18nKey={alone ? 'buyNow.buyAlone' : 'buyNow.buyNow'} components={{ price: <Price cents={deal.priceCents * quantity} /> }} />
      </Button>
      {hint ? (
        <p id={hintId} className="mt-2 text-center text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
    </>
  );
}
