import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { dealEndpoints, NEXT_CURSOR_HEADER } from '../../contract/deals';
import { merchantEndpoints } from '../../contract/merchants';
import { categoryEndpoints } from '../../contract/categories';
import { handle } from '../http/endpoints';
import { listCategories } from './categories.service';
import { badRequest, notFound } from '../http/errors';
import type { AppDeps } from '../deps';
import { decodeListCursor, listDeals } from './deal-list';
import { getDeal } from './deals.service';
import { getMerchant, listMerchants } from './merchants.service';
import { getReviewSummary } from './reviews.service';
import type { Viewer } from '../http/session';
import type { Clock } from '../http/clock';
import { listKey, listKeyOfUrl, type ListCache } from './list-cache';
import { languageOf, msg, type Language } from '../i18n';
import { answerLanguage, noteLanguage } from '../http/language';
import { answerShareImage, dealShareCard, isShareId, shareImagesOf, shareLanguage } from './share-image.service';

export const catalogRoutes =
  (deps: AppDeps & { listCache: ListCache; clock: Clock }): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database;

    const cache = deps.listCache;
    /** Guests and customers see the same list; merchants see only their own and are never served from the cache. */
    const shared = (viewer: Viewer | null) => viewer === null || viewer.role === 'customer';
    /** Answers the route computed that the cache may keep, by the key of their query. */
    const toKeep = new WeakMap<FastifyRequest, string>();
    /** The list names categories in the reader's language, so each language's answers are kept apart. */
    const inLanguage = (language: Language, key: string | null) => (key === null ? null : `${language} ${key}`);

    handle(
      app,
      dealEndpoints.list,
      async (request, reply) => {
        const { cursor: rawCursor, ...query } = request.query;
        const cursor = rawCursor ? decodeListCursor(rawCursor, query.sort) : null;
        if (rawCursor && !cursor) throw badRequest(msg('http.cursorInvalid'));
        const language = answerLanguage(reply);
        const page = await listDeals(db, { ...query, cursor, viewer: request.viewer, language });
        if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
        if (cache.enabled && shared(request.viewer)) toKeep.set(request, inLanguage(language, listKey(request.query))!);
        return page.deals;
      },
      {
        // After the session hook, before parsing and validation: a hit is sent as it was first
        // sent, its body serialised once, with the content type and cursor it went out with.
        onRequest: (request, reply, done) => {
          const language = languageOf(request.headers['accept-language']);
          const hit = cache.enabled && shared(request.viewer) ? cache.get(inLanguage(language, listKeyOfUrl(request.url))) : undefined;
          if (!hit) {
            done();
            return;
          }
          noteLanguage(reply as FastifyReply, language);
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
    );

    handle(app, dealEndpoints.get, async (request, reply) => {
      const found = await getDeal(db, request.params.id, request.viewer, answerLanguage(reply));
      if (!found) throw notFound(msg('notFound.deal'));
      return found;
    });

    // The picture of a shared link: public, for a deal shoppers may see; drawn once per state (ADR 040).
    const shareImages = shareImagesOf(deps);
    handle(app, dealEndpoints.shareImage, async (request, reply) => {
      const language = shareLanguage(request.query.lang, reply);
      const found = isShareId(request.params.id) ? await getDeal(db, request.params.id, null, language) : null;
      if (!found) throw notFound(msg('notFound.deal'));
      return answerShareImage(shareImages, dealShareCard(found, language), request, reply);
    });

    handle(app, dealEndpoints.reviews, async (request) => {
      const found = await getDeal(db, request.params.id, request.viewer);
      if (!found) throw notFound(msg('notFound.deal'));
      return getReviewSummary(db, found.id);
    });

    handle(app, categoryEndpoints.list, async (_request, reply) => listCategories(db, answerLanguage(reply)));

    handle(app, merchantEndpoints.list, async () => listMerchants(db));

    handle(app, merchantEndpoints.get, async (request) => {
      // "Open now" is read on the merchant's clock at the server's time (fixed by PUT /api/dev/clock outside production).
      const found = await getMerchant(db, request.params.id, request.viewer, deps.clock.now());
      if (!found) throw notFound(msg('notFound.merchant'));
      return found;
    });
  };
