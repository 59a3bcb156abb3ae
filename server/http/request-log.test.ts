import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { buildDeal, buildMerchant } from '../db/factories';
import { createTestApp, type TestApp } from '../test/app';
import { startServer } from '../test/server-process';

type Line = Record<string, unknown> & { reqId?: string; msg?: string };

/** A logger whose lines the test reads, and a way to wait for the lines of one request. */
function recordingLogger() {
  const lines: Line[] = [];
  const waiting: { reqId: string; msg: string; resolve: (line: Line) => void }[] = [];
  const stream = {
    write(text: string) {
      const line = JSON.parse(text) as Line;
      lines.push(line);
      for (const w of waiting.filter((w) => w.reqId === line.reqId && w.msg === line.msg)) {
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve(line);
      }
    },
  };
  return {
    logger: pino({ level: 'info' }, stream) as unknown as FastifyBaseLogger,
    linesOf: (reqId: string) => lines.filter((l) => l.reqId === reqId),
    /** Resolves with the request's line carrying `msg`, once it is written. */
    line(reqId: string, msg: string): Promise<Line> {
      const found = lines.find((l) => l.reqId === reqId && l.msg === msg);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiting.push({ reqId, msg, resolve }));
    },
  };
}

describe('the request log', () => {
  const log = recordingLogger();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { CATALOG_CACHE_MS: '60000' },
      deps: { logger: log.logger },
      beforeReady: (app) => {
        app.get('/api/test-failure', async () => {
          throw new Error('broken on purpose');
        });
      },
    });
  });
  afterAll(async () => t.close());

  it('writes one line per request with the method, address, status, response time and request id', async () => {
    const merchant = await buildMerchant(t.db);
    await buildDeal(t.db, { merchantId: merchant.id });
    // A miss read from the database, then a hit answered from the list cache, then an unknown address.
    const requests = [['/api/deals?limit=5', 200], ['/api/deals?limit=5', 200], ['/api/nope?x=1', 404]] as const;
    for (const [i, [url, status]] of requests.entries()) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'x-request-id': `request-log-${i}` } });
      expect(res.statusCode).toBe(status);
      const id = `request-log-${i}`;
      expect(res.headers['x-request-id']).toBe(id);
      const line = await log.line(id, 'request');
      expect(line).toMatchObject({ level: 30, reqId: id, method: 'GET', url, statusCode: status });
      expect(typeof line.responseTime).toBe('number');
      expect(log.linesOf(id)).toHaveLength(1);
    }
  });

  it('logs a failure with the request id, beside the request line', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test-failure' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('broken on purpose');
    const id = String(res.headers['x-request-id']);
    const line = await log.line(id, 'request');
    expect(line).toMatchObject({ statusCode: 500, url: '/api/test-failure' });
    const failure = await log.line(id, 'request failed');
    expect(failure).toMatchObject({ level: 50, err: { message: 'broken on purpose' } });
    expect(log.linesOf(id)).toHaveLength(2);
  });
});

describe('the server process', () => {
  it('writes the request lines to stdout at the default level, and all of them before it exits', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dealmarket-request-log-'));
    try {
      const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'info' });
      try {
        const ids = Array.from({ length: 20 }, (_, i) => `process-log-${i}`);
        for (const id of ids) expect((await fetch(`${server.base}/api/deals`, { headers: { 'x-request-id': id } })).status).toBe(200);
        await server.stop();
        expect(await server.exited).toBe(0);
        const lines = server.log
          .join('')
          .split('\n')
          .filter((text) => text.startsWith('{'))
          .map((text) => JSON.parse(text) as Line);
        for (const id of ids) {
          expect(lines.filter((l) => l.reqId === id)).toEqual([expect.objectContaining({ msg: 'request', method: 'GET', url: '/api/deals', statusCode: 200 })]);
        }
        expect(lines.some((l) => l.msg === 'shutting down')).toBe(true);
      } finally {
        await server.stop(1_000);
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
