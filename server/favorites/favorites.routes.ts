import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { favoriteEndpoints } from '../../contract/favorites';
import type { AppDeps } from '../deps';
import { handle } from '../http/endpoints';
import { requireUser } from '../http/session';
import { addFavorite, listFavorites, removeFavorite } from './favorites.service';
import { msg } from '../i18n';
import { answerLanguage, say } from '../http/language';

export const favoritesRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database;
    app.addHook('preValidation', async (request) => {
      requireUser(request);
    });

    handle(app, favoriteEndpoints.list, async (request, reply) => listFavorites(db, requireUser(request).id, answerLanguage(reply)));

    handle(app, favoriteEndpoints.add, async (request, reply) => {
      await addFavorite(db, requireUser(request).id, request.body.dealId, request.viewer!);
      return { message: say(reply, msg('favorites.added')) };
    });

    handle(app, favoriteEndpoints.remove, async (request, reply) => {
      await removeFavorite(db, requireUser(request).id, request.params.dealId);
      return { message: say(reply, msg('favorites.removed')) };
    });
  };
