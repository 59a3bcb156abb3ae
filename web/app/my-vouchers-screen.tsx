/** My Vouchers' screen, loaded on demand by the router: vouchers' page with the groups the customer waits on (groups' panel) in its slot. */
import { WaitingGroupsPanel } from '../features/groups';
import { MyVouchersPage } from '../features/vouchers';

/** `requiresLogin`: guests go to the login gate (the /account/vouchers route) instead of seeing the prompt. */
export default function MyVouchersScreen({ requiresLogin = false }: { requiresLogin?: boolean }) {
  return <MyVouchersPage requiresLogin={requiresLogin} waitingGroups={<WaitingGroupsPanel />} />;
}
