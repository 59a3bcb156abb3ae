/** The payment result's screen, loaded on demand by the router: checkout's page with groups' live part of a place still waiting for its group in its slot. */
import { SuccessPage, type SuccessPageSlots } from '../features/checkout';
import { JoinedGroup } from '../features/groups';

export const successPageSlots: SuccessPageSlots = { JoinedGroup };

export default function SuccessScreen() {
  return <SuccessPage slots={successPageSlots} />;
}
