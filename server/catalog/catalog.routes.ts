import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../contract/common';
import { deal, dealList, type Deal, dealListQuery, NEXT_CURSOR_HEADER, reviewSummary } from '../../contract/deals';
import { merchant, merchantSummaryList } from '../../contract/merchants';
import { badRequest, notFound } from '../http/errors';
import type { AppDeps } from '../deps';
import { decodeCursor, getDeal, getMerchant, getReviewSummary, listDeals, listMerchants } from './catalog.service';
import type { Viewer } from '../http/session';
import { JSON_TYPE, listKey, listKeyOfUrl, type ListCache } from './list-cache';

export const catalogRoutes =
  (deps: AppDeps & { listCache: ListCache }): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database;

    const cache = deps.listCache;
    /** Guests and customers see the same list; merchants see only their own and are never served from the cache. */
    const shared = (viewer: Viewer | null) => viewer === null || viewer.role === 'customer';

    app.get(
      '/api/deals',
      {
        schema: { querystring: dealListQuery, response: { 200: dealList } },
        onRequest: (request, reply, done) => {
          const hit = cache.enabled && shared(request.viewer) ? cache.get(listKeyOfUrl(request.url)) : undefined;
          if (!hit) {
            done();
            return;
          }
          // Sent as cached: the body was serialised once, and the headers were built with it.
          reply.headers(hit.headers).send(hit.body as unknown as Deal[]);
        },
      },
      async (request, reply) => {
        const { q, limit, cursor: rawCursor } = request.query;
        const cursor = rawCursor ? decodeCursor(rawCursor) : null;
        if (rawCursor && !cursor) throw badRequest('cursor: is invalid');
        // The page comes as the JSON of the schema's fields in the schema's order, written by the
        // database (listDeals), so it is sent as it is rather than decoded and checked again.
        const page = await listDeals(db, { q, limit, cursor, viewer: request.viewer });
        const text = page.json;
        if (cache.enabled && shared(request.viewer)) {
          const cached = cache.set(listKey(request.query), text, page.nextCursor);
          return reply.headers(cached.headers).send(cached.body as unknown as Deal[]);
        }
        if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
        return reply.type(JSON_TYPE).send(text as unknown as Deal[]);
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
