/**
 * Money at the payment provider's edge (docs/product/rules.md#money-at-the-payment-providers-edge; ADR 032):
 * the operations that move money through the provider, the superadmins' "Needs attention" list and the
 * reconciliation of the ledger with the provider's own records.
 */
import { z } from 'zod';
import { idParams } from './common';
import { ATTENTION_NOTE_MAX_LENGTH } from './constants';
import { endpoint } from './endpoint';
import { reason } from './reasons';
import { guards } from './refusals';

/** Why money goes back. The last three are whole payments of orders that could not be fulfilled. */
export const refundReason = z.enum(['customer', 'expiry', 'goodwill', 'admin', 'group', 'sold_out', 'withdrawn', 'group_closed']);
export type RefundReason = z.infer<typeof refundReason>;

/** Where one attempt stands: `pending` until the provider's answer is known, whatever it takes to learn it. */
export const moneyOperationStatus = z.enum(['pending', 'succeeded', 'failed']);

/** Why an operation is on the list: it failed, it has been pending for over a day, or it failed after it had succeeded. */
export const attentionCause = z.enum(['failed', 'stuck', 'reversed']);
export type AttentionCause = z.infer<typeof attentionCause>;

/** What a superadmin did about an item. */
export const attentionAction = z.object({
  at: z.string(),
  action: z.enum(['retried', 'resolved']),
  /** The superadmin's phone, or null when the account is gone. */
  byPhone: z.string().nullable(),
  note: z.string().nullable(),
});

/** One money operation that needs a person. */
export const attentionItem = z.object({
  /** The operation (a row of refunds). */
  id: z.string(),
  cause: attentionCause,
  status: moneyOperationStatus,
  reason: refundReason,
  amountCents: z.number().int(),
  orderId: z.string(),
  voucherId: z.string().nullable(),
  voucherCode: z.string().nullable(),
  dealTitle: z.string().nullable(),
  customerPhone: z.string().nullable(),
  provider: z.enum(['stripe', 'test']),
  /** The provider's id of the refund, once it gave one. */
  providerRef: z.string().nullable(),
  idempotencyKey: z.string(),
  /** Calls made to the provider for this attempt. */
  tries: z.number().int(),
  /** The provider's words, or why the call could not be completed. */
  failure: z.string().nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
  /** For a pending operation: when the next automatic try is due. */
  nextTryAt: z.string().nullable(),
  /** For a refund that failed after it had succeeded: when the provider said so. */
  reversedAt: z.string().nullable(),
  /** A new attempt can be made (it failed and nothing else stands for the same money). */
  canRetry: z.boolean(),
  history: z.array(attentionAction),
});
export type AttentionItem = z.infer<typeof attentionItem>;

/** GET /api/admin/attention: the open items, oldest first, with how many of each cause. */
export const attentionList = z.object({
  items: z.array(attentionItem),
  counts: z.object({ failed: z.number().int(), stuck: z.number().int(), reversed: z.number().int() }),
});
export type AttentionList = z.infer<typeof attentionList>;

/** POST /api/admin/attention/{id}/resolve: what was done about it, outside the app (required). */
export const resolveAttentionBody = z.object({
  note: z
    .string()
    .trim()
    .min(1, { message: reason('validation.sayWhatWasDone') })
    .max(ATTENTION_NOTE_MAX_LENGTH, { message: reason('validation.atMostCharacters', { max: ATTENTION_NOTE_MAX_LENGTH }) }),
});

/** POST /api/admin/attention/{id}/retry and .../resolve answer the operation as it then stands. */
export const attentionActionAnswer = z.object({ item: attentionItem, message: z.string() });
export type AttentionActionAnswer = z.infer<typeof attentionActionAnswer>;

/** One way the ledger and the provider disagree. */
export const reconciliationDifference = z.object({
  kind: z.enum(['missing_at_provider', 'missing_in_ledger', 'amount_differs']),
  what: z.enum(['payment', 'refund']),
  /** The provider's id (a payment intent, a refund). */
  providerRef: z.string(),
  orderId: z.string().nullable(),
  /** The ledger's net amount for this reference (refunds negative), or null when it has none. */
  ledgerCents: z.number().int().nullable(),
  /** The provider's amount, signed as the ledger's, or null when it has none. */
  providerCents: z.number().int().nullable(),
});
export type ReconciliationDifference = z.infer<typeof reconciliationDifference>;

/** A comparison of the ledger with the provider's records over a period. */
export const reconciliationRun = z.object({
  id: z.string(),
  trigger: z.enum(['daily', 'manual']),
  provider: z.enum(['stripe', 'test']),
  periodStart: z.string(),
  periodEnd: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  status: z.enum(['running', 'matched', 'differences', 'failed']),
  /** Why the run could not finish (the provider could not be listed). */
  error: z.string().nullable(),
  ledgerPaymentsCents: z.number().int(),
  providerPaymentsCents: z.number().int(),
  /** Negative, as in the ledger. */
  ledgerRefundsCents: z.number().int(),
  providerRefundsCents: z.number().int(),
  differences: z.array(reconciliationDifference),
});
export type ReconciliationRun = z.infer<typeof reconciliationRun>;

/** GET /api/admin/reconciliation: the latest run, or null before the first. */
export const latestReconciliation = z.object({ run: reconciliationRun.nullable() });
export type LatestReconciliation = z.infer<typeof latestReconciliation>;

/** POST /api/admin/reconciliation: a run now, over a period (by default the last 24 hours). */
export const reconciliationBody = z
  .object({
    from: z.iso.datetime({ offset: true, message: reason('validation.dateTime') }).optional(),
    to: z.iso.datetime({ offset: true, message: reason('validation.dateTime') }).optional(),
  })
  .refine((b) => !b.from || !b.to || Date.parse(b.from) < Date.parse(b.to), { message: reason('validation.fromBeforeTo'), path: ['from'] });

/** "Needs attention" and reconciliation, for superadmins (docs/product/api.md#refunds-and-orders; ADR 032). */
export const moneyEndpoints = {
  attention: endpoint({
    method: 'GET',
    path: '/api/admin/attention',
    tag: 'Admin: money',
    summary: 'The money operations that need a person, oldest first, with how many there are of each cause',
    description: 'Superadmins. Refunds that failed, that are pending for over a day, or that failed at the provider after they had succeeded (200 at most).',
    ok: { status: 200, schema: attentionList, description: 'The open items and their counts by cause.' },
    refusals: guards({ account: 'a superadmin' }),
  }),
  retryAttention: endpoint({
    method: 'POST',
    path: '/api/admin/attention/:id/retry',
    tag: 'Admin: money',
    summary: 'Retries a money operation on "Needs attention"',
    description:
      'Superadmins. A pending refund is asked about again now; a failed or reversed one gets a new attempt for the same money, which the answer\'s `item` then is. The retry is logged, even when the provider refuses again.',
    params: idParams,
    ok: { status: 200, schema: attentionActionAnswer, description: 'The operation that now stands for the money, and what happened.' },
    refusals: {
      ...guards({ account: 'a superadmin', write: true }),
      404: 'No money operation with this id.',
      409: 'It succeeded already, another attempt stands for the same money, or the voucher, group place or order has changed since.',
      502: 'The payment provider refused the new attempt.',
    },
  }),
  resolveAttention: endpoint({
    method: 'POST',
    path: '/api/admin/attention/:id/resolve',
    tag: 'Admin: money',
    summary: 'Marks a failed or reversed money operation handled, with what was done outside the app',
    description: 'Superadmins. The note is required and kept in the item\'s history.',
    params: idParams,
    body: resolveAttentionBody,
    ok: { status: 200, schema: attentionActionAnswer, description: 'The operation as it now stands, and a confirmation.' },
    refusals: {
      ...guards({ account: 'a superadmin', write: true }),
      404: 'No money operation with this id.',
      409: 'The operation is pending (retry it instead) or was handled already.',
    },
  }),
  reconciliation: endpoint({
    method: 'GET',
    path: '/api/admin/reconciliation',
    tag: 'Admin: money',
    summary: 'The latest comparison of the ledger with the payment provider\'s records',
    description: 'Superadmins. `run` is null before the first comparison.',
    ok: { status: 200, schema: latestReconciliation, description: 'The latest run, or null.' },
    refusals: guards({ account: 'a superadmin' }),
  }),
  runReconciliation: endpoint({
    method: 'POST',
    path: '/api/admin/reconciliation',
    tag: 'Admin: money',
    summary: 'Compares the ledger with the payment provider\'s records now',
    description:
      'Superadmins. Over `{from, to}` (ISO times), by default the last 24 hours; the provider\'s records are read over the period and an hour each side. A provider that cannot be listed makes the run `failed`, with the reason.',
    body: reconciliationBody.nullish(),
    ok: { status: 200, schema: latestReconciliation, description: 'The run just made.' },
    refusals: guards({ account: 'a superadmin', write: true }),
  }),
};
