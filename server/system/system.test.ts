import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, createTestApp, testConfig, type TestApp } from '../test/app';

const BODY_LIMIT = 2048;
const SECRET_FAILURE = 'connection string postgres://secret@db/internal';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    env: { BODY_LIMIT_BYTES: String(BODY_LIMIT) },
    // Two routes that exist only here: one that takes a JSON body, one that fails the way a bug would.
    beforeReady(app) {
      app.post('/api/test-only/echo', async (request) => ({ received: request.body }));
      app.get('/api/test-only/broken', async () => {
        throw new Error(SECRET_FAILURE);
      });
    },
  });
});
afterAll(async () => {
  await t?.close();
});

/** True when a body looks like it carries a stack trace or an internal error. */
function leaksInternals(body: string): boolean {
  return /\n\s+at |\.ts:\d+|\.js:\d+|"stack"|node_modules|FST_ERR/.test(body);
}

function expectMessage(res: LightMyRequestResponse, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json() as Record<string, unknown>;
  expect(Object.keys(body)).toEqual(['message']);
  expect(body.message).toBeTypeOf('string');
  expect(leaksInternals(res.body), res.body).toBe(false);
  return body.message as string;
}

describe('GET /api/health', () => {
  it('answers 200 {ok: true} when the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 {ok: false} when the database does not', async () => {
    const app = await buildApp({ config: testConfig(), database: { ...t.database, ping: async () => false } });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ ok: false });
    } finally {
      await app.close();
    }
  });
});

describe('GET /api/placeholder/:w/:h', () => {
  it('draws an SVG of the asked size', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/placeholder/400/300' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.body).toMatch(/^<svg[^>]* width="400" height="300" viewBox="0 0 400 300"/);
    expect(res.body).toContain('400 × 300');
    expect(res.body.trimEnd().endsWith('</svg>')).toBe(true);
  });

  it('accepts the largest side', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/placeholder/2000/1' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('width="2000" height="1"');
  });

  it.each([
    ['0', '300', 'w'],
    ['400', '0', 'h'],
    ['2001', '300', 'w'],
    ['400', '2001', 'h'],
    ['x', '300', 'w'],
    ['1.5', '300', 'w'],
    ['-5', '300', 'w'],
  ])('refuses %s x %s with a message naming %s', async (w, h, field) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/placeholder/${w}/${h}` });
    expect(expectMessage(res, 400)).toContain(field);
  });
});

describe('errors', () => {
  it('answers an unknown API path with a JSON 404 naming it', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['DELETE', '/api/deals'],
      ['GET', '/api'],
      ['GET', '/api/deals/00000000-0000-4000-8000-000000000000/nothing'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(expectMessage(res, 404)).toContain(url.split('?')[0]);
    }
  });

  it('answers a failure inside a route with a generic 500 and no detail', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test-only/broken' });
    const message = expectMessage(res, 500);
    expect(message).not.toContain('secret');
    expect(res.body).not.toContain(SECRET_FAILURE);
  });

  it('answers a JSON body over BODY_LIMIT_BYTES with 413 {message}', async () => {
    const payload = JSON.stringify({ text: 'x'.repeat(BODY_LIMIT) });
    for (const url of ['/api/test-only/echo', '/api/nope']) {
      const res = await t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } });
      expectMessage(res, 413);
    }
  });

  it('still accepts a body just under the limit', async () => {
    const text = 'y'.repeat(BODY_LIMIT - 100);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test-only/echo',
      payload: JSON.stringify({ text }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: { text } });
  });

  it.each(['{bad', '{"a":', '[1,2', "{'single': 1}", 'nul'])('answers malformed JSON %j with 400 {message}', async (payload) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test-only/echo',
      payload,
      headers: { 'content-type': 'application/json' },
    });
    expectMessage(res, 400);
  });

  it('refuses a body that is not JSON with a message, not a stack', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test-only/echo',
      payload: '<xml/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expectMessage(res, res.statusCode);
  });

  it('never sends a stack with a validation error', async () => {
    for (const url of ['/api/deals?limit=abc', '/api/deals/not-a-uuid', '/api/deals?cursor=%%%', '/api/merchants/x']) {
      const res = await t.app.inject({ method: 'GET', url });
      expectMessage(res, 400);
    }
  });
});

describe('headers', () => {
  it('sends the security headers on API and error answers', async () => {
    for (const url of ['/api/health', '/api/nope', '/api/placeholder/1/1']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      const directives = csp.split(';').map((d) => d.trim());
      expect(directives, url).toContain("default-src 'self'");
      expect(directives, url).toContain("script-src 'self'");
      expect(directives, url).toContain("frame-ancestors 'none'");
      expect(directives, url).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBeDefined();
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('sends an x-request-id, echoing a well-formed one and replacing any other', async () => {
    const fresh = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(fresh.headers['x-request-id']).toMatch(/^[\w-]{8,64}$/);
    const other = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(other.headers['x-request-id']).not.toBe(fresh.headers['x-request-id']);

    const echoed = await t.app.inject({ method: 'GET', url: '/api/nope', headers: { 'x-request-id': 'trace-abc_123' } });
    expect(echoed.headers['x-request-id']).toBe('trace-abc_123');

    for (const bad of ['has spaces', 'x'.repeat(65), '<script>', 'a\\b']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': bad } });
      expect(res.headers['x-request-id']).not.toBe(bad);
      expect(res.headers['x-request-id']).toMatch(/^[\w-]{1,64}$/);
    }
  });
});

describe('the web app on the same port', () => {
  const INDEX = '<!doctype html><html lang="en"><head><title>Deals</title></head><body><div id="root"></div></body></html>';
  const SCRIPT = `console.log(${JSON.stringify('deal '.repeat(400))});\n`;
  let web: FastifyInstance;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'dealmarket-web-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), INDEX);
    writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), SCRIPT);
    writeFileSync(path.join(dir, 'assets', 'app-abc123.js.gz'), gzipSync(SCRIPT));
    writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *\n');
    // A second app on the same database: only the configuration differs.
    web = await buildApp({ config: testConfig({ WEB_DIST_DIR: dir }), database: t.database });
  });
  afterAll(async () => {
    await web?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it.each(['/', '/admin/deals', '/merchant/redeem?code=ABCDEFGH', '/my/vouchers/'])(
    'answers the page path %s with index.html',
    async (url) => {
      const res = await web.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      // The home page carries a guest's first answers too (contract/first-answers.ts).
      expect(res.body.replace(/<script type="application\/json" id="first-answers">[^<]*<\/script>/, '')).toBe(INDEX);
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  // A deal page names a deal: one that is not there (or not shown to shoppers) is answered 404 too.
  it.each(['/no-such-page', '/deal/x/extra', '/admin', '/deal/x'])('answers the unknown page %s with 404 and index.html', async (url) => {
    const res = await web.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toBe(INDEX);
  });

  it('keeps unknown API paths JSON', async () => {
    expectMessage(await web.inject({ method: 'GET', url: '/api/nope' }), 404);
  });

  it('serves a hashed asset as immutable for a year', async () => {
    const res = await web.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['cache-control']).toContain('max-age=31536000');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(SCRIPT);
  });

  it('serves the pre-compressed file to a client that accepts gzip', async () => {
    const res = await web.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(gunzipSync(res.rawPayload).toString('utf8')).toBe(SCRIPT);
  });

  it('caches files outside assets/ for a short time only', async () => {
    const res = await web.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).not.toContain('immutable');
  });

  it('does not serve index.html or compressed copies as files', async () => {
    const index = await web.inject({ method: 'GET', url: '/index.html' });
    expect(index.statusCode).toBe(404);
    const gz = await web.inject({ method: 'GET', url: '/assets/app-abc123.js.gz' });
    expect(gz.statusCode).toBe(404);
  });
});
