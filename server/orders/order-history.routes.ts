/** GET /api/user/orders: the signed-in customer's orders, a page at a time (docs/product/rules.md#refunds-and-the-voucher-s-life; ADR 027). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NEXT_CURSOR_HEADER } from '../../contract/constants';
import { orderEndpoints } from '../../contract/orders';
import type { AppDeps } from '../deps';
import { handle } from '../http/endpoints';
import { decodeCursor } from '../db/keyset';
import { badRequest } from '../http/errors';
import { requireUser } from '../http/session';
import { listCustomerOrders } from './order-history.service';
import { msg } from '../i18n';

export const orderHistoryRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database;
    app.addHook('preValidation', async (request) => {
      requireUser(request);
    });

    handle(app, orderEndpoints.list, async (request, reply) => {
      const user = requireUser(request);
      const cursor = request.query.cursor ? decodeCursor(request.query.cursor) : null;
      if (request.query.cursor && !cursor) throw badRequest(msg('http.cursorInvalid'));
      const page = await listCustomerOrders(db, user.id, { limit: request.query.limit, cursor });
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      return page.orders;
    });
  };
