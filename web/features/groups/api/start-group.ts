/** POST /api/groups {dealId}: a new group of the deal, with the starter's place in it and the payment page for that place. */
import type { GroupCheckoutAnswer } from '../../../../contract/groups';
import { apiJson } from '../../../lib/api-client';
import { GROUPS_PATH } from './get-group';

export function startGroup(dealId: string): Promise<GroupCheckoutAnswer> {
  return apiJson<GroupCheckoutAnswer>('POST', GROUPS_PATH, { dealId });
}
