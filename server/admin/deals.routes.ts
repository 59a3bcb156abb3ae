import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminDeal, adminDealList, adminDealListQuery, createDealBody, dealStatusBody, rejectDealBody, savedDealAnswer, updateDealBody } from '../../contract/admin';
import { idParams, messageAnswer } from '../../contract/common';
import { NEXT_CURSOR_HEADER } from '../../contract/deals';
import type { AppDeps } from '../deps';
import { badRequest } from '../http/errors';
import { decodeCursor } from '../catalog/catalog.service';
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

    app.get('/api/admin/deals', { schema: { querystring: adminDealListQuery, response: { 200: adminDealList } } }, async (request, reply) => {
      const cursor = request.query.cursor ? decodeCursor(request.query.cursor) : null;
      if (request.query.cursor && !cursor) throw badRequest(msg('http.cursorInvalid'));
      const page = await listAllDeals(db, { q: request.query.q, status: request.query.status, limit: request.query.limit, cursor });
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      return page.deals;
    });

    app.post('/api/admin/deals', { schema: { body: createDealBody, response: { 201: savedDealAnswer } } }, async (request, reply) => {
      const { deal, catalogSyncError } = await createDeal(db, deps.payments, request.log, request.body);
      return reply.status(201).send({ ...deal, catalogSyncError: catalogSyncError && say(reply, catalogSyncError) });
    });

    app.put('/api/admin/deals/:id', { schema: { params: idParams, body: updateDealBody, response: { 200: savedDealAnswer } } }, async (request, reply) => {
      const { deal, catalogSyncError } = await updateDeal(db, deps.payments, request.log, request.params.id, request.body);
      return { ...deal, catalogSyncError: catalogSyncError && say(reply, catalogSyncError) };
    });

    app.patch('/api/admin/deals/:id/status', { schema: { params: idParams, body: dealStatusBody, response: { 200: adminDeal } } }, async (request) =>
      setDealStatus(db, request.params.id, request.body.status, request.body.active),
    );

    // The review of deals merchants propose (ADR 028).
    app.post('/api/admin/deals/:id/approve', { schema: { params: idParams, response: { 200: adminDeal } } }, async (request) =>
      approveDeal(db, request.params.id),
    );

    app.post('/api/admin/deals/:id/reject', { schema: { params: idParams, body: rejectDealBody, response: { 200: adminDeal } } }, async (request) =>
      rejectDeal(db, request.params.id, request.body.reason),
    );

    app.delete('/api/admin/deals/:id', { schema: { params: idParams, response: { 200: messageAnswer } } }, async (request, reply) => {
      await deleteDeal(db, request.params.id);
      return { message: say(reply, msg('admin.dealDeleted')) };
    });
  };
