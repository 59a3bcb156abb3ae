import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../contract/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { deal, dealList, dealListQuery, NEXT_CURSOR_HEADER, reviewSummary } from '../../contract/deals';
import { merchant, merchantSummaryList } from '../../contract/merchants';
import { categoryList } from '../../contract/categories';
import { listCategories } from './categories.service';
import { badRequest, notFound } from '../http/errors';
import type { AppDeps } from '../deps';
import { decodeListCursor, getDeal, getMerchant, getReviewSummary, listDeals, listMerchants } from './catalog.service';
import type { Viewer } from '../http/session';
import { listKey, listKeyOfUrl, type ListCache } from './list-cache';
import { msg } from '../i18n';

export const catalogRoutes =
  (deps: AppDeps & { listCache: ListCache }): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database;

    const cache = deps.listCache;
    /** Guests and customers see the same list; merchants see only their own and are never served from the cache. */
    const shared = (viewer: Viewer | null) => viewer === null || viewer.role === 'customer';
    /** Answers the route computed that the cache may keep, by the key of their query. */
    const toKeep = new WeakMap<FastifyRequest, string>();

    app.get(
      '/api/deals',
      {
        schema: { querystring: dealListQuery, response: { 200: dealList } },
        // After the session hook, before parsing and validation: a hit is sent as it was first
        // sent, its body serialised once, with the content type and cursor it went out with.
        onRequest: (request, reply, done) => {
          const hit = cache.enabled && shared(request.viewer) ? cache.get(listKeyOfUrl(request.url)) : undefined;
          if (!hit) {
            done();
            return;
          }
          // Bytes go out as they are, past the serializer, so the reply is not held to the schema's type here.
          (reply as FastifyReply).headers(hit.headers).send(hit.body);
        },
        // The answer as the response schema serialised it, kept for the next second's requests.
        onSend: (request, reply, payload, done) => {
          const key = toKeep.get(request);
          if (key !== undefined && reply.statusCode === 200 && typeof payload === 'string') {
            const cursor = reply.getHeader(NEXT_CURSOR_HEADER);
            cache.set(key, payload, typeof cursor === 'string' ? cursor : null);
          }
          done(null, payload);
        },
      },
      async (request, reply) => {
        const { cursor: rawCursor, ...query } = request.query;
        const cursor = rawCursor ? decodeListCursor(rawCursor, query.sort) : null;
        if (rawCursor && !cursor) throw badRequest(msg('http.cursorInvalid'));
        const page = await listDeals(db, { ...query, cursor, viewer: request.viewer });
        if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
        if (cache.enabled && shared(request.viewer)) toKeep.set(request, listKey(request.query));
        return page.deals;
      },
    );

    app.get('/api/deals/:id', { schema: { params: idParams, response: { 200: deal } } }, async (request) => {
      const found = await getDeal(db, request.params.id, request.viewer);
      if (!found) throw notFound(msg('notFound.deal'));
      return found;
    });

    app.get('/api/deals/:id/reviews', { schema: { params: idParams, response: { 200: reviewSummary } } }, async (request) => {
      const found = await getDeal(db, request.params.id, request.viewer);
      if (!found) throw notFound(msg('notFound.deal'));
      return getReviewSummary(db, found.id);
    });

    app.get('/api/categories', { schema: { response: { 200: categoryList } } }, async () => listCategories(db));

    app.get('/api/merchants', { schema: { response: { 200: merchantSummaryList } } }, async () => listMerchants(db));

    app.get('/api/merchants/:id', { schema: { params: idParams, response: { 200: merchant } } }, async (request) => {
      const found = await getMerchant(db, request.params.id, request.viewer);
      if (!found) throw notFound(msg('notFound.merchant'));
      return found;
    });
  };
