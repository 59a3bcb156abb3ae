/** Development-only helpers; never registered in production. */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { devEndpoints } from '../../contract/dev';
import type { Db } from '../db/client';
import { dealGroups } from '../db/schema';
import type { SettableClock } from '../http/clock';
import { handle } from '../http/endpoints';
import { notFound } from '../http/errors';
import type { PaymentProvider } from '../integrations/payments/payment-provider';
import type { TestPaymentProvider } from '../integrations/payments/test-provider';
import { failExpiredGroups, getGroup } from '../orders/orders.service';
import type { ConsoleEmailSender } from '../integrations/email/console-email-sender';
import type { ConsoleSmsSender } from '../integrations/sms/console-sms-sender';
import { msg } from '../i18n';

/** A notification's SMS (server/notifications/texts.ts) opens with the app's name; a code's never does. */
const NOTIFICATION_SMS = /^(DealMarket: |【DealMarket】)/;

/**
 * GET /api/dev/sms-outbox?phone=P: the latest code the console sender sent to P (ADR 016), passing over the
 * notifications sent since; GET /api/dev/sms-outbox/messages?phone=P: every message kept for P.
 */
export const devRoutes =
  (sms: ConsoleSmsSender): FastifyPluginAsyncZod =>
  async (app) => {
    handle(app, devEndpoints.smsOutbox, async (request) => {
      const sent = sms.sentTo(request.query.phone).findLast((m) => !NOTIFICATION_SMS.test(m.body) && /\b\d{6}\b/.test(m.body));
      const code = sent?.body.match(/\b(\d{6})\b/)?.[1];
      if (!sent || !code) throw notFound(msg('notFound.codeForPhone'));
      return { phone: sent.to, code, sentAt: sent.sentAt.toISOString() };
    });
    handle(app, devEndpoints.smsMessages, async (request) => ({
      messages: sms.sentTo(request.query.phone).map((m) => ({ to: m.to, body: m.body, sentAt: m.sentAt.toISOString() })),
    }));
  };

/** GET /api/dev/email-outbox?email=E: the latest code the console email sender sent to E. */
export const devEmailRoutes =
  (sender: ConsoleEmailSender): FastifyPluginAsyncZod =>
  async (app) => {
    handle(app, devEndpoints.emailOutbox, async (request) => {
      const sent = sender.sentTo(request.query.email).findLast((m) => /\b\d{6}\b/.test(m.subject));
      const code = sent?.text.match(/\b(\d{6})\b/)?.[1];
      if (!sent || !code) throw notFound(msg('notFound.codeForEmail'));
      return { email: sent.to, code, sentAt: sent.sentAt.toISOString() };
    });
    handle(app, devEndpoints.emailMessages, async (request) => ({
      messages: sender.sentTo(request.query.email).map((m) => ({ to: m.to, subject: m.subject, text: m.text, sentAt: m.sentAt.toISOString() })),
    }));
  };

/** PUT /api/dev/clock `{now}`: fixes the clock the merchant's home reads (ADR 039), or with null lets it run again. */
export const devClockRoutes =
  (clock: SettableClock): FastifyPluginAsyncZod =>
  async (app) => {
    handle(app, devEndpoints.setClock, async (request) => {
      clock.set(request.body.now === null ? null : new Date(request.body.now));
      return { now: clock.now().toISOString(), fixed: clock.isFixed };
    });
  };

/**
 * POST /api/dev/groups/{id}/end-window: moves an open group's clock to the end of its window (its
 * deadline becomes a second ago) and runs the group sweep at once, as a server's minute sweep would.
 * Answers the group as it then stands. For trying the failed-group path without waiting a day.
 */
export const devGroupRoutes =
  (deps: { db: Db; payments: PaymentProvider }): FastifyPluginAsyncZod =>
  async (app) => {
    handle(app, devEndpoints.endGroupWindow, async (request) => {
      await deps.db
        .update(dealGroups)
        .set({ deadline: sql`now() - interval '1 second'` })
        .where(and(eq(dealGroups.id, request.params.id), eq(dealGroups.status, 'open')));
      await failExpiredGroups({ db: deps.db, payments: deps.payments, logger: request.log }, 50);
      const found = await getGroup(deps.db, request.params.id, null);
      if (!found) throw notFound(msg('notFound.group'));
      return found;
    });
  };

/**
 * POST /api/dev/test-provider/refunds `{mode, voucherId?}`: makes the built-in provider's refunds misbehave,
 * for trying the refund paths by hand and in browser journeys: `hold` (calls wait unanswered until
 * `release`), `refuse` (the next call is refused for certain), `unavailable` (the next call fails, nothing
 * made), `lost` (the next call makes the refund and loses the answer), `normal` (drops all of it). With a
 * `voucherId`, only that voucher's refunds.
 */
export const devTestProviderRoutes =
  (provider: TestPaymentProvider): FastifyPluginAsyncZod =>
  async (app) => {
    handle(app, devEndpoints.testProviderRefunds, async (request) => {
      const { mode, voucherId = null } = request.body;
      if (mode === 'hold') provider.holdRefunds(voucherId);
      else if (mode === 'release') provider.releaseRefunds(voucherId);
      else if (mode === 'normal') provider.behave();
      else provider.troubleNextRefunds(mode, 1, undefined, voucherId);
      return voucherId ? { mode, voucherId } : { mode };
    });
  };
