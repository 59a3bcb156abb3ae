/** "Needs attention" and reconciliation, for superadmins (docs/product/rules.md#money-at-the-payment-providers-edge; ADR 032). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { moneyEndpoints } from '../../contract/money';
import type { AppDeps } from '../deps';
import { handle } from '../http/endpoints';
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

    handle(app, moneyEndpoints.attention, async () => listAttention(db));

    handle(app, moneyEndpoints.retryAttention, async (request, reply) => {
      const admin = requireUser(request);
      const { item, message } = await retryAttentionItem({ db, payments: deps.payments, logger: request.log }, request.params.id, admin.id);
      return { item, message: say(reply, message) };
    });

    handle(app, moneyEndpoints.resolveAttention, async (request, reply) => {
      const admin = requireUser(request);
      const { item, message } = await resolveAttentionItem(db, request.params.id, admin.id, request.body.note);
      return { item, message: say(reply, message) };
    });

    handle(app, moneyEndpoints.reconciliation, async () => ({ run: await latestRun(db, deps.payments.name) }));

    handle(app, moneyEndpoints.runReconciliation, async (request) => {
      const admin = requireUser(request);
      const to = request.body?.to ? new Date(request.body.to) : new Date();
      const from = request.body?.from ? new Date(request.body.from) : new Date(to.getTime() - DEFAULT_PERIOD_MS);
      const run = await runReconciliation({ db, payments: deps.payments, logger: request.log }, { from, to }, 'manual', admin.id);
      return { run };
    });
  };
