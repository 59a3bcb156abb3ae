/** Webhook endpoints of the payment providers, and the built-in provider's hosted-checkout API. */
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkoutEndpoints, stripeWebhookEndpoints, TEST_CARDS } from '../../contract/checkout';
import type { AppDeps } from '../deps';
import { isConnectionFailure } from '../db/errors';
import { handle } from '../http/endpoints';
import { HttpError } from '../http/errors';
import { requireUser } from '../http/session';
import { enforceRateLimit } from '../http/rate-limit';
import { InvalidWebhookSignature, type PaymentProvider } from '../integrations/payments/payment-provider';
import { TEST_SIGNATURE_HEADER, TestPaymentProvider } from '../integrations/payments/test-provider';
import { fulfilOrder, handlePaymentEvent } from './fulfilment';
import { findOwnOrder, orderRefunds, orderSummary } from './order-reads';
import { isRefusal, refuse, type Refusal } from './refusals';
import { releaseOrder } from './stock';
import { msg } from '../i18n';
import { say } from '../http/language';

/** Webhooks are verified on the exact bytes received, so this plugin keeps bodies raw. */
type PaymentDeps = AppDeps & { payments: PaymentProvider };

type Webhook = typeof checkoutEndpoints.testWebhook | typeof stripeWebhookEndpoints.stripeWebhook;

function webhookRoute(app: Parameters<FastifyPluginAsyncZod>[0], webhook: Webhook, signatureHeader: string, deps: PaymentDeps): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  handle(app, webhook, async (request, reply) => {
    const raw = request.body;
    if (!Buffer.isBuffer(raw)) throw new HttpError(400, msg('http.expectedJsonBody'));
    const header = request.headers[signatureHeader];
    let event;
    try {
      event = deps.payments.parseWebhook(raw, typeof header === 'string' ? header : undefined);
    } catch (err) {
      if (err instanceof InvalidWebhookSignature) throw new HttpError(400, msg('http.webhookSignature', { reason: err.message }));
      throw err;
    }
    const result = await handlePaymentEvent(deps.database.db, deps.payments, request.log, event);
    request.log.info({ eventId: event.id, type: event.type, result }, 'payment event handled');
    return reply.send({ received: true, result });
  });
}

/** 'paid' when the order is paid already, the refusal when the built-in provider does not take this payment, or null when it does. */
function whyNotPaying(order: { status: string; expiresAt: Date }, card: { cardNumber: string; expiry: string }): Refusal | 'paid' | null {
  if (order.status === 'paid') return 'paid';
  if (order.status !== 'pending' || order.expiresAt.getTime() < Date.now()) return refuse('checkoutExpired');
  const [mm, yy] = card.expiry.split('/').map((p) => Number(p.trim()));
  const endOfMonth = new Date(Date.UTC(2000 + (yy ?? 0), mm ?? 0, 1));
  if (endOfMonth.getTime() <= Date.now()) return refuse('cardExpired');
  if (card.cardNumber === TEST_CARDS.declined) return refuse('cardDeclined');
  if (card.cardNumber !== TEST_CARDS.success) return refuse('notATestCard');
  return null;
}

export const paymentRoutes =
  (deps: PaymentDeps): FastifyPluginAsyncZod =>
  async (app) => {
    if (deps.payments.name === 'stripe') {
      await app.register(async (scope) => webhookRoute(scope, stripeWebhookEndpoints.stripeWebhook, 'stripe-signature', deps));
      return;
    }
    const provider = deps.payments;
    if (!(provider instanceof TestPaymentProvider)) throw new Error('The built-in checkout needs the built-in test provider');
    const { db } = deps.database;
    const origin = deps.config.publicOrigin;
    await app.register(async (scope) => webhookRoute(scope, checkoutEndpoints.testWebhook, TEST_SIGNATURE_HEADER, deps));

    const successUrl = (sessionId: string) => `${origin}/success?session_id=${encodeURIComponent(sessionId)}`;

    handle(app, checkoutEndpoints.testSession, async (request) => {
      const order = await findOwnOrder(db, requireUser(request).id, 'test', request.params.id);
      const lapsed = order.status === 'pending' && order.expiresAt.getTime() < Date.now();
      if (lapsed) await releaseOrder(db, order.id, 'expired');
      const current = lapsed ? await findOwnOrder(db, order.userId, 'test', request.params.id) : order;
      return {
        id: request.params.id,
        status: current.status === 'paid' ? ('complete' as const) : current.status === 'pending' ? ('open' as const) : ('expired' as const),
        order: await orderSummary(db, current),
        refunds: await orderRefunds(db, current.id),
        successUrl: successUrl(request.params.id),
        cancelUrl: `${origin}/cart`,
      };
    });

    handle(app, checkoutEndpoints.testPay, async (request) => {
      const user = requireUser(request);
      // Every attempt counts against the budget: a refused one here, a paying one in the statement
      // that fulfils it.
      const budget = { key: `test-pay:${user.id}`, limit: 30, windowSeconds: 60 };
      const counted = () => enforceRateLimit(db, budget.key, budget.limit, budget.windowSeconds);
      const order = await findOwnOrder(db, user.id, 'test', request.params.id).catch(async (err: unknown) => {
        await counted();
        throw err;
      });
      const refusal = whyNotPaying(order, request.body);
      if (refusal) {
        await counted();
        if (refusal === 'paid') return { status: 'paid' as const, successUrl: successUrl(request.params.id) };
        throw refusal;
      }
      // The payment is taken here (into the provider's books first, as a card payment is taken before
      // anyone is told), so the order is fulfilled here, by the same path a webhook takes.
      const paymentRef = await provider.capturePayment({ sessionId: request.params.id, orderId: order.id, amountCents: order.totalCents });
      const ref = { sessionId: request.params.id, orderId: order.id, paymentRef };
      const event = { provider: provider.name, id: `evt_test_${randomUUID()}`, type: 'checkout.session.completed' };
      let result: string;
      try {
        result = await fulfilOrder(db, provider, request.log, ref, event, order, budget);
        request.log.info({ eventId: event.id, type: event.type, result }, 'payment event handled');
      } catch (err) {
        // A spent budget, or a database away for a moment (503 with Retry-After), is answered as such.
        if (isRefusal(err, 'budgetSpent') || isConnectionFailure(err)) throw err;
        request.log.error({ err }, 'test payment could not be confirmed');
        throw refuse('paymentUnconfirmed');
      }
      if (result === 'withdrawn') throw refuse('paidForWithdrawn');
      if (result === 'refunded') throw refuse('paidAfterSoldOut');
      if (result === 'group-closed') throw refuse('paidAfterGroupClosed');
      return { status: 'paid' as const, successUrl: successUrl(request.params.id) };
    });

    handle(app, checkoutEndpoints.testCancel, async (request, reply) => {
      const order = await findOwnOrder(db, requireUser(request).id, 'test', request.params.id);
      await releaseOrder(db, order.id, 'cancelled');
      return { message: say(reply, msg('checkout.cancelled')) };
    });
  };
