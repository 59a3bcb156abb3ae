/** The request limiter in Redis: one atomic script per hit (INCR, and the window's expiry on the first). */
import { Redis } from 'ioredis';
import type { RequestLimiter } from '../../http/request-limiter';
import type { RateLimitResult } from '../../http/rate-limit';

const HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('TTL', KEYS[1])
return {count, ttl}
`;

export class RedisRequestLimiter implements RequestLimiter {
  readonly name = 'redis';
  private readonly redis: Redis;

  constructor(url: string, private readonly prefix = 'dealmarket:rl:') {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
  }

  async hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
    const [count, ttl] = (await this.redis.eval(HIT, 1, `${this.prefix}${key}`, String(windowSeconds))) as [number, number];
    return { allowed: count <= limit, count, retryAfterSeconds: Math.max(1, ttl) };
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}
