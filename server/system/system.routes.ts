import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PLACEHOLDER_MAX_SIDE } from '../../contract/constants';
import type { AppDeps } from '../deps';
import { RETRY_AFTER_SECONDS } from '../http/errors';
import { placeholderSvg } from './placeholder';

const side = z.coerce
  .number({ message: 'must be a number' })
  .int({ message: 'must be a whole number' })
  .min(1, { message: 'must be at least 1' })
  .max(PLACEHOLDER_MAX_SIDE, { message: `must be at most ${PLACEHOLDER_MAX_SIDE}` });

export const systemRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/health', async (_request, reply) => {
      const ok = await deps.database.ping();
      if (!ok) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return reply.status(ok ? 200 : 503).send({ ok });
    });

    app.get(
      '/api/placeholder/:w/:h',
      { schema: { params: z.object({ w: side, h: side }) } },
      async (request, reply) => {
        const { w, h } = request.params;
        return reply
          .header('content-type', 'image/svg+xml; charset=utf-8')
          .header('cache-control', 'public, max-age=86400')
          .send(placeholderSvg(w, h));
      },
    );
  };
