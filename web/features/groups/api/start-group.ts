/** POST /api/groups {dealId}: a new group of the deal, with the starter's place in it and the payment page for that place. */
import { groupEndpoints } from '../../../../contract/addresses';
import type { GroupCheckoutAnswer } from '../../../../contract/groups';
import { api } from '../../../lib/api-client';

export function startGroup(dealId: string): Promise<GroupCheckoutAnswer> {
  return api(groupEndpoints.start, { body: { dealId } });
}
