import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { call } from '../test/auth-helpers';
import { RedisRequestLimiter } from '../integrations/cache/redis-request-limiter';

describe('the write budget per address (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { WRITE_RATE_LIMIT: '3' } });
  });
  afterAll(async () => t.close());

  it('answers 429 with Retry-After past the budget, per address, and never counts reads or webhooks', async () => {
    const write = (ip: string) => call(t.app, 'POST', '/api/auth/logout', { remoteAddress: ip });
    expect((await write('10.0.0.1')).status).toBe(200);
    expect((await write('10.0.0.1')).status).toBe(200);
    expect((await write('10.0.0.1')).status).toBe(200);
    const limited = await write('10.0.0.1');
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ message: expect.stringMatching(/^Too many requests/) });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await write('10.0.0.2')).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await call(t.app, 'GET', '/api/deals', { remoteAddress: '10.0.0.1' })).status).toBe(200);
    const webhook = await call(t.app, 'POST', '/api/webhooks/test-provider', { remoteAddress: '10.0.0.1', body: {} });
    expect(webhook.status).not.toBe(429);
  });
});

describe('the write budget in Redis', () => {
  const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  let limiter: RedisRequestLimiter;
  beforeAll(() => {
    limiter = new RedisRequestLimiter(url, `dealmarket-test:${process.pid}:${Date.now()}:`);
  });
  afterAll(async () => limiter.close());

  it('counts atomically across parallel hits and reports the window', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => limiter.hit('k', 5, 30)));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(Math.max(...results.map((r) => r.retryAfterSeconds))).toBeLessThanOrEqual(30);
  });

  it('is what the app uses when REDIS_URL is set', async () => {
    const t = await createTestApp({ env: { WRITE_RATE_LIMIT: '1', REDIS_URL: url } });
    try {
      const ip = `10.9.${process.pid % 250}.${Date.now() % 250}`;
      expect((await call(t.app, 'POST', '/api/auth/logout', { remoteAddress: ip })).status).toBe(200);
      expect((await call(t.app, 'POST', '/api/auth/logout', { remoteAddress: ip })).status).toBe(429);
    } finally {
      await t.close();
    }
  });
});
