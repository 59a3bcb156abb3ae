import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminDeal, adminDealList, createDealBody, dealStatusBody, savedDealAnswer, updateDealBody } from '../../contract/admin';
import { idParams, messageAnswer } from '../../contract/common';
import { dealListQuery, NEXT_CURSOR_HEADER } from '../../contract/deals';
import type { AppDeps } from '../deps';
import { badRequest } from '../http/errors';
import { decodeCursor } from '../catalog/catalog.service';
import type { PaymentProvider } from '../integrations/payments/payment-provider';
import { superadminOnly } from '../http/superadmin-guard';
import { createDeal, deleteDeal, listAllDeals, setDealStatus, updateDeal } from './deals.service';

export const adminDealRoutes =
  (deps: AppDeps & { payments: PaymentProvider }): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database;
    superadminOnly(app);

    app.get('/api/admin/deals', { schema: { querystring: dealListQuery, response: { 200: adminDealList } } }, async (request, reply) => {
      const cursor = request.query.cursor ? decodeCursor(request.query.cursor) : null;
      if (request.query.cursor && !cursor) throw badRequest('cursor: is invalid');
      const page = await listAllDeals(db, { q: request.query.q, limit: request.query.limit, cursor });
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      return page.deals;
    });

    app.post('/api/admin/deals', { schema: { body: createDealBody, response: { 201: savedDealAnswer } } }, async (request, reply) => {
      const { deal, catalogSyncError } = await createDeal(db, deps.payments, request.log, request.body);
      return reply.status(201).send({ ...deal, catalogSyncError });
    });

    app.put('/api/admin/deals/:id', { schema: { params: idParams, body: updateDealBody, response: { 200: savedDealAnswer } } }, async (request) => {
      const { deal, catalogSyncError } = await updateDeal(db, deps.payments, request.log, request.params.id, request.body);
      return { ...deal, catalogSyncError };
    });

    app.patch('/api/admin/deals/:id/status', { schema: { params: idParams, body: dealStatusBody, response: { 200: adminDeal } } }, async (request) =>
      setDealStatus(db, request.params.id, request.body.status, request.body.active),
    );

    app.delete('/api/admin/deals/:id', { schema: { params: idParams, response: { 200: messageAnswer } } }, async (request) => {
      await deleteDeal(db, request.params.id);
      return { message: 'Deal deleted' };
    });
  };
