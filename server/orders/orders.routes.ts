import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkoutEndpoints } from '../../contract/checkout';
import type { AppDeps } from '../deps';
import { handle } from '../http/endpoints';
import { requireUser } from '../http/session';
import type { PaymentProvider } from '../integrations/payments/payment-provider';
import { checkoutLines, startCheckout } from './orders.service';
import { msg } from '../i18n';

export const checkoutRoutes =
  (deps: AppDeps & { payments: PaymentProvider }): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database;
    const { payments } = deps;
    const origin = deps.config.publicOrigin;
    // A guest is refused (401) before the body is read.
    app.addHook('preValidation', async (request) => {
      requireUser(request);
    });

    handle(app, checkoutEndpoints.checkout, async (request) => {
      const user = requireUser(request);
      const started = await startCheckout(db, payments, origin, user, checkoutLines(request.body), {
        key: `checkout:user:${user.id}`,
        limit: 30,
        windowSeconds: 60,
        message: msg('checkout.tooManyCheckouts'),
      }, undefined, request.log);
      return { url: started.url };
    });
  };
