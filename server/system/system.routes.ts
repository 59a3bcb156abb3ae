import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { systemEndpoints } from '../../contract/system';
import type { AppDeps } from '../deps';
import { handle } from '../http/endpoints';
import { RETRY_AFTER_SECONDS } from '../http/errors';
import { placeholderSvg } from './placeholder';

export const systemRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    handle(app, systemEndpoints.health, async (_request, reply) => {
      const ok = await deps.database.ping();
      if (!ok) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return reply.status(ok ? 200 : 503).send({ ok });
    });

    handle(app, systemEndpoints.placeholder, async (request, reply) => {
      const { w, h } = request.params;
      return reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .send(placeholderSvg(w, h));
    });
  };
