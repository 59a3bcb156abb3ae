/** Group deals (docs/product/api.md#group-deals; ADR 029): start, join and read a group. */
import { z } from 'zod';
import { deal } from './deals';

export const groupStatus = z.enum(['open', 'formed', 'failed']);
export type GroupStatus = z.infer<typeof groupStatus>;

/**
 * Where the viewer stands in a group: `held` while their checkout is open, `paid`; after the group
 * failed, `refunding` until the provider confirms, then `refunded`.
 */
export const groupMembership = z.enum(['held', 'paid', 'refunding', 'refunded']);
export type GroupMembership = z.infer<typeof groupMembership>;

/** An order's group, as the order history shows it: "waiting for N more" until it forms. */
export const orderGroup = z.object({
  id: z.string(),
  status: groupStatus,
  size: z.number().int(),
  /** Paid members still missing; 0 once formed. */
  waitingFor: z.number().int(),
  deadline: z.string(),
  /** When it formed or failed; null while open. */
  closedAt: z.string().nullable(),
});
export type OrderGroup = z.infer<typeof orderGroup>;

/** GET /api/groups/{id}: public, so that a shared link shows what it is about. */
export const group = z.object({
  id: z.string(),
  status: groupStatus,
  size: z.number().int(),
  priceCents: z.number().int(),
  /** Places no one holds or has paid for; a place held by an open checkout is not free. */
  seatsLeft: z.number().int(),
  paidCount: z.number().int(),
  /** The paid members' initials, in the order they joined (never names or phones). */
  members: z.array(z.object({ initials: z.string() })),
  createdAt: z.string(),
  deadline: z.string(),
  formedAt: z.string().nullable(),
  /** The signed-in viewer's place in the group, or null. */
  mine: groupMembership.nullable(),
  deal,
});
export type Group = z.infer<typeof group>;

/** An open group as a deal's page lists it. */
export const openGroup = group.pick({ id: true, size: true, priceCents: true, seatsLeft: true, paidCount: true, members: true, deadline: true, mine: true });
export type OpenGroup = z.infer<typeof openGroup>;
export const openGroupList = z.array(openGroup);

export const startGroupBody = z.object({ dealId: z.uuid({ message: 'must be a deal id' }) });

/** POST /api/groups and POST /api/groups/{id}/join: the group and the payment page for the caller's place. */
export const groupCheckoutAnswer = z.object({ group, url: z.string() });
export type GroupCheckoutAnswer = z.infer<typeof groupCheckoutAnswer>;

/** GET /api/groups: the signed-in customer's groups, newest first. */
export const myGroupList = z.array(group);
