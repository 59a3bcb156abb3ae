/** A customer's vouchers, each voucher's QR image, the success page's payment status, and reviews by buyers. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkoutEndpoints, voucherEndpoints } from '../../contract/checkout';
import { NEXT_CURSOR_HEADER } from '../../contract/constants';
import type { AppDeps } from '../deps';
import { handle } from '../http/endpoints';
import { decodeCursor } from '../db/keyset';
import { badRequest } from '../http/errors';
import { requireUser } from '../http/session';
import type { PaymentProvider } from '../integrations/payments/payment-provider';
import { catchUpWithProvider, findOwnOrder } from '../orders/orders.service';
import { listUserVouchers, ownVoucher, ownVoucherQrSvg, paymentStatus, postReview } from './vouchers.service';
import { msg } from '../i18n';
import { say } from '../http/language';

export const voucherRoutes =
  (deps: AppDeps & { payments: PaymentProvider }): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database;
    const { payments } = deps;
    const origin = deps.config.publicOrigin;
    app.addHook('preValidation', async (request) => {
      requireUser(request);
    });

    handle(app, checkoutEndpoints.paymentStatus, async (request) => {
      const user = requireUser(request);
      let order = await findOwnOrder(db, user.id, payments.name, request.params.sessionId);
      if (order.status === 'pending') {
        await catchUpWithProvider(db, payments, request.log, order);
        order = await findOwnOrder(db, user.id, payments.name, request.params.sessionId);
      }
      return paymentStatus(db, order);
    });

    handle(app, voucherEndpoints.list, async (request, reply) => {
      const user = requireUser(request);
      const cursor = request.query.cursor ? decodeCursor(request.query.cursor) : null;
      if (request.query.cursor && !cursor) throw badRequest(msg('http.cursorInvalid'));
      const page = await listUserVouchers(db, user.id, { limit: request.query.limit, cursor });
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      return page.vouchers;
    });

    handle(app, voucherEndpoints.get, async (request) => ownVoucher(db, requireUser(request).id, request.params.id));

    // A voucher's QR image, for <img src> (the session cookie) or an API client (bearer). One request
    // renders one image, and a browser keeps it: the code and PIN it encodes never change.
    handle(app, voucherEndpoints.qr, async (request, reply) => {
      const svg = await ownVoucherQrSvg(db, origin, requireUser(request).id, request.params.id);
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', 'private, max-age=31536000, immutable')
        .send(svg);
    });

    handle(app, voucherEndpoints.review, async (request, reply) => {
      await postReview(db, requireUser(request), request.params.id, request.body);
      return reply.status(201).send({ message: say(reply, msg('reviews.thanks')) });
    });
  };
