import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../contract/common';
import { deal, dealList, type Deal, dealListQuery, NEXT_CURSOR_HEADER, reviewSummary } from '../../contract/deals';
import { merchant, merchantSummaryList } from '../../contract/merchants';
import { badRequest, notFound } from '../http/errors';
import type { AppDeps } from '../app';
import { decodeCursor, getDeal, getMerchant, getReviewSummary, listDeals, listMerchants, type Viewer } from './catalog.service';
import { ListCache } from './list-cache';

export const catalogRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database;

    const cache = new ListCache(deps.config.CATALOG_CACHE_MS);
    /** Guests and customers see the same list; merchants see only their own and are never served from the cache. */
    const shared = (viewer: Viewer | null) => viewer === null || viewer.role === 'customer';
    const JSON_TYPE = 'application/json; charset=utf-8';

    app.get(
      '/api/deals',
      {
        schema: { querystring: dealListQuery, response: { 200: dealList } },
        onRequest: async (request, reply) => {
          if (!cache.enabled || !shared(request.viewer)) return;
          const hit = cache.get(request.url);
          if (!hit) return;
          if (hit.nextCursor) reply.header(NEXT_CURSOR_HEADER, hit.nextCursor);
          // Already serialised through the response schema when it was cached.
          return reply.type(JSON_TYPE).send(hit.body as unknown as Deal[]);
        },
      },
      async (request, reply) => {
        const { q, limit, cursor: rawCursor } = request.query;
        const cursor = rawCursor ? decodeCursor(rawCursor) : null;
        if (rawCursor && !cursor) throw badRequest('cursor: is invalid');
        const page = await listDeals(db, { q, limit, cursor, viewer: request.viewer });
        if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
        if (!cache.enabled || !shared(request.viewer)) return page.deals;
        const body = JSON.stringify(dealList.parse(page.deals));
        cache.set(request.url, body, page.nextCursor);
        return reply.type(JSON_TYPE).send(body as unknown as Deal[]);
      },
    );

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
