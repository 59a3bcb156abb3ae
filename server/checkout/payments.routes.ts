/** Webhook endpoints of the payment providers, and the built-in provider's hosted-checkout API. */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageAnswer } from '../../contract/common';
import { TEST_CARDS, testCheckoutSession, testPayAnswer, testPayBody } from '../../contract/checkout';
import type { AppDeps } from '../deps';
import { isConnectionFailure } from '../db/errors';
import { conflict, HttpError } from '../http/errors';
import { requireUser } from '../http/session';
import { enforceRateLimit } from '../http/rate-limit';
import { InvalidWebhookSignature, type PaymentProvider } from '../integrations/payments/payment-provider';
import { TEST_SIGNATURE_HEADER, type TestPaymentProvider, type TestWebhookPayload } from '../integrations/payments/test-provider';
import { findOwnOrder, orderSummary } from '../vouchers/vouchers.service';
import { releaseOrder } from './checkout.service';
import { handlePaymentEvent } from './fulfilment.service';

/** Webhooks are verified on the exact bytes received, so this plugin keeps bodies raw. */
function webhookRoute(app: FastifyInstance, path: string, signatureHeader: string, deps: AppDeps & { payments: PaymentProvider }): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.post(path, async (request, reply) => {
    const raw = request.body;
    if (!Buffer.isBuffer(raw)) throw new HttpError(400, 'Expected a JSON body');
    const header = request.headers[signatureHeader];
    let event;
    try {
      event = deps.payments.parseWebhook(raw, typeof header === 'string' ? header : undefined);
    } catch (err) {
      if (err instanceof InvalidWebhookSignature) throw new HttpError(400, `Webhook signature verification failed: ${err.message}`);
      throw err;
    }
    const result = await handlePaymentEvent(deps.database.db, deps.payments, request.log, event);
    request.log.info({ eventId: event.id, type: event.type, result }, 'payment event handled');
    return reply.send({ received: true, result });
  });
}

export const paymentRoutes =
  (deps: AppDeps & { payments: PaymentProvider }): FastifyPluginAsyncZod =>
  async (app) => {
    if (deps.payments.name === 'stripe') {
      await app.register(async (scope) => webhookRoute(scope, '/api/webhooks/stripe', 'stripe-signature', deps));
      return;
    }
    const provider = deps.payments as TestPaymentProvider;
    const { db } = deps.database;
    const origin = deps.config.publicOrigin;
    await app.register(async (scope) => webhookRoute(scope, '/api/webhooks/test-provider', TEST_SIGNATURE_HEADER, deps));

    const sessionParams = z.object({ id: z.string().min(1).max(300) });
    const successUrl = (sessionId: string) => `${origin}/success?session_id=${encodeURIComponent(sessionId)}`;

    app.get('/api/test-provider/sessions/:id', { schema: { params: sessionParams, response: { 200: testCheckoutSession } } }, async (request) => {
      const order = await findOwnOrder(db, requireUser(request).id, 'test', request.params.id);
      const lapsed = order.status === 'pending' && order.expiresAt.getTime() < Date.now();
      if (lapsed) await releaseOrder(db, order.id, 'expired');
      const current = lapsed ? await findOwnOrder(db, order.userId, 'test', request.params.id) : order;
      return {
        id: request.params.id,
        status: current.status === 'paid' ? ('complete' as const) : current.status === 'pending' ? ('open' as const) : ('expired' as const),
        order: await orderSummary(db, current),
        successUrl: successUrl(request.params.id),
        cancelUrl: `${origin}/cart`,
      };
    });

    app.post(
      '/api/test-provider/sessions/:id/pay',
      { schema: { params: sessionParams, body: testPayBody, response: { 200: testPayAnswer } } },
      async (request) => {
        const user = requireUser(request);
        // Every attempt counts against the budget: a refused one here, a successful one in the
        // statement that fulfils it.
        const budget = { key: `test-pay:${user.id}`, limit: 30, windowSeconds: 60 };
        const refuse = async (refusal: HttpError): Promise<never> => {
          await enforceRateLimit(db, budget.key, budget.limit, budget.windowSeconds);
          throw refusal;
        };
        let order: Awaited<ReturnType<typeof findOwnOrder>>;
        try {
          order = await findOwnOrder(db, user.id, 'test', request.params.id);
        } catch (err) {
          if (err instanceof HttpError) return refuse(err);
          throw err;
        }
        if (order.status === 'paid') {
          await enforceRateLimit(db, budget.key, budget.limit, budget.windowSeconds);
          return { status: 'paid' as const, successUrl: successUrl(request.params.id) };
        }
        if (order.status !== 'pending' || order.expiresAt.getTime() < Date.now()) {
          return refuse(conflict('This checkout has expired. Please return to your cart and try again.'));
        }
        const { cardNumber, expiry } = request.body;
        const [mm, yy] = expiry.split('/').map((p) => Number(p.trim()));
        const endOfMonth = new Date(Date.UTC(2000 + (yy ?? 0), mm ?? 0, 1));
        if (endOfMonth.getTime() <= Date.now()) return refuse(new HttpError(402, 'Your card has expired.'));
        if (cardNumber === TEST_CARDS.declined) return refuse(new HttpError(402, 'Your card was declined.'));
        if (cardNumber !== TEST_CARDS.success) {
          return refuse(new HttpError(402, 'This is a test checkout: use card 4242 4242 4242 4242 to pay, or 4000 0000 0000 0002 to see a decline.'));
        }
        // The provider tells us about the payment the way Stripe does: a signed event to our webhook.
        const payload: TestWebhookPayload = {
          id: `evt_test_${randomUUID()}`,
          type: 'checkout.session.completed',
          sessionId: request.params.id,
          orderId: order.id,
          paymentRef: `pi_test_${randomUUID()}`,
        };
        // Signed and verified as a webhook delivery would be, then handled in this request.
        const body = JSON.stringify(payload);
        let result: string;
        try {
          const event = provider.parseWebhook(Buffer.from(body), provider.sign(body));
          result = await handlePaymentEvent(db, provider, request.log, event, { fresh: true, known: { userId: order.userId, units: order.units, budget } });
          request.log.info({ eventId: event.id, type: event.type, result }, 'payment event handled');
        } catch (err) {
          // A spent budget, or a database away for a moment (503 with Retry-After), is answered as such.
          if ((err instanceof HttpError && err.statusCode === 429) || isConnectionFailure(err)) throw err;
          request.log.error({ err }, 'test payment could not be confirmed');
          throw new HttpError(502, 'The payment could not be confirmed. Please try again.');
        }
        if (result === 'withdrawn') throw conflict('Sorry, this deal is no longer available. Your payment has been refunded.');
        if (result === 'refunded') throw conflict('Sorry, this deal sold out before your payment completed. You have been refunded.');
        return { status: 'paid' as const, successUrl: successUrl(request.params.id) };
      },
    );

    app.post('/api/test-provider/sessions/:id/cancel', { schema: { params: sessionParams, response: { 200: messageAnswer } } }, async (request) => {
      const order = await findOwnOrder(db, requireUser(request).id, 'test', request.params.id);
      await releaseOrder(db, order.id, 'cancelled');
      return { message: 'Checkout cancelled' };
    });
  };
