/** Errors the API answers on purpose, and the one handler that turns every error into `{message}`. */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isConnectionFailure, isDatabaseTimeout } from '../db/errors';
import { english, msg, type Message } from '../i18n';
import { validationReason } from '../i18n/validation';
import { answerLanguage, noteLanguage, say } from './language';

/**
 * An answer on purpose: its status and its message from the catalogue (server/i18n). `message` is the English
 * text, for logs and tests; the answer speaks the request's language (ADR 031).
 */
export class HttpError extends Error {
  /** A stable name for the refusal, sent beside the message when set, for screens that branch on it. */
  readonly code: string | undefined;

  constructor(
    readonly statusCode: number,
    /** The message, by its key and values. */
    readonly text: Message,
    options?: { cause?: unknown; code?: string },
  ) {
    super(english(text), options);
    this.code = options?.code;
  }
}

export const badRequest = (message: Message) => new HttpError(400, message);
export const unauthorized = (message = msg('http.logIn')) => new HttpError(401, message);
export const forbidden = (message = msg('http.noPermission')) => new HttpError(403, message);
export const notFound = (message = msg('http.notFound')) => new HttpError(404, message);
export const conflict = (message: Message) => new HttpError(409, message);
export const tooManyRequests = (message = msg('http.tooManyRequestsLater')) => new HttpError(429, message);

/** Seconds a client is asked to wait (Retry-After) when the database cannot be reached or gave up on a statement. */
export const RETRY_AFTER_SECONDS = 5;

/** The request's value that a validation issue is about: its part (body, querystring, ...) at the path. */
function valueAt(request: FastifyRequest, context: string | undefined, instancePath: string): unknown {
  const parts: Record<string, unknown> = { body: request.body, querystring: request.query, params: request.params, headers: request.headers };
  let value = context ? parts[context] : undefined;
  for (const step of instancePath.split('/').slice(1)) {
    if (step === '') continue;
    value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[step] : undefined;
  }
  return value;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      const message = say(reply, error.text);
      return reply.status(error.statusCode).send(error.code ? { message, code: error.code } : { message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      if (!first) return reply.status(400).send({ message: say(reply, msg('http.invalidRequest')) });
      const field = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
      const reason = validationReason(answerLanguage(reply), first, valueAt(request, error.validationContext, first.instancePath));
      return reply.status(400).send({ message: field ? `${field}: ${reason}` : reason });
    }
    const timedOut = isDatabaseTimeout(error);
    if (timedOut || isConnectionFailure(error)) {
      // The database (or a connection to it) is away for a moment: a restart, a failover. Or it cancelled a statement
      // that waited for a lock or ran too long, and rolled it back: nothing was done. Nothing is wrong with the request.
      request.log.warn({ err: error }, timedOut ? 'answered 503: the database cancelled a statement that took too long' : 'answered 503: a connection failed');
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ message: say(reply, msg('http.unavailable')) });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 413) return reply.status(413).send({ message: say(reply, msg('http.bodyTooLarge')) });
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: clientMessage(reply, error) });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: say(reply, msg('http.failed')) });
  });
}

/** Fastify's own 4xx messages are safe to show, minus their internal codes; the ones we word are in the catalogue. */
function clientMessage(reply: FastifyReply, error: FastifyError): string {
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return say(reply, msg('http.unsupportedContentType'));
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return say(reply, msg('http.emptyBody'));
  if (error.code?.startsWith('FST_ERR_CTP')) return say(reply, msg('http.invalidJson'));
  if (!error.message) return say(reply, msg('http.badRequest'));
  // Any other is the framework's own, in English as it words it.
  noteLanguage(reply, 'en');
  return error.message;
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
      .send({ message: say(reply, msg(tooLong ? 'http.addressTooLong' : 'http.addressInvalid')) });
  };
}
