/**
 * The request log: one line per answered request, written once the answer has gone out, with the
 * method, the address, the status, the response time in milliseconds and the request's `reqId`
 * (the id the answer sends as `x-request-id`). Fastify writes its per-request lines through a log
 * controller; this one writes a single line where Fastify's default writes two (one as the request
 * arrives, one as it completes). Errors are still logged where they are handled
 * (server/http/errors.ts), with the same `reqId`.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

export class RequestLog extends LogController {
  override incomingRequest(): void {}

  /** The completed line says 404 already. */
  override routeNotFound(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      // From the request's arrival to the answer's last byte, to the microsecond.
      responseTime: Math.round(reply.elapsedTime * 1000) / 1000,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}
