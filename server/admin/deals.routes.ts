import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminDealEndpoints } from '../../contract/admin';
import { NEXT_CURSOR_HEADER } from '../../contract/deals';
import type { AppDeps } from '../deps';
import { handle } from '../http/endpoints';
import { badRequest } from '../http/errors';
import { decodeCursor } from '../db/keyset';
import type { PaymentProvider } from '../integrations/payments/payment-provider';
import { superadminOnly } from '../http/superadmin-guard';
import { approveDeal, createDeal, deleteDeal, listAllDeals, rejectDeal, setDealStatus, updateDeal } from './deals.service';
import { msg } from '../i18n';
import { say } from '../http/language';

export const adminDealRoutes =
  (deps: AppDeps & { payments: PaymentProvider }): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database;
    superadminOnly(app);

    handle(app, adminDealEndpoints.list, async (request, reply) => {
      const cursor = request.query.cursor ? decodeCursor(request.query.cursor) : null;
      if (request.query.cursor && !cursor) throw badRequest(msg('http.cursorInvalid'));
      const page = await listAllDeals(db, { q: request.query.q, status: request.query.status, limit: request.query.limit, cursor });
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      return page.deals;
    });

    handle(app, adminDealEndpoints.create, async (request, reply) => {
      const { deal, catalogSyncError } = await createDeal(db, deps.payments, request.log, request.body);
      return reply.status(201).send({ ...deal, catalogSyncError: catalogSyncError && say(reply, catalogSyncError) });
    });

    handle(app, adminDealEndpoints.update, async (request, reply) => {
      const { deal, catalogSyncError } = await updateDeal(db, deps.payments, request.log, request.params.id, request.body);
      return { ...deal, catalogSyncError: catalogSyncError && say(reply, catalogSyncError) };
    });

    handle(app, adminDealEndpoints.setStatus, async (request) =>
      setDealStatus(db, request.params.id, request.body.status, request.body.active),
    );

    // The review of deals merchants propose (ADR 028).
    handle(app, adminDealEndpoints.approve, async (request) => approveDeal(db, request.params.id));

    handle(app, adminDealEndpoints.reject, async (request) => rejectDeal(db, request.params.id, request.body.reason));

    handle(app, adminDealEndpoints.delete, async (request, reply) => {
      await deleteDeal(db, request.params.id);
      return { message: say(reply, msg('admin.dealDeleted')) };
    });
  };
