/** Group deals (docs/product/api.md#group-deals; ADR 029): start, join and read a group. */
import { z } from 'zod';
import { idParams } from './common';
import { deal, SHARE_IMAGE_ANSWER, shareImageParams, shareImageQuery } from './deals';
import { endpoint } from './endpoint';
import { guards } from './refusals';
import { reason } from './reasons';

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

export const startGroupBody = z.object({ dealId: z.uuid({ message: reason('validation.dealId') }) });

/** POST /api/groups and POST /api/groups/{id}/join: the group and the payment page for the caller's place. */
export const groupCheckoutAnswer = z.object({ group, url: z.string() });
export type GroupCheckoutAnswer = z.infer<typeof groupCheckoutAnswer>;

/** GET /api/groups: the signed-in customer's groups, newest first. */
export const myGroupList = z.array(group);

/** What starting and joining refuse as every checkout does: a customer's write, within the checkout budget, with the provider's payment page. */
const asACheckout = {
  ...guards({ account: 'a customer', write: true }),
  429: 'Over the customer\'s 30 checkout attempts a minute.',
  502: 'The payment provider failed to open the payment page.',
} as const;

/** Group deals: starting and joining are checkouts of one unit at the group price, with the checkout's refusals and budget. */
export const groupEndpoints = {
  start: endpoint({
    method: 'POST',
    path: '/api/groups',
    tag: 'Group deals',
    summary: 'Starts a group of a deal, holding the caller\'s place, and answers its payment page',
    description: 'Customers. A checkout of one unit at the group price: the refusals and the budget of POST /api/checkout apply.',
    body: startGroupBody,
    ok: { status: 200, schema: groupCheckoutAnswer, description: '`{group, url}`: the new group and the payment page for the caller\'s place.' },
    refusals: {
      ...asACheckout,
      404: 'No deal has this id.',
      409: 'The deal has no group price, or cannot be bought now (no longer available, switched off, not on sale yet, ended, sold out, over the allowance, in too high demand).',
    },
  }),
  join: endpoint({
    method: 'POST',
    path: '/api/groups/:id/join',
    tag: 'Group deals',
    summary: 'Takes a place in an open group and answers its payment page',
    description: 'Customers. A checkout of one unit at the group\'s price: the refusals and the budget of POST /api/checkout apply.',
    params: idParams,
    ok: { status: 200, schema: groupCheckoutAnswer, description: '`{group, url}`: the group and the payment page for the caller\'s place.' },
    refusals: {
      ...asACheckout,
      404: 'No group has this id.',
      409: 'The group is full, has closed (formed, failed or past its deadline), or already holds the caller; or its deal cannot be bought now.',
    },
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/groups/:id',
    tag: 'Group deals',
    summary: 'One group, with its deal and members\' initials',
    description: 'Anyone, so that a shared link shows what it is about; `mine` is the signed-in viewer\'s place in it.',
    params: idParams,
    ok: { status: 200, schema: group, description: 'The group.' },
    refusals: { 404: 'No group with this id is shown to the caller.' },
  }),
  mine: endpoint({
    method: 'GET',
    path: '/api/groups',
    tag: 'Group deals',
    summary: 'The caller\'s groups, newest first',
    description: 'Signed in. A lapsed checkout\'s place aside.',
    ok: { status: 200, schema: myGroupList, description: 'The groups.' },
    refusals: guards(),
  }),
  shareImage: endpoint({
    method: 'GET',
    path: '/api/groups/:id/share.png',
    tag: 'Group deals',
    summary: 'A group\'s share image, for link previews in chat apps',
    description:
      'Anyone. The deal\'s picture with a band giving its title, the group price with the usual price struck, the group\'s size, and the places left with the deadline in the merchant\'s time zone (or the group\'s end once it has closed), in the language of `lang` or else Accept-Language.',
    params: shareImageParams,
    query: shareImageQuery,
    ok: { status: 200, schema: z.string(), contentType: 'image/png', description: SHARE_IMAGE_ANSWER },
    refusals: { 404: 'No group with this id is shown to shoppers (a malformed id too, and every group of a deal hidden from them).' },
  }),
  ofDeal: endpoint({
    method: 'GET',
    path: '/api/deals/:id/groups',
    tag: 'Group deals',
    summary: 'A deal\'s open groups with a paid member and a free place, closing soonest first',
    description: 'Anyone. At most five.',
    params: idParams,
    ok: { status: 200, schema: openGroupList, description: 'The open groups.' },
    refusals: { 404: 'No deal with this id is shown to the caller.' },
  }),
};
