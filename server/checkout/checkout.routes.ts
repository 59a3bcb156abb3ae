import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkoutAnswer, checkoutBody, paymentStatusAnswer, reviewBody, voucherList } from '../../contract/checkout';
import { idParams, messageAnswer } from '../../contract/common';
import type { AppDeps } from '../app';
import { requireUser } from '../http/session';
import type { PaymentProvider } from '../integrations/payments/payment-provider';
import { findOwnOrder, listUserVouchers, paymentStatus, postReview } from '../vouchers/vouchers.service';
import { checkoutLines, releaseOrder, startCheckout } from './checkout.service';
import { fulfilOrder } from './fulfilment.service';

export const checkoutRoutes =
  (deps: AppDeps & { payments: PaymentProvider }): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database;
    const { payments } = deps;
    const origin = deps.config.publicOrigin;
    app.addHook('preValidation', async (request) => {
      requireUser(request);
    });

    app.post('/api/checkout', { schema: { body: checkoutBody, response: { 200: checkoutAnswer } } }, async (request) => {
      const user = requireUser(request);
      const started = await startCheckout(db, payments, origin, user, checkoutLines(request.body), {
        key: `checkout:user:${user.id}`,
        limit: 30,
        windowSeconds: 60,
        message: 'Too many checkouts at once. Please wait a minute.',
      });
      return { url: started.url };
    });

    app.get(
      '/api/payment-status/:sessionId',
      { schema: { params: z.object({ sessionId: z.string().min(1).max(300) }), response: { 200: paymentStatusAnswer } } },
      async (request) => {
        const user = requireUser(request);
        let order = await findOwnOrder(db, user.id, payments.name, request.params.sessionId);
        if (order.status === 'pending') {
          // Catch up with the provider when its webhook is late (or lost): the same exactly-once fulfilment runs.
          const state = await payments.getSessionState(request.params.sessionId);
          if (state.paid) {
            await fulfilOrder(db, payments, request.log, { sessionId: request.params.sessionId, orderId: order.id, paymentRef: state.paymentRef });
          } else if (state.expired || order.expiresAt.getTime() < Date.now()) {
            await releaseOrder(db, order.id, 'expired');
          }
          order = await findOwnOrder(db, user.id, payments.name, request.params.sessionId);
        }
        return paymentStatus(db, origin, order);
      },
    );

    app.get('/api/user/vouchers', { schema: { response: { 200: voucherList } } }, async (request) =>
      listUserVouchers(db, origin, requireUser(request).id),
    );

    app.post('/api/deals/:id/reviews', { schema: { params: idParams, body: reviewBody, response: { 201: messageAnswer } } }, async (request, reply) => {
      await postReview(db, requireUser(request), request.params.id, request.body);
      return reply.status(201).send({ message: 'Thank you for your review' });
    });
  };
