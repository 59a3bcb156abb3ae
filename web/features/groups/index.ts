/** What other features use of group deals: the deal page's Start and Join, and My Vouchers' waiting groups. The group page is loaded by the route table on its own. */
export { OpenGroups } from './components/open-groups';
export { StartGroupButton } from './components/start-group-button';
export { WaitingGroupsPanel } from './components/waiting-groups-panel';
export { groupOfferOf } from './group-offer';
