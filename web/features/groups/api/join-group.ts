/**
 * POST /api/groups/{id}/join: a place in an open group and the payment page for it. A full or closed group, or one the
 * customer is already in, answers 409 with the message to show.
 */
import type { GroupCheckoutAnswer } from '../../../../contract/groups';
import { apiJson, isApiError } from '../../../lib/api-client';
import { GROUPS_PATH } from './get-group';

export function joinGroup(groupId: string): Promise<GroupCheckoutAnswer> {
  return apiJson<GroupCheckoutAnswer>('POST', `${GROUPS_PATH}/${encodeURIComponent(groupId)}/join`);
}

/** A join the group refused (full, closed, already in it): the server's message, or null for any other failure. */
export function joinRefusal(error: unknown): string | null {
  return isApiError(error, 409) && error.serverMessage.trim() !== '' ? error.serverMessage : null;
}
