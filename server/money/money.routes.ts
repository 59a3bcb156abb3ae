/** "Needs attention" and reconciliation, for superadmins (docs/product/rules.md#money-at-the-payment-providers-edge; ADR 032). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../contract/common';
import { attentionActionAnswer, attentionList, latestReconciliation, reconciliationBody, resolveAttentionBody } from '../../contract/money';
import type { AppDeps } from '../deps';
import { say } from '../http/language';
import { requireUser } from '../http/session';
import { superadminOnly } from '../http/superadmin-guard';
import type { PaymentProvider } from '../integrations/payments/payment-provider';
import { attentionList as listAttention, resolveAttentionItem, retryAttentionItem } from './attention.service';
import { latestReconciliation as latestRun, runReconciliation } from './reconciliation.service';

/** A reconciliation asked for without a period covers the last day. */
const DEFAULT_PERIOD_MS = 86_400_000;

export const moneyRoutes =
  (deps: AppDeps & { payments: PaymentProvider }): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database;
    superadminOnly(app);

    app.get('/api/admin/attention', { schema: { response: { 200: attentionList } } }, async () => listAttention(db));

    app.post('/api/admin/attention/:id/retry', { schema: { params: idParams, response: { 200: attentionActionAnswer } } }, async (request, reply) => {
      const admin = requireUser(request);
      const { item, message } = await retryAttentionItem({ db, payments: deps.payments, logger: request.log }, request.params.id, admin.id);
      return { item, message: say(reply, message) };
    });

    app.post(
      '/api/admin/attention/:id/resolve',
      { schema: { params: idParams, body: resolveAttentionBody, response: { 200: attentionActionAnswer } } },
      async (request, reply) => {
        const admin = requireUser(request);
        const { item, message } = await resolveAttentionItem(db, request.params.id, admin.id, request.body.note);
        return { item, message: say(reply, message) };
      },
    );

    app.get('/api/admin/reconciliation', { schema: { response: { 200: latestReconciliation } } }, async () => ({ run: await latestRun(db, deps.payments.name) }));

    app.post('/api/admin/reconciliation', { schema: { body: reconciliationBody.nullish(), response: { 200: latestReconciliation } } }, async (request) => {
      const admin = requireUser(request);
      const to = request.body?.to ? new Date(request.body.to) : new Date();
      const from = request.body?.from ? new Date(request.body.from) : new Date(to.getTime() - DEFAULT_PERIOD_MS);
      const run = await runReconciliation({ db, payments: deps.payments, logger: request.log }, { from, to }, 'manual', admin.id);
      return { run };
    });
  };
