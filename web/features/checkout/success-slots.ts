/**
 * The slot of the payment result for what groups shows there (docs/ARCHITECTURE.md, web/app/): checkout is below groups
 * among the shopper features, so the page takes the group's live part as a component and places it itself; web/app/
 * (success-screen.tsx) fills it with groups' own.
 */
import type { ComponentType } from 'react';
import type { OrderGroup } from '../../../contract/groups';

/**
 * The open group the customer has just paid a place in, as the payment status gives it: the slot reads the group itself
 * (its members, places and deadline, live) and offers to share it. `onChange` is called when the group changes (a place
 * paid, the group formed or failed), so the page reads the payment again at once.
 */
export interface JoinedGroupSlotProps {
  group: OrderGroup;
  onChange: () => void;
}

export interface SuccessPageSlots {
  JoinedGroup: ComponentType<JoinedGroupSlotProps>;
}
