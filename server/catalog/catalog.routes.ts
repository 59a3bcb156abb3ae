import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../contract/common';
import { deal, dealList, dealListQuery, NEXT_CURSOR_HEADER, reviewSummary } from '../../contract/deals';
import { merchant, merchantSummaryList } from '../../contract/merchants';
import { badRequest, notFound } from '../http/errors';
import type { AppDeps } from '../app';
import { decodeCursor, getDeal, getMerchant, getReviewSummary, listDeals, listMerchants } from './catalog.service';

export const catalogRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database;

    app.get('/api/deals', { schema: { querystring: dealListQuery, response: { 200: dealList } } }, async (request, reply) => {
      const { q, limit, cursor: rawCursor } = request.query;
      const cursor = rawCursor ? decodeCursor(rawCursor) : null;
      if (rawCursor && !cursor) throw badRequest('cursor is invalid');
      const page = await listDeals(db, { q, limit, cursor, viewer: request.viewer });
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      return page.deals;
    });

    app.get('/api/deals/:id', { schema: { params: idParams, response: { 200: deal } } }, async (request) => {
      const found = await getDeal(db, request.params.id, request.viewer);
      if (!found) throw notFound('Deal not found');
      return found;
    });

    app.get('/api/deals/:id/reviews', { schema: { params: idParams, response: { 200: reviewSummary } } }, async (request) => {
      const found = await getDeal(db, request.params.id, request.viewer);
      if (!found) throw notFound('Deal not found');
      return getReviewSummary(db, found.id);
    });

    app.get('/api/merchants', { schema: { response: { 200: merchantSummaryList } } }, async () => listMerchants(db));

    app.get('/api/merchants/:id', { schema: { params: idParams, response: { 200: merchant } } }, async (request) => {
      const found = await getMerchant(db, request.params.id, request.viewer);
      if (!found) throw notFound('Merchant not found');
      return found;
    });
  };
