/**
 * Share images (ADR 040; docs/product/api.md#deals, #group-deals): GET /api/deals/{id}/share.png and
 * GET /api/groups/{id}/share.png draw a 1200 x 630 PNG of what a shared link is about, answer it with an ETag and
 * five minutes of caching, draw each state once however many ask at once, and answer 404 for whatever shoppers may
 * not see. The band over the picture is built as SVG by a pure function, its texts escaped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { dealGroups, deals, merchants } from '../db/schema';
import { buildCustomer, buildDeal, buildMerchant } from '../db/factories';
import { useTestApp } from '../test/app';
import { dealShareCard, groupShareCard, shareImagesOf, shareImageUrl } from './share-image.service';
import { loadPicture, ShareImages, shareOverlaySvg, shareStateOf, wrapLines, xmlText, type ShareCard } from './share-image';

const INDEX = '<!doctype html><html lang="en"><head><title>Deals</title></head><body></body></html>';
const PICTURE = '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="#c2410c"/><circle cx="200" cy="150" r="90" fill="#fde68a"/></svg>';

const webDir = mkdtempSync(path.join(tmpdir(), 'dealmarket-share-'));
mkdirSync(path.join(webDir, 'images', 'deals'), { recursive: true });
writeFileSync(path.join(webDir, 'index.html'), INDEX);
writeFileSync(path.join(webDir, 'images', 'deals', 'grill.svg'), PICTURE);

const t = useTestApp({ env: { WEB_DIST_DIR: webDir } });

afterAll(() => rmSync(webDir, { recursive: true, force: true }));

const HOUR = 3_600_000;

async function groupDeal(overrides: Partial<typeof deals.$inferInsert> = {}, merchant: Partial<typeof merchants.$inferInsert> = {}) {
  const shop = await buildMerchant(t.db, { timeZone: 'America/Los_Angeles', ...merchant });
  const deal = await buildDeal(t.db, {
    merchantId: shop.id,
    title: 'Harbour grill for three',
    priceCents: 3000,
    originalPriceCents: 4500,
    groupSize: 3,
    groupPriceCents: 2000,
    imageUrl: '/images/deals/grill.svg',
    ...overrides,
  });
  return { shop, deal };
}

async function groupOf(dealId: string, values: Partial<typeof dealGroups.$inferInsert> = {}) {
  const starter = await buildCustomer(t.db);
  const [row] = await t.db
    .insert(dealGroups)
    .values({ dealId, startedBy: starter.id, size: 3, priceCents: 2000, seatsTaken: 1, paidCount: 1, deadline: new Date(Date.now() + 2 * HOUR), ...values })
    .returning();
  return row!;
}

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

async function expectPicture(res: Awaited<ReturnType<typeof get>>) {
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('image/png');
  expect(res.headers['cache-control']).toBe('public, max-age=300');
  expect(res.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
  expect(res.rawPayload.byteLength).toBeLessThan(300 * 1024);
  const meta = await sharp(res.rawPayload).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);
}

describe("a deal's share image", () => {
  it('is a 1200 x 630 PNG under 300 kB, with an ETag that a second request gets again and If-None-Match turns into a 304', async () => {
    const { deal } = await groupDeal();
    const first = await get(`/api/deals/${deal.id}/share.png`);
    await expectPicture(first);

    const again = await get(`/api/deals/${deal.id}/share.png?v=whatever`);
    await expectPicture(again);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);

    const held = await get(`/api/deals/${deal.id}/share.png`, { 'if-none-match': String(first.headers.etag) });
    expect(held.statusCode).toBe(304);
    expect(held.rawPayload.byteLength).toBe(0);
    expect(held.headers.etag).toBe(first.headers.etag);
    const weak = await get(`/api/deals/${deal.id}/share.png`, { 'if-none-match': `"other", W/${String(first.headers.etag)}` });
    expect(weak.statusCode).toBe(304);
  });

  it('is drawn once for two requests at the same time, and then kept', async () => {
    const { deal } = await groupDeal();
    const images = shareImagesOf({ database: t.database, config: t.config });
    const before = images.renders;
    const [a, b] = await Promise.all([get(`/api/deals/${deal.id}/share.png`), get(`/api/deals/${deal.id}/share.png`)]);
    await expectPicture(a);
    await expectPicture(b);
    expect(images.renders - before).toBe(1);
    await expectPicture(await get(`/api/deals/${deal.id}/share.png`));
    expect(images.renders - before).toBe(1);
  });

  it('changes with what it shows: the price, and the language of `lang` or Accept-Language', async () => {
    const { deal } = await groupDeal();
    const english = await get(`/api/deals/${deal.id}/share.png`);
    expect(english.headers['content-language']).toBe('en');
    expect(String(english.headers.vary)).toMatch(/Accept-Language/);

    const chinese = await get(`/api/deals/${deal.id}/share.png?lang=zh-CN`);
    await expectPicture(chinese);
    expect(chinese.headers['content-language']).toBe('zh-CN');
    expect(chinese.headers.etag).not.toBe(english.headers.etag);
    const asked = await get(`/api/deals/${deal.id}/share.png`, { 'accept-language': 'zh-CN,zh;q=0.9' });
    expect(asked.headers.etag).toBe(chinese.headers.etag);
    // A `lang` the server does not speak leaves the choice to Accept-Language.
    expect((await get(`/api/deals/${deal.id}/share.png?lang=fr`)).headers.etag).toBe(english.headers.etag);

    await t.db.update(deals).set({ groupPriceCents: 1900 }).where(eq(deals.id, deal.id));
    const repriced = await get(`/api/deals/${deal.id}/share.png`);
    await expectPicture(repriced);
    expect(repriced.headers.etag).not.toBe(english.headers.etag);
  });

  it('draws a title with markup in it, escaped in the band', async () => {
    const title = '<script>alert(1)</script> & "x"';
    const { deal } = await groupDeal({ title });
    await expectPicture(await get(`/api/deals/${deal.id}/share.png`));

    const svg = shareOverlaySvg(dealShareCard({ ...(await dealAnswer(deal.id)), title }, 'en'));
    expect(svg).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;x&quot;');
    expect(svg).not.toContain('<script>');
    expect(svg).not.toContain('"x"');
  });

  it('is drawn on the brand colour when the picture cannot be had', async () => {
    const { deal } = await groupDeal({ imageUrl: 'https://picture.invalid/none.jpg' });
    await expectPicture(await get(`/api/deals/${deal.id}/share.png`));
    const { deal: placeholder } = await groupDeal({ imageUrl: '/api/placeholder/400/300' });
    await expectPicture(await get(`/api/deals/${placeholder.id}/share.png`));
  });
});

async function dealAnswer(id: string) {
  const res = await get(`/api/deals/${id}`);
  expect(res.statusCode).toBe(200);
  return res.json<Parameters<typeof dealShareCard>[0]>();
}

describe("a group's share image", () => {
  it('is a 1200 x 630 PNG whose ETag changes when a place is taken, and when the group closes', async () => {
    const { deal } = await groupDeal();
    const group = await groupOf(deal.id);
    const open = await get(`/api/groups/${group.id}/share.png`);
    await expectPicture(open);
    expect((await get(`/api/groups/${group.id}/share.png`, { 'if-none-match': String(open.headers.etag) })).statusCode).toBe(304);

    await t.db.update(dealGroups).set({ seatsTaken: 2, paidCount: 2 }).where(eq(dealGroups.id, group.id));
    const fuller = await get(`/api/groups/${group.id}/share.png`);
    await expectPicture(fuller);
    expect(fuller.headers.etag).not.toBe(open.headers.etag);

    await t.db.update(dealGroups).set({ status: 'formed', seatsTaken: 3, paidCount: 3, formedAt: new Date() }).where(eq(dealGroups.id, group.id));
    const formed = await get(`/api/groups/${group.id}/share.png?lang=zh-CN`);
    await expectPicture(formed);
    expect(formed.headers.etag).not.toBe(fuller.headers.etag);
  });
});

describe('share images of what shoppers may not see', () => {
  it('answer 404 for a hidden deal and its groups, unknown ids and malformed ids', async () => {
    const hidden = {
      draft: (await groupDeal({ status: 'draft' })).deal,
      archived: (await groupDeal({ status: 'archived' })).deal,
      'of an inactive merchant': (await groupDeal({}, { status: 'inactive' })).deal,
    };
    for (const [how, deal] of Object.entries(hidden)) {
      const group = await groupOf(deal.id);
      expect((await get(`/api/deals/${deal.id}/share.png`)).statusCode, `deal ${how}`).toBe(404);
      expect((await get(`/api/groups/${group.id}/share.png`)).statusCode, `group of a deal ${how}`).toBe(404);
    }
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '12', '%3Cscript%3E']) {
      for (const kind of ['deals', 'groups']) {
        const res = await get(`/api/${kind}/${id}/share.png`);
        expect(res.statusCode, `${kind} ${id}`).toBe(404);
        expect(res.json()).toHaveProperty('message');
      }
    }
  });
});

describe('the band over the picture', () => {
  const card = (over: Partial<ShareCard> = {}): ShareCard => ({
    language: 'en',
    dealId: 'd',
    title: 'Grill for three',
    picture: '/images/deals/grill.svg',
    priceCents: 2000,
    struckCents: 3000,
    groupSize: 3,
    group: { id: 'g', state: 'open', seatsLeft: 2, deadline: '2026-03-09T22:05:00.000Z', timeZone: 'America/Los_Angeles' },
    ...over,
  });

  it('gives the group price, the struck usual price, the group size, the places left and the deadline in the merchant\'s time zone', () => {
    const svg = shareOverlaySvg(card());
    expect(svg).toContain('>$20.00<');
    expect(svg).toMatch(/text-decoration="line-through">\$30\.00</);
    expect(svg).toContain('3-person group');
    expect(svg).toContain('2 seats left  ·  until 15:05');
    const zh = shareOverlaySvg(card({ language: 'zh-CN' }));
    expect(zh).toContain('3 人拼团');
    expect(zh).toContain('还剩 2 个名额  ·  15:05 截止');
    expect(shareOverlaySvg(card({ group: { ...card().group!, state: 'formed', seatsLeft: 0 } }))).toContain('Group formed');
    expect(shareOverlaySvg(card({ group: { ...card().group!, state: 'failed', seatsLeft: 0 } }))).toContain('Group failed');
    const alone = shareOverlaySvg(card({ group: null, groupSize: null, struckCents: null }));
    expect(alone).not.toContain('group');
    expect(alone).not.toContain('line-through');
  });

  it('cuts a long title to two lines with an ellipsis, and breaks Chinese between characters', () => {
    const long = 'Premium sushi platter for two with miso soup, salad and a glass of sake by the harbour at sunset';
    const lines = wrapLines(long, 52, 1080, 2, true);
    expect(lines).toHaveLength(2);
    expect(lines[1]!.endsWith('…')).toBe(true);
    expect(long.startsWith(`${lines[0]} `)).toBe(true);
    expect(wrapLines('Grill for three', 52, 1080, 2, true)).toEqual(['Grill for three']);
    const chinese = wrapLines('豪华寿司拼盘双人餐含味噌汤沙拉和一杯清酒海港景观座位周末可用再加一份甜点', 52, 1080, 2, true);
    expect(chinese).toHaveLength(2);
    expect(chinese[0]!.length).toBeGreaterThan(10);
    const word = wrapLines('x'.repeat(200), 52, 1080, 2, true);
    expect(word).toHaveLength(2);
    expect(word[1]!.endsWith('…')).toBe(true);
  });

  it('escapes every text and drops characters XML does not allow', () => {
    expect(xmlText(`a<b>&"c"'\u0000\u0007d`)).toBe('a&lt;b&gt;&amp;&quot;c&quot;&apos;d');
    const svg = shareOverlaySvg(card({ title: 'Fish & "chips" <b>\u0001' }));
    expect(svg).toContain('Fish &amp; &quot;chips&quot; &lt;b&gt;');
  });

  it('is keyed by what it shows: the same card the same state, any change another', () => {
    expect(shareStateOf(card()).etag).toBe(shareStateOf(card()).etag);
    expect(shareStateOf(card({ group: { ...card().group!, seatsLeft: 1 } })).hash).not.toBe(shareStateOf(card()).hash);
    expect(shareStateOf(card({ language: 'zh-CN' })).hash).not.toBe(shareStateOf(card()).hash);
    const url = new URL(shareImageUrl('https://deals.test', '/api/groups/g/share.png', card({ language: 'zh-CN' })));
    expect(url.searchParams.get('v')).toBe(shareStateOf(card({ language: 'zh-CN' })).version);
    expect(url.searchParams.get('lang')).toBe('zh-CN');
    expect(new URL(shareImageUrl('https://deals.test', '/api/groups/g/share.png', card())).searchParams.has('lang')).toBe(false);
  });

  it('draws an open group past its deadline as closed, with no places', () => {
    const group = {
      id: 'g',
      status: 'open' as const,
      size: 3,
      priceCents: 2000,
      seatsLeft: 2,
      paidCount: 1,
      members: [],
      createdAt: new Date(Date.now() - 3 * HOUR).toISOString(),
      deadline: new Date(Date.now() - HOUR).toISOString(),
      formedAt: null,
      mine: null,
      deal: { id: 'd', title: 'Grill', imageUrl: '', priceCents: 3000 } as Parameters<typeof groupShareCard>[0]['deal'],
    };
    expect(groupShareCard(group, 'UTC', 'en').group).toMatchObject({ state: 'closed', seatsLeft: 0 });
    expect(shareOverlaySvg(groupShareCard(group, 'UTC', 'en'))).toContain('Closed');
  });
});

describe("the deal's picture", () => {
  let server: Server;
  let base: string;
  const png = sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } }).png().toBuffer();

  beforeAll(async () => {
    const body = await png;
    server = createServer((req, res) => {
      if (req.url === '/ok.png') res.writeHead(200, { 'content-type': 'image/png' }).end(body);
      else if (req.url === '/big.png') res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(6 * 1024 * 1024) }).end();
      else if (req.url === '/stream.png') {
        res.writeHead(200, { 'content-type': 'image/png' });
        const chunk = Buffer.alloc(64 * 1024);
        let sent = 0;
        const more = () => {
          while (sent < 2 * 1024 * 1024) {
            sent += chunk.byteLength;
            if (!res.write(chunk)) return res.once('drain', more);
          }
          res.end();
        };
        more();
      } else if (req.url === '/slow.png') setTimeout(() => res.writeHead(200).end(body), 2000);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('is fetched from another address within the time and size allowed, and is nothing otherwise', async () => {
    expect((await loadPicture(`${base}/ok.png`, {}))?.equals(await png)).toBe(true);
    expect(await loadPicture(`${base}/missing.png`, {})).toBeNull();
    expect(await loadPicture(`${base}/big.png`, {})).toBeNull();
    expect(await loadPicture(`${base}/stream.png`, { maxBytes: 1024 * 1024 })).toBeNull();
    expect(await loadPicture(`${base}/slow.png`, { timeoutMs: 200 })).toBeNull();
    for (const address of ['data:image/png;base64,AAAA', 'ftp://x.test/a.png', 'file:///etc/passwd', '//x.test/a.png', 'nonsense']) {
      expect(await loadPicture(address, {}), address).toBeNull();
    }
  });

  it('is read from the built web app, never outside it; the placeholder is drawn as its route draws it', async () => {
    expect((await loadPicture('/images/deals/grill.svg', { webDir }))?.toString()).toBe(PICTURE);
    expect((await loadPicture('https://deals.test/images/deals/grill.svg', { webDir, publicOrigin: 'https://deals.test' }))?.toString()).toBe(PICTURE);
    for (const address of ['/../../../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/images/deals/none.svg']) {
      expect(await loadPicture(address, { webDir }), address).toBeNull();
    }
    expect(await loadPicture('/images/deals/grill.svg', {})).toBeNull();
    expect((await loadPicture('/api/placeholder/400/300', {}))?.toString()).toContain('400 × 300');
    expect(await loadPicture('/api/placeholder/0/300', {})).toBeNull();
  });

  it('is fetched, and drawn, two at a time at most', async () => {
    let fetching = 0;
    let most = 0;
    const release: (() => void)[] = [];
    const slowFetch = (async () => {
      fetching++;
      most = Math.max(most, fetching);
      await new Promise<void>((resolve) => release.push(resolve));
      fetching--;
      return new Response(new Uint8Array(await png), { status: 200 });
    }) as typeof fetch;
    const images = new ShareImages({ fetch: slowFetch });
    const card = (n: number): ShareCard => ({ language: 'en', dealId: `d${n}`, title: `Deal ${n}`, picture: `${base}/ok.png?${n}`, priceCents: 1000, struckCents: null, groupSize: null, group: null });
    const drawings = [1, 2, 3, 4].map((n) => images.png(card(n)));
    const settle = async () => {
      for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
    };
    await settle();
    expect(fetching).toBe(2);
    let done = false;
    const all = Promise.all(drawings).then(() => {
      done = true;
    });
    while (!done) {
      release.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await all;
    expect(most).toBe(2);
    expect(images.renders).toBe(4);
  });

  it('that fails or is no picture leaves a PNG drawn on the brand colour', async () => {
    const images = new ShareImages({ webDir, timeoutMs: 200 });
    const card: ShareCard = { language: 'en', dealId: 'd', title: 'Grill', picture: `${base}/slow.png`, priceCents: 1000, struckCents: null, groupSize: null, group: null };
    for (const picture of [`${base}/slow.png`, `${base}/missing.png`, '/index.html', `${base}/ok.png`]) {
      const out = await images.png({ ...card, picture });
      const meta = await sharp(out).metadata();
      expect([meta.format, meta.width, meta.height], picture).toEqual(['png', 1200, 630]);
    }
    expect(images.renders).toBe(4);
  });
});
