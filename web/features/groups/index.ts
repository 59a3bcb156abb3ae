/**
 * What the app uses of group deals: Start and Join, which it puts in the deal page's slots, the waiting groups, in My
 * Vouchers' slot, and the group just joined, in the payment result's. The group page is loaded by the route table on its own.
 */
export { JoinedGroup } from './components/joined-group';
export { OpenGroups } from './components/open-groups';
export { StartGroupButton } from './components/start-group-button';
export { WaitingGroupsPanel } from './components/waiting-groups-panel';
