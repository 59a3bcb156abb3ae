/**
 * 'Start a group $price' on the deal page (its purchase box, or the buy bar on a phone) and the group page: the starter's
 * own unit at the group price, straight to payment.
 */
import { Trans } from 'react-i18next';
import type { Deal } from '../../../../contract/deals';
import { paths } from '../../../../contract/routes';
import { Button, type ButtonVariant } from '../../../components/ui/button';
import { SpinnerIcon, UsersIcon } from '../../../components/ui/icons';
import { Price } from '../../../components/ui/price';
import { useT } from '../../../i18n';
import { useRequireSignIn } from '../../auth';
import { useGroupCheckout } from '../api/group-checkout';
import { groupOfferOf, type AllowanceSlot } from '../../deals';
import { groupOfferHint, groupsOpenFor } from '../group-offer';

interface StartGroupButtonProps {
  deal: Deal;
  /** 'Start a new group' where a group could not be joined, rather than the deal page's 'Start a group'. */
  newGroup?: boolean;
  /** Where a guest comes back to after logging in. */
  next?: string;
  variant?: ButtonVariant;
  size?: 'md' | 'lg';
  /** What the signed-in customer may still buy, where the page has read it: at 0 the button is disabled, described by the page's note. */
  allowance?: AllowanceSlot | undefined;
  /** The phone's buy bar: the hint under the button is read out with it but not shown, so the bar stays one row. */
  compact?: boolean;
  className?: string;
}

export function StartGroupButton({ deal, newGroup = false, next = paths.deal(deal.id), variant = 'primary', size = 'lg', allowance, compact = false, className }: StartGroupButtonProps) {
  const { t } = useT('groups');
  const offer = groupOfferOf(deal);
  const requireSignIn = useRequireSignIn();
  const checkout = useGroupCheckout();
  if (offer === null) return null;
  const hintId = compact ? `group-hint-bar-${deal.id}` : `group-hint-${deal.id}`;
  const atLimit = allowance?.remaining === 0;

  const start = async () => {
    if ((await requireSignIn({ next, reason: 'purchase' })) !== null) checkout.mutate({ deal });
  };

  return (
    <div className={className}>
      <Button
        size={size}
        variant={variant}
        className={compact ? 'w-full px-2 text-sm leading-tight whitespace-normal' : 'w-full'}
        onClick={() => void start()}
        disabled={!groupsOpenFor(deal) || atLimit || checkout.isPending}
        aria-describedby={atLimit ? `${allowance.noteId} ${hintId}` : hintId}
      >
        {checkout.isPending ? <SpinnerIcon className="h-5 w-5 shrink-0" /> : <UsersIcon className={compact ? 'hidden h-5 w-5 min-[400px]:block' : 'h-5 w-5'} />}
        {newGroup ? (
          <Trans t={t} i18nKey='start.newGroup' components={{ price: <Price cents={offer.priceCents} /> }} />
        ) : (
          <Trans t={t} i18nKey='start.group' components={{ price: <Price cents={offer.priceCents} /> }} />
        )}
      </Button>
      <p id={hintId} className={compact ? 'sr-only' : 'mt-1.5 text-center text-sm text-slate-600'}>
        {groupOfferHint(offer)}
      </p>
    </div>
  );
}
