/**
 * Registers a handler for an endpoint of the contract (contract/endpoint.ts): the method, the path, the
 * validation of what it reads, the serialization of its answer and its refusals, and the reference's
 * words all come from the one declaration. The handler only does the work.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../contract/common';
import type { AnswerIn, BodyOf, EndpointDeclaration, ParamsOf, QueryOf, Refusal } from '../../contract/endpoint';

/** A request as an endpoint's handler sees it: parameters, query and body parsed by its schemas. */
export type EndpointRequest<E extends EndpointDeclaration> = FastifyRequest<{
  Params: ParamsOf<E>;
  Querystring: QueryOf<E>;
  Body: BodyOf<E>;
}>;

export type EndpointHandler<E extends EndpointDeclaration> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<AnswerIn<E> | FastifyReply> | AnswerIn<E> | FastifyReply;

/** What a route may add to its declaration: hooks of its own and Fastify's per-route settings. */
export type EndpointOptions = Pick<RouteShorthandOptions, 'onRequest' | 'preValidation' | 'preHandler' | 'onSend' | 'bodyLimit' | 'config'>;

// Any instance with the zod type provider, whatever its server and logger types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ZodApp = FastifyInstance<any, any, any, any, ZodTypeProvider>;

/** The Fastify schema of an endpoint: what it reads, every answer by status, and the reference's words. */
export function schemaOf(declaration: EndpointDeclaration) {
  const reads = declaration.params !== undefined || declaration.query !== undefined || declaration.body !== undefined;
  const response: Record<number, z.ZodType> = {
    [declaration.ok.status]: (declaration.ok.schema ?? z.null()).describe(declaration.ok.description),
  };
  if (reads) response[400] = errorBody.describe('The request is not valid: `{message: "field: reason"}`.');
  for (const [status, refusal] of Object.entries(declaration.refusals)) {
    if (refusal !== undefined) response[Number(status)] = refusalSchema(refusal);
  }
  response[503] ??= errorBody.describe('The database cannot be reached or gave up on the statement; try again after `Retry-After` seconds.');
  return {
    operationId: operationIdOf(declaration),
    summary: declaration.summary,
    ...(declaration.description ? { description: declaration.description } : {}),
    tags: [declaration.tag],
    ...(declaration.params ? { params: declaration.params } : {}),
    ...(declaration.query ? { querystring: declaration.query } : {}),
    ...(declaration.body ? { body: declaration.body } : {}),
    ...(declaration.ok.contentType ? { produces: [declaration.ok.contentType] } : {}),
    response,
  };
}

/** The body of a refusal: the common `{message, code?}` (or the refusal's own schema), described for the reference. */
function refusalSchema(refusal: string | Refusal): z.ZodType {
  const description = typeof refusal === 'string' ? refusal : refusal.description;
  if (typeof refusal === 'string') return errorBody.describe(description);
  if (refusal.schema) return refusal.schema.describe(description);
  if (!refusal.codes) return errorBody.describe(description);
  // The code stays any string for the serializer: a refusal is never turned into a 500 by its own schema.
  const codes = refusal.codes.join(', ');
  return errorBody.extend({ code: z.string().optional().describe(`One of: ${codes}.`) }).describe(`${description} (code: ${codes})`);
}

/** `GET /api/deals/:id/reviews` -> `getDealsIdReviews`: unique per endpoint, stable while the path is. */
export function operationIdOf(declaration: Pick<EndpointDeclaration, 'method' | 'path'>): string {
  const words = declaration.path
    .split('/')
    .slice(2)
    .flatMap((segment) => segment.replace(/^:/, 'by-').split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return declaration.method.toLowerCase() + words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
}

/** Registers `handler` as the endpoint's. */
export function handle<const E extends EndpointDeclaration>(app: ZodApp, declaration: E, handler: EndpointHandler<E>, options: EndpointOptions = {}): void {
  app.route({
    method: declaration.method,
    url: declaration.path,
    schema: schemaOf(declaration),
    ...options,
    handler: handler as never,
  });
}
