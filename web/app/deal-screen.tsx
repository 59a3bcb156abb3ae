/**
 * The deal page's screen, loaded on demand by the router: deals' page with the buttons of the features above it in its
 * slots (web/features/deals/deal-actions.ts): the heart, Add to Cart, Buy Now, and a group deal's Start a group and
 * open groups.
 */
import { BuyNowButton } from '../features/checkout';
import { DealPage, type DealPageActions } from '../features/deals';
import { OpenGroups, StartGroupButton } from '../features/groups';
import { dealCardActions } from './shopper-slots';

export const dealPageActions: DealPageActions = { ...dealCardActions, BuyNow: BuyNowButton, StartGroup: StartGroupButton, OpenGroups };

export default function DealScreen({ id }: { id: string }) {
  return <DealPage id={id} actions={dealPageActions} />;
}
