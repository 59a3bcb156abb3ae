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
