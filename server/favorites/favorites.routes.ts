import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageAnswer } from '../../contract/common';
import { dealList } from '../../contract/deals';
import type { AppDeps } from '../deps';
import { requireUser } from '../http/session';
import { addFavorite, listFavorites, removeFavorite } from './favorites.service';
import { msg } from '../i18n';
import { say } from '../http/language';

const favoriteBody = z.object({ dealId: z.uuid({ message: 'must be a deal id' }) });
const favoriteParams = z.object({ dealId: z.uuid({ message: 'must be a deal id' }) });

export const favoritesRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database;
    app.addHook('preValidation', async (request) => {
      requireUser(request);
    });

    app.get('/api/favorites', { schema: { response: { 200: dealList } } }, async (request) => listFavorites(db, requireUser(request).id));

    app.post('/api/favorites', { schema: { body: favoriteBody, response: { 200: messageAnswer } } }, async (request, reply) => {
      await addFavorite(db, requireUser(request).id, request.body.dealId, request.viewer!);
      return { message: say(reply, msg('favorites.added')) };
    });

    app.delete('/api/favorites/:dealId', { schema: { params: favoriteParams, response: { 200: messageAnswer } } }, async (request, reply) => {
      await removeFavorite(db, requireUser(request).id, request.params.dealId);
      return { message: say(reply, msg('favorites.removed')) };
    });
  };
