/** Errors the API answers on purpose, and the one handler that turns every error into `{message}`. */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isConnectionFailure } from '../db/errors';

export class HttpError extends Error {
  /** A stable name for the refusal, sent beside the message when set, for screens that branch on it. */
  readonly code: string | undefined;

  constructor(
    readonly statusCode: number,
    message: string,
    options?: { cause?: unknown; code?: string },
  ) {
    super(message, options);
    this.code = options?.code;
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Please log in') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do that') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message = 'Too many requests, please try again later') => new HttpError(429, message);

/** Seconds a client is asked to wait (Retry-After) when the database cannot be reached. */
export const RETRY_AFTER_SECONDS = 5;
export const UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a few seconds.';

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(error.code ? { message: error.message, code: error.code } : { message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.') ?? '';
      const message = first ? (field ? `${field}: ${first.message}` : first.message) : 'Invalid request';
      return reply.status(400).send({ message });
    }
    if (isConnectionFailure(error)) {
      // The database (or a connection to it) is away for a moment: a restart, a failover. Nothing is wrong with the request.
      request.log.warn({ err: error }, 'answered 503: a connection failed');
      return reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({ message: UNAVAILABLE_MESSAGE });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 413) return reply.status(413).send({ message: 'Request body is too large' });
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: clientMessage(error) });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });
}

/** Fastify's own 4xx messages are safe to show, minus their internal codes. */
function clientMessage(error: FastifyError): string {
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return 'Unsupported content type; send JSON';
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return 'Request body must not be empty';
  if (error.code?.startsWith('FST_ERR_CTP')) return 'Request body is not valid JSON';
  return error.message || 'Bad request';
}

/**
 * Fastify's own refusals made before routing (an address component that cannot be decoded, a path
 * parameter over the router's length limit) answer like every other error: `{message}` with the
 * usual headers, never echoing the address back.
 */
export function frameworkErrorHandler(headers: Record<string, string>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
    reply
      .headers(headers)
      .header('x-request-id', request.id)
      .header('cache-control', 'no-store')
      .status(tooLong ? 414 : 400)
      .send({ message: tooLong ? 'The address is too long' : 'The address is not valid' });
  };
}

