import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from '../test/app';
import { buildDeal, buildMerchant } from '../db/factories';
import Fastify from 'fastify';
import { registerWeb, withPreview } from './web';

const INDEX = '<!doctype html><html lang="en"><head><title>Deals</title></head><body><div id="root"></div></body></html>';
const SCRIPT = 'export default 1;\n';

let t: TestApp;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'dealmarket-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  writeFileSync(path.join(dir, 'assets', 'cart-page-new123.js'), SCRIPT);
  t = await createTestApp({ env: { WEB_DIST_DIR: dir } });
});
afterAll(async () => {
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a missing asset', () => {
  it.each(['/assets/cart-page-old456.js', '/assets/index-old456.css', '/assets/nested/chunk-old.js?v=1'])(
    'answers %s with a plain, uncached 404, not index.html',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toBe('Not found');
      expect(res.body).not.toContain('<html');
    },
  );

  it('answers HEAD the same way', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/assets/cart-page-old456.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('leaves the assets the build has, and page paths, as they were', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/cart-page-new123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.body).toBe(SCRIPT);

    const page = await t.app.inject({ method: 'GET', url: '/cart' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(INDEX);
    const unknown = await t.app.inject({ method: 'GET', url: '/assets' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe(INDEX);
  });
});

describe('a page with a preview', () => {
  it("gets its own title, description and Open Graph tags, escaped", () => {
    const index = '<head><meta name="description" content="Deals near you" />\n<title>Deals</title></head>';
    const html = withPreview(index, {
      title: 'Join my group: "Sushi" <for 2>',
      description: '2 people get it for $10.00 & more',
      image: 'http://x.test/a.png',
      url: 'http://x.test/group/1',
    });
    expect(html).toContain('<title>Join my group: &quot;Sushi&quot; &lt;for 2&gt;</title>');
    expect(html).toContain('<meta property="og:title" content="Join my group: &quot;Sushi&quot; &lt;for 2&gt;" />');
    expect(html).toContain('<meta name="description" content="2 people get it for $10.00 &amp; more" />');
    expect(html).toContain('<meta property="og:image" content="http://x.test/a.png" />');
    expect(html).toContain('<meta property="og:url" content="http://x.test/group/1" />');
    expect(html).not.toContain('Deals near you');
  });

  it('names the picture to preload, and keeps a `$&` in a title as written', () => {
    const html = withPreview('<head><title>Deals</title></head>', {
      title: 'Two for $& one',
      description: "Half price $' today",
      image: 'http://x.test/a.png',
      url: 'http://x.test/deal/1',
      preloadImage: '/images/deals/sushi-platter.svg',
    });
    expect(html).toContain('<title>Two for $&amp; one</title>');
    expect(html).toContain('<link rel="preload" as="image" href="/images/deals/sushi-platter.svg" fetchpriority="high" />');
  });
});

describe("a deal's page", () => {
  it('carries the deal as its preview and preloads its picture, for a deal a guest may see', async () => {
    const shop = await buildMerchant(t.db, { name: 'Harbour Grill' });
    const deal = await buildDeal(t.db, { merchantId: shop.id, title: 'Grill for 2', priceCents: 3999, originalPriceCents: 8000, imageUrl: '/images/deals/grill.svg' });
    const res = await t.app.inject({ method: 'GET', url: `/deal/${deal.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Grill for 2</title>');
    expect(res.body).toContain('<meta property="og:description" content="$39.99 instead of $80.00 at Harbour Grill." />');
    expect(res.body).toContain(`<meta property="og:image" content="${new URL('/images/deals/grill.svg', t.config.publicOrigin).toString()}" />`);
    expect(res.body).toContain('<link rel="preload" as="image" href="/images/deals/grill.svg" fetchpriority="high" />');
  });

  it('names a bundled demo picture when the deal has none, and a price without a former one plainly', async () => {
    const shop = await buildMerchant(t.db, { name: 'Sushi Corner' });
    const deal = await buildDeal(t.db, { merchantId: shop.id, title: 'Premium Sushi Platter for 2', priceCents: 2500, originalPriceCents: null, imageUrl: '' });
    const res = await t.app.inject({ method: 'GET', url: `/deal/${deal.id}` });
    expect(res.body).toContain('<link rel="preload" as="image" href="/images/deals/sushi-platter.svg" fetchpriority="high" />');
    expect(res.body).toContain('<meta property="og:description" content="$25.00 at Sushi Corner." />');
  });

  it('is the plain page, answered 404, for a draft, a deal of an inactive merchant, and a deal that does not exist', async () => {
    const shop = await buildMerchant(t.db);
    const draft = await buildDeal(t.db, { merchantId: shop.id, status: 'draft' });
    const closed = await buildMerchant(t.db, { status: 'inactive' });
    const ofClosed = await buildDeal(t.db, { merchantId: closed.id });
    for (const id of [draft.id, ofClosed.id, '00000000-0000-4000-8000-000000000000', 'not-a-deal']) {
      const res = await t.app.inject({ method: 'GET', url: `/deal/${id}` });
      // Hidden from shoppers is hidden everywhere: no title or price, and a link checker sees it gone.
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(INDEX);
    }
  });
});

describe('a page whose preview cannot be read', () => {
  it('is served without it, as the plain page', async () => {
    const app = Fastify({ logger: false });
    await registerWeb(app, dir, () => Promise.reject(new Error('database unavailable')));
    try {
      const res = await app.inject({ method: 'GET', url: '/deal/0b7e5a36-2f0e-4c55-9a53-1b2c3d4e5f60' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX);
    } finally {
      await app.close();
    }
  });
});
