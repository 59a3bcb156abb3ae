/**
 * POST /api/groups/{id}/join: a place in an open group and the payment page for it. A full or closed group, or one the
 * customer is already in, answers 409 with the message to show.
 */
import { groupEndpoints } from '../../../../contract/addresses';
import type { GroupCheckoutAnswer } from '../../../../contract/groups';
import { api, isApiError } from '../../../lib/api-client';
import { messageOf } from '../../../lib/message-of';

export function joinGroup(groupId: string): Promise<GroupCheckoutAnswer> {
  return api(groupEndpoints.join, { params: { id: groupId } });
}

/** A join the group refused (full, closed, already in it): the server's message, or null for any other failure. */
export function joinRefusal(error: unknown): string | null {
  return isApiError(error, 409) ? messageOf(error, '') || null : null;
}
