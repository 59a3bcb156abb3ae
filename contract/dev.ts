/**
 * Development-only helpers (docs/product/api.md#development-only): registered only outside production, for trying
 * the flows by hand and in browser journeys without a phone, a mailbox, a day's wait or a misbehaving provider.
 */
import { z } from 'zod';
import { email, emailOutboxAnswer, phone, smsOutboxAnswer } from './auth';
import { idParams } from './common';
import { endpoint } from './endpoint';
import { group } from './groups';

/** GET /api/dev/sms-outbox?phone=P */
export const smsOutboxQuery = z.object({ phone });

/** GET /api/dev/email-outbox?email=E */
export const emailOutboxQuery = z.object({ email });

/** How the built-in provider's refunds are to behave, for every voucher or only `voucherId`'s. */
export const testProviderRefundMode = z.enum(['hold', 'release', 'refuse', 'unavailable', 'lost', 'normal']);

/** POST /api/dev/test-provider/refunds, which answers the same. */
export const testProviderRefundsBody = z.object({ mode: testProviderRefundMode, voucherId: z.uuid().optional() });
export type TestProviderRefundsBody = z.infer<typeof testProviderRefundsBody>;

/** Every message the console senders kept for one phone or address, oldest first (the latest 50). */
export const smsMessagesAnswer = z.object({ messages: z.array(z.object({ to: z.string(), body: z.string(), sentAt: z.string() })) });
export const emailMessagesAnswer = z.object({
  messages: z.array(z.object({ to: z.string(), subject: z.string(), text: z.string(), sentAt: z.string() })),
});

/** PUT /api/dev/clock: the time the merchant's home counts from, or null to follow the system's time again. */
export const devClockBody = z.object({ now: z.iso.datetime({ offset: true }).nullable() });
export const devClockAnswer = z.object({ now: z.string(), fixed: z.boolean() });

const OUTSIDE_PRODUCTION = 'Exists only outside production (never registered when NODE_ENV is production)';

export const devEndpoints = {
  smsOutbox: endpoint({
    method: 'GET',
    path: '/api/dev/sms-outbox',
    tag: 'Development',
    summary: 'The latest code the console SMS sender printed for a phone',
    description: `${OUTSIDE_PRODUCTION}, and only while the console SMS sender is in use (ADR 016).`,
    query: smsOutboxQuery,
    ok: { status: 200, schema: smsOutboxAnswer, description: '`{phone, code, sentAt}`.' },
    refusals: { 404: 'No code has been sent to that phone.' },
  }),
  emailOutbox: endpoint({
    method: 'GET',
    path: '/api/dev/email-outbox',
    tag: 'Development',
    summary: 'The latest code the console email sender printed for an address',
    description: `${OUTSIDE_PRODUCTION}, and only while the console email sender is in use.`,
    query: emailOutboxQuery,
    ok: { status: 200, schema: emailOutboxAnswer, description: '`{email, code, sentAt}`.' },
    refusals: { 404: 'No code has been sent to that email.' },
  }),
  smsMessages: endpoint({
    method: 'GET',
    path: '/api/dev/sms-outbox/messages',
    tag: 'Development',
    summary: 'Every text the console SMS sender sent to a phone',
    description: `${OUTSIDE_PRODUCTION}, and only while the console SMS sender is in use: codes, receipts and every other notification, oldest first, the latest 50 per phone.`,
    query: smsOutboxQuery,
    ok: { status: 200, schema: smsMessagesAnswer, description: '`{messages}`, empty when none were sent.' },
    refusals: {},
  }),
  emailMessages: endpoint({
    method: 'GET',
    path: '/api/dev/email-outbox/messages',
    tag: 'Development',
    summary: 'Every email the console email sender sent to an address',
    description: `${OUTSIDE_PRODUCTION}, and only while the console email sender is in use, oldest first, the latest 50 per address.`,
    query: emailOutboxQuery,
    ok: { status: 200, schema: emailMessagesAnswer, description: '`{messages}`, empty when none were sent.' },
    refusals: {},
  }),
  setClock: endpoint({
    method: 'PUT',
    path: '/api/dev/clock',
    tag: 'Development',
    summary: 'Fixes the time the merchant\'s home counts its "today" from',
    description: `${OUTSIDE_PRODUCTION}. \`{now}\` fixes this server's clock for the merchant's home and GET /api/merchant/clock (ADR 039) at that time; \`{now: null}\` lets it follow the system's time again. Nothing else reads it: sales, redemptions and the sweeps keep the real time. For seeing a merchant's day turn at its midnight without waiting for it.`,
    body: devClockBody,
    ok: { status: 200, schema: devClockAnswer, description: '`{now, fixed}`: the clock\'s time and whether it is fixed.' },
    refusals: {},
  }),
  endGroupWindow: endpoint({
    method: 'POST',
    path: '/api/dev/groups/:id/end-window',
    tag: 'Development',
    summary: 'Ends an open group\'s window now and runs the group sweep',
    description: `${OUTSIDE_PRODUCTION}, whatever the senders. The group's deadline becomes a second ago and the sweep runs at once, as a server's minute sweep would: the way to see a group fail without waiting for its deadline. A group that is not open is only read.`,
    params: idParams,
    ok: { status: 200, schema: group, description: 'The group as it then stands.' },
    refusals: { 404: 'No group has this id, or its deal is not shown to shoppers.' },
  }),
  testProviderRefunds: endpoint({
    method: 'POST',
    path: '/api/dev/test-provider/refunds',
    tag: 'Development',
    summary: 'Makes the built-in payment provider\'s refunds misbehave as a real provider\'s can',
    description: `${OUTSIDE_PRODUCTION}, and only with the built-in provider. \`hold\`: refund calls wait unanswered until \`release\`; \`refuse\`: the next is refused for certain; \`unavailable\`: the next fails and makes nothing; \`lost\`: the next makes the refund and loses the answer; \`normal\`: drops all of it. With a \`voucherId\`, only that voucher's refunds.`,
    body: testProviderRefundsBody,
    ok: { status: 200, schema: testProviderRefundsBody, description: 'The mode set, and the voucher when one was named.' },
    refusals: {},
  }),
};
