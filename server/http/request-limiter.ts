/**
 * A budget of write requests per client address, shared by every server: in PostgreSQL by default,
 * or in Redis when REDIS_URL is set. Reads are not counted (they cost no more than the counter would).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { msg } from '../i18n';
import { say } from './language';
import { hitRateLimit, waitOf, type RateLimitResult } from './rate-limit';

export interface RequestLimiter {
  readonly name: string;
  hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult>;
  close(): Promise<void>;
}

export class PostgresRequestLimiter implements RequestLimiter {
  readonly name = 'postgres';
  constructor(private readonly db: Db) {}
  hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
    return hitRateLimit(this.db, key, limit, windowSeconds);
  }
  async close(): Promise<void> {}
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Webhooks come from the payment provider's addresses and must never be turned away. */
const EXEMPT = /^\/api\/webhooks\//;

export function registerRequestLimiter(app: FastifyInstance, limiter: RequestLimiter, budget: { requests: number; windowSeconds: number }): void {
  app.addHook('onClose', async () => limiter.close());
  if (budget.requests === 0) return;
  const limited = async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await limiter.hit(`writes:${request.ip}`, budget.requests, budget.windowSeconds);
    if (!result.allowed) {
      reply.header('retry-after', String(result.retryAfterSeconds));
      return reply.status(429).send({ message: say(reply, msg('http.tooManyRequests', { wait: waitOf(result.retryAfterSeconds) })) });
    }
  };
  // Reads pass straight through, without a promise of their own.
  app.addHook('onRequest', (request, reply, done) => {
    if (!WRITES.has(request.method) || !request.url.startsWith('/api/') || EXEMPT.test(request.url)) {
      done();
      return;
    }
    limited(request, reply).then(() => {
      if (!reply.sent) done();
    }, done);
  });
}
