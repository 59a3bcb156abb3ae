/**
 * A statement the database cancelled for waiting on a lock (55P03) or running too long (57014) was rolled
 * back: the request is answered 503 with Retry-After, like a database that cannot be reached, never 500.
 */
import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';

/** An error as node-postgres builds it from the database's answer, wrapped by drizzle as every failed query is. */
const cancelled = (code: string, message: string) =>
  new DrizzleQueryError('select "checkout_place_order"($1)', [], Object.assign(new Error(message), { code, severity: 'ERROR' }));

const t = useTestApp(
  {
    beforeReady: (app) => {
      app.get('/test/lock-timeout', async () => {
        throw cancelled('55P03', 'canceling statement due to lock timeout');
      });
      app.get('/test/statement-timeout', async () => {
        throw cancelled('57014', 'canceling statement due to statement timeout');
      });
      app.get('/test/unique-violation', async () => {
        throw cancelled('23505', 'duplicate key value violates unique constraint');
      });
    },
  },
  { resetEachTest: false },
);

describe('a statement the database cancelled', () => {
  it.each([['a lock wait', '/test/lock-timeout'], ['a statement', '/test/statement-timeout']])('(%s too long) is answered 503 with Retry-After', async (_what, url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ message: 'The service is briefly unavailable. Please try again in a few seconds.' });
  });

  it('leaves other database errors what they were', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/test/unique-violation' });
    expect(res.statusCode).toBe(500);
    expect(res.headers['retry-after']).toBeUndefined();
  });
});
