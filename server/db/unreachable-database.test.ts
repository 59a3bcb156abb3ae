/**
 * A database that accepts connections and never answers (a black hole: a hung server, a firewall that
 * swallows packets, a failover in progress): requests are answered 503 with Retry-After within the
 * connection timeout instead of hanging, the hold sweep logs and carries on, and a server cannot start
 * against it but says why within the timeout.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, testConfig } from '../test/app';
import { spawnServer } from '../test/server-process';
import { openDatabase, type Database } from './client';

const CONNECT_TIMEOUT_MS = 400;

let blackHole: Server;
let url: string;
const sockets = new Set<Socket>();
let accepted = 0;

beforeAll(async () => {
  blackHole = createServer((socket) => {
    // Accepted, read and never answered.
    accepted++;
    sockets.add(socket);
    socket.on('data', () => undefined);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
  const address = blackHole.address();
  if (typeof address !== 'object' || !address) throw new Error('no port');
  url = `postgres://postgres@127.0.0.1:${address.port}/dealmarket`;
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => blackHole.close(resolve));
});

async function appOn(database: Database, options: { logger?: FastifyBaseLogger; backgroundJobs?: boolean } = {}): Promise<FastifyInstance> {
  const app = await buildApp({ config: testConfig(), database, ...options });
  await app.ready();
  return app;
}

function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  return run().then((value) => ({ value, ms: performance.now() - started }));
}

describe('a database that never answers', () => {
  let database: Database;
  let app: FastifyInstance;

  afterEach(async () => {
    vi.useRealTimers();
    await app?.close();
    await database?.close();
  });

  it('gets 503 with Retry-After within the connection timeout, not a hang', async () => {
    database = await openDatabase({ kind: 'postgres', url, poolSize: 2, connectTimeoutMs: CONNECT_TIMEOUT_MS });
    app = await appOn(database);

    const health = await timed(() => app.inject({ method: 'GET', url: '/api/health' }));
    expect(health.value.statusCode).toBe(503);
    expect(health.value.json()).toEqual({ ok: false });
    expect(health.value.headers['retry-after']).toBe('5');
    expect(health.ms).toBeLessThan(CONNECT_TIMEOUT_MS + 1500);

    const list = await timed(() => app.inject({ method: 'GET', url: '/api/deals' }));
    expect(list.value.statusCode).toBe(503);
    expect(list.value.headers['retry-after']).toBe('5');
    expect(Object.keys(list.value.json())).toEqual(['message']);
    expect(list.value.json().message).toMatch(/unavailable/i);
    expect(list.ms).toBeLessThan(CONNECT_TIMEOUT_MS + 1500);

    // A signed-in request meets the database in the session look-up, before any route.
    const signedIn = await app.inject({ method: 'POST', url: '/api/checkout', headers: { authorization: `Bearer ${'s'.repeat(43)}` }, payload: { dealId: crypto.randomUUID() } });
    expect(signedIn.statusCode).toBe(503);
    expect(signedIn.headers['retry-after']).toBe('5');

    // More requests than connections: those waiting for a free one give up in time as well.
    const many = await timed(() => Promise.all(Array.from({ length: 12 }, () => app.inject({ method: 'GET', url: '/api/deals' }))));
    expect(many.value.map((r) => r.statusCode)).toEqual(Array(12).fill(503));
    expect(many.ms).toBeLessThan(3 * CONNECT_TIMEOUT_MS + 2000);
    // The requests did reach the black hole (not a refused port).
    expect(accepted).toBeGreaterThan(0);
  });

  it('leaves the minute sweep logging and carrying on, with no unhandled rejection', async () => {
    const lines: string[] = [];
    const logger = pino(
      { level: 'warn' },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString());
          done();
        },
      }),
    ) as unknown as FastifyBaseLogger;
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      // Only the sweep's interval is faked; the driver's own timeouts run in real time.
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      database = await openDatabase({ kind: 'postgres', url, poolSize: 2, connectTimeoutMs: CONNECT_TIMEOUT_MS });
      app = await appOn(database, { logger, backgroundJobs: true });
      const sweepFailures = () => lines.filter((l) => l.includes('releasing expired holds failed')).length;
      for (let sweep = 1; sweep <= 2; sweep++) {
        vi.advanceTimersByTime(60_000);
        await vi.waitFor(() => expect(sweepFailures()).toBe(sweep), { timeout: CONNECT_TIMEOUT_MS + 3000, interval: 50 });
      }
      await new Promise((r) => setTimeout(r, 50));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});

describe('a server started against a database that never answers', () => {
  it('stops within the connection timeout and says it could not reach the database', async () => {
    const server = await spawnServer({ DATABASE_URL: url, DB_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS), LOG_LEVEL: 'silent' });
    try {
      const code = await Promise.race([server.exited, new Promise((r) => setTimeout(() => r('still running'), 20_000))]);
      expect(code).toBe(1);
      expect(server.log.join('')).toMatch(/Could not reach the database at DATABASE_URL: .*timeout/);
    } finally {
      await server.stop(1_000);
    }
  }, 30_000);
});
