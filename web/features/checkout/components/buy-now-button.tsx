/**
 * 'Buy Now - $price' on the deal page: one unit straight to payment; a guest gets the login dialog and comes back here.
 * A deal with a group price calls it 'Buy alone $price', beside the group's button.
 */
import { Price } from '../../../components/ui/price';
import { SpinnerIcon } from '../../../components/ui/icons';
import type { Deal } from '../../../../contract/deals';
import { paths } from '../../../../contract/routes';
import { Button } from '../../../components/ui/button';
import { track } from '../../../lib/analytics';
import { cn } from '../../../lib/cn';
import { useUserWhenKnown, openLoginDialog } from '../../auth';
import { useStartCheckout } from '../api/start-checkout';

export function BuyNowButton({ deal, alone = false, className }: { deal: Deal; alone?: boolean; className?: string }) {
  const userWhenKnown = useUserWhenKnown();
  const checkout = useStartCheckout();
  const buyable = deal.active && !deal.soldOut;
  const hintId = `buy-hint-${deal.id}`;

  const buy = async () => {
    if ((await userWhenKnown()) === null) {
      track({ event: 'login_required', reason: 'purchase' });
      openLoginDialog({ next: paths.deal(deal.id) });
      return;
    }
    checkout.mutate({ body: { dealId: deal.id }, valueCents: deal.priceCents });
  };

  let hint: string | null = null;
  if (!deal.active) hint = 'This deal is not available right now.';
  else if (deal.soldOut) hint = 'This deal is sold out.';

  return (
    <>
      <Button
        size="lg"
        variant={alone ? 'outline' : 'primary'}
        className={cn('w-full', className)}
        onClick={() => void buy()}
        disabled={!buyable || checkout.isPending}
        aria-describedby={hint ? hintId : undefined}
      >
        {checkout.isPending ? <SpinnerIcon className="h-5 w-5" /> : null}
        {alone ? 'Buy alone ' : 'Buy Now - '}
        <Price cents={deal.priceCents} />
      </Button>
      {hint ? (
        <p id={hintId} className="mt-2 text-center text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
    </>
  );
}
