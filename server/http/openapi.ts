/**
 * The API's reference: an OpenAPI 3.1 document made from the contract's declarations as the routes are
 * registered (`@fastify/swagger` with the zod type provider's transform), answered at /api/openapi.json,
 * and a page that renders it at /api/docs (Swagger UI, its files served from the package). Both are served
 * in production too; development-only endpoints appear only where they are registered.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_REFERENCE_PATH, API_VERSION, systemEndpoints } from '../../contract/system';
import { handle } from './endpoints';


/** Registers the document's collector; call before any route so that every route is collected. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Deals marketplace API',
        version: API_VERSION,
        description:
          'Every endpoint of the marketplace, made from its contract. Money is in integer cents; times are ISO-8601 instants in UTC. ' +
          'Sign in with `POST /api/auth/login` (or the SMS code endpoints) and send the session as `Authorization: Bearer <id>`; ' +
          'every refusal answers `{message}` (plus `code` where screens branch on it) in the language of `Accept-Language`.',
      },
      components: {
        securitySchemes: { session: { type: 'http', scheme: 'bearer', description: 'The session id that signing in answers.' } },
      },
      security: [{ session: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: API_REFERENCE_PATH, uiConfig: { docExpansion: 'list', deepLinking: true } });
  await app.withTypeProvider<ZodTypeProvider>().register(async (scope) => {
    handle(scope, systemEndpoints.openapi, async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return app.swagger() as unknown as { openapi: string };
    });
  });
}
