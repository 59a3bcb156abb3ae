import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from '../test/app';
import { eq } from 'drizzle-orm';
import { buildDeal, buildMerchant, buildUser } from '../db/factories';
import { dealGroups } from '../db/schema';
import Fastify from 'fastify';
import { registerWeb, withPreview } from './web';
import type { FirstAnswers } from '../../contract/first-answers';

const INDEX = '<!doctype html><html lang="en"><head><title>Deals</title></head><body><div id="root"></div></body></html>';
const SCRIPT = 'export default 1;\n';

let t: TestApp;

/** The og:image address of a page, as a URL. */
function ogImageOf(html: string): URL {
  const content = /<meta property="og:image" content="([^"]*)" \/>/.exec(html)?.[1];
  if (!content) throw new Error('no og:image');
  return new URL(content.replace(/&amp;/g, '&'));
}
let dir: string;

/** The first answers written into a page, parsed; null when it has none. */
function firstAnswersOf(html: string): FirstAnswers | null {
  const match = /<script type="application\/json" id="first-answers">([^<]*)<\/script><\/body>/.exec(html);
  return match ? (JSON.parse(match[1]!) as FirstAnswers) : null;
}

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
    // The link's picture is the deal's share image, at the version of what it draws; the page's own picture is preloaded.
    const image = ogImageOf(res.body);
    expect(image.origin + image.pathname).toBe(new URL(`/api/deals/${deal.id}/share.png`, t.config.publicOrigin).toString());
    expect(image.searchParams.has('lang')).toBe(false);
    const picture = await t.app.inject({ method: 'GET', url: image.pathname + image.search });
    expect(picture.statusCode).toBe(200);
    // `v` is the start of the picture's ETag: the same drawn state.
    expect(String(picture.headers.etag).slice(1, 13)).toBe(image.searchParams.get('v'));
    expect(res.body).toContain('<meta property="og:image:width" content="1200" />');
    expect(res.body).toContain('<meta property="og:image:height" content="630" />');
    expect(res.body).toContain(`<meta property="og:image:alt" content="Grill for 2: the deal's picture with its price" />`);
    expect(res.body).toContain('<meta name="twitter:title" content="Grill for 2" />');
    expect(res.body).toContain('<meta name="twitter:description" content="$39.99 instead of $80.00 at Harbour Grill." />');
    expect(res.body).toContain(`<meta name="twitter:image" content="${image.toString().replace(/&/g, '&amp;')}" />`);
    expect(res.body).toContain('<link rel="preload" as="image" href="/images/deals/grill.svg" fetchpriority="high" />');
  });

  it("names the group price and the groups open to join, and speaks the page's language, its picture too", async () => {
    const shop = await buildMerchant(t.db, { name: 'Hot Pot House' });
    const deal = await buildDeal(t.db, { merchantId: shop.id, title: 'Hot pot for 3', priceCents: 3000, originalPriceCents: null, groupSize: 3, groupPriceCents: 2000 });
    const starter = await buildUser(t.db);
    await t.db.insert(dealGroups).values({ dealId: deal.id, startedBy: starter.id, size: 3, priceCents: 2000, seatsTaken: 1, paidCount: 1, deadline: new Date(Date.now() + 3_600_000) });

    const english = await t.app.inject({ method: 'GET', url: `/deal/${deal.id}` });
    expect(english.body).toContain('<meta property="og:description" content="$30.00 at Hot Pot House. In a group of 3: $20.00 each. 1 group open to join." />');

    for (const asked of [{ url: `/deal/${deal.id}`, headers: { 'accept-language': 'zh-CN,zh;q=0.9' } }, { url: `/deal/${deal.id}?lang=zh-CN`, headers: {} }]) {
      const chinese = await t.app.inject({ method: 'GET', ...asked });
      expect(chinese.statusCode).toBe(200);
      expect(chinese.headers['content-language']).toBe('zh-CN');
      expect(chinese.body).toContain('<meta property="og:description" content="Hot Pot House：US$30.00。3 人拼团：每人 US$20.00。1 个拼团可参团。" />');
      const image = ogImageOf(chinese.body);
      expect(image.searchParams.get('lang')).toBe('zh-CN');
      expect(image.searchParams.get('v')).not.toBe(ogImageOf(english.body).searchParams.get('v'));
    }
    expect(String((await t.app.inject({ method: 'GET', url: `/deal/${deal.id}`, headers: { 'accept-language': 'zh-CN' } })).headers.vary)).toMatch(/Accept-Language/);
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

describe("a group's page", () => {
  it('carries the group as its preview: the prices, the places left and its share image at the version of its places', async () => {
    const shop = await buildMerchant(t.db, { name: 'Harbour Grill' });
    const deal = await buildDeal(t.db, { merchantId: shop.id, title: 'Grill for 3', priceCents: 3000, groupSize: 3, groupPriceCents: 2000 });
    const starter = await buildUser(t.db);
    const [group] = await t.db
      .insert(dealGroups)
      .values({ dealId: deal.id, startedBy: starter.id, size: 3, priceCents: 2000, seatsTaken: 1, paidCount: 1, deadline: new Date(Date.now() + 3_600_000) })
      .returning();
    const page = async () => t.app.inject({ method: 'GET', url: `/group/${group!.id}` });

    const first = await page();
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('<title>Join my group: Grill for 3</title>');
    expect(first.body).toContain('<meta property="og:description" content="3 people get it for $20.00 each instead of $30.00 at Harbour Grill. 2 places left." />');
    expect(first.body).toContain('<meta name="twitter:description" content="3 people get it for $20.00 each instead of $30.00 at Harbour Grill. 2 places left." />');
    expect(first.body).toContain("<meta property=\"og:image:alt\" content=\"Grill for 3: the group's price and the places left\" />");
    const image = ogImageOf(first.body);
    expect(image.pathname).toBe(`/api/groups/${group!.id}/share.png`);
    const picture = await t.app.inject({ method: 'GET', url: image.pathname + image.search });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');

    // A place taken: a new version, so a chat app fetches the picture again.
    await t.db.update(dealGroups).set({ seatsTaken: 2, paidCount: 2 }).where(eq(dealGroups.id, group!.id));
    const second = await page();
    expect(second.body).toContain('1 place left.');
    expect(ogImageOf(second.body).searchParams.get('v')).not.toBe(image.searchParams.get('v'));
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

describe("a page's first answers", () => {
  it("carry the home page's first deals and the categories, as the API answers a guest in the app's first language", async () => {
    const shop = await buildMerchant(t.db, { name: 'Noodle Bar' });
    await buildDeal(t.db, { merchantId: shop.id, title: 'Ramen for 2' });
    // The browser's own language plays no part: the app asks in English until its reader chooses.
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'zh-CN' } });
    expect(res.statusCode).toBe(200);
    const written = firstAnswersOf(res.body);
    expect(written?.language).toBe('en');
    expect(Object.keys(written!.answers)).toEqual(['/api/deals?limit=24', '/api/categories']);
    for (const [url, answer] of Object.entries(written!.answers)) {
      const api = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
      expect(answer.body).toEqual(api.json());
      expect(answer.nextCursor).toBe(api.headers['x-next-cursor'] ?? null);
    }
    expect((written!.answers['/api/deals?limit=24']!.body as { title: string }[]).map((d) => d.title)).toContain('Ramen for 2');
  });

  it("carry a store page's store and its first page of deals, with the next page's cursor", async () => {
    const shop = await buildMerchant(t.db, { name: 'Tea House' });
    for (let i = 0; i < 13; i++) await buildDeal(t.db, { merchantId: shop.id, title: `Tea set ${i}` });
    const res = await t.app.inject({ method: 'GET', url: `/store/${shop.id}` });
    expect(res.statusCode).toBe(200);
    const answers = firstAnswersOf(res.body)!.answers;
    expect(Object.keys(answers)).toEqual([`/api/merchants/${shop.id}`, `/api/deals?merchantId=${shop.id}&limit=12`]);
    expect((answers[`/api/merchants/${shop.id}`]!.body as { name: string }).name).toBe('Tea House');
    const deals = answers[`/api/deals?merchantId=${shop.id}&limit=12`]!;
    expect(deals.body).toHaveLength(12);
    expect(deals.nextCursor).toEqual(expect.any(String));
  });

  it('are not written for a browser with a session, a home page with a search or filters, or any other page', async () => {
    const shop = await buildMerchant(t.db);
    const deal = await buildDeal(t.db, { merchantId: shop.id });
    for (const asked of [
      { url: '/', headers: { cookie: 'sessionId=a-session-id-of-some-length' } },
      { url: '/?q=ramen', headers: {} },
      { url: '/?category=food', headers: {} },
      { url: `/deal/${deal.id}`, headers: {} },
      { url: '/cart', headers: {} },
      { url: '/store/00000000-0000-4000-8000-000000000000', headers: {} },
    ]) {
      const res = await t.app.inject({ method: 'GET', ...asked });
      expect(res.body).not.toContain('first-answers');
    }
  });

  it('keep a text that would close the element inside it', async () => {
    const shop = await buildMerchant(t.db);
    const title = '</script><script>alert(1)</script>';
    await buildDeal(t.db, { merchantId: shop.id, title });
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.body).not.toContain('<script>alert(1)');
    const deals = firstAnswersOf(res.body)!.answers['/api/deals?limit=24']!.body as { title: string }[];
    expect(deals.map((d) => d.title)).toContain(title);
  });

  it('leave out an answer that fails or does not come in time, and the page is still sent', async () => {
    const app = Fastify({ logger: false });
    let release = () => {};
    const stalled = new Promise<void>((resolve) => {
      release = resolve;
    });
    app.get('/api/deals', async () => {
      await stalled;
      return [];
    });
    app.get('/api/categories', async () => [{ slug: 'food' }]);
    await registerWeb(app, dir);
    try {
      const res = await app.inject({ method: 'GET', url: '/' });
      expect(res.statusCode).toBe(200);
      expect(Object.keys(firstAnswersOf(res.body)!.answers)).toEqual(['/api/categories']);
    } finally {
      release();
      await app.close();
    }
  });
});
