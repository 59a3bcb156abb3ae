import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkoutEndpoints } from '../../contract/checkout';
import { orderEndpoints } from '../../contract/orders';
import { dealEndpoints } from '../../contract/deals';
import type { AppDeps } from '../deps';
import { handle } from '../http/endpoints';
import { notFound } from '../http/errors';
import { requireRole, requireUser } from '../http/session';
import type { PaymentProvider } from '../integrations/payments/payment-provider';
import { cancelOrder, payLinkOf } from './order-life';
import { checkoutLines, dealAllowanceOf, startCheckout } from './orders.service';
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

    // My Orders: an order awaiting payment is paid on its own checkout page, or cancelled (order-life.ts).
    handle(app, orderEndpoints.pay, async (request) => payLinkOf(db, payments, request.log, requireUser(request).id, request.params.id));

    handle(app, orderEndpoints.cancel, async (request) => cancelOrder(db, payments, request.log, requireUser(request).id, request.params.id));

    // What the caller may still buy of a deal: the deal's own answer is shared by everyone, so this part is read apart.
    handle(app, dealEndpoints.allowance, async (request) => {
      const user = requireRole(request, ['customer'], msg('checkout.notACustomer'));
      const found = await dealAllowanceOf(db, user.id, request.params.id);
      if (!found) throw notFound(msg('notFound.deal'));
      return found;
    });
  };
