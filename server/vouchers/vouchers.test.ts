/**
 * GET /api/user/vouchers a page at a time, and each voucher's QR image at an address of its own
 * (GET /api/vouchers/{id}/qr.svg), so no answer renders an image per voucher; one voucher for its printable page.
 */
import { describe, expect, it } from 'vitest';
import jsQR from 'jsqr';
import QRCode from 'qrcode';
import { voucher, voucherList, voucherQrPath, VOUCHER_LIST_DEFAULT_LIMIT, VOUCHER_LIST_MAX_LIMIT } from '../../contract/checkout';
import { NEXT_CURSOR_HEADER } from '../../contract/constants';
import { SESSION_COOKIE } from '../../contract/auth';
import { buildCustomer, buildDeal, buildMerchant } from '../db/factories';
import { useTestApp } from '../test/app';
import { call, expectStatus, loginAs, type CallResult } from '../test/auth-helpers';
import { buildVouchers } from '../test/fixtures';
import { redeemUrl } from './vouchers.service';

const t = useTestApp();

const MINUTE = 60_000;

/** A customer with `count` vouchers over several orders: four orders at four times, so pages cross orders and times. */
async function customerWithVouchers(count: number) {
  const merchant = await buildMerchant(t.db);
  const deal = await buildDeal(t.db, { merchantId: merchant.id });
  const user = await buildCustomer(t.db);
  const session = await loginAs(t, user);
  const ids: string[] = [];
  const start = Date.now() - 10 * MINUTE;
  const orders = 4;
  for (let i = 0; i < orders; i++) {
    const size = Math.floor(count / orders) + (i < count % orders ? 1 : 0);
    if (size === 0) continue;
    // Every voucher of one order has the same creation time, as fulfilment writes them: the id breaks the tie.
    const { vouchers } = await buildVouchers(t.db, { userId: user.id, dealId: deal.id, count: size, createdAt: new Date(start + i * MINUTE) });
    ids.push(...vouchers.map((v) => v.id));
  }
  return { user, session, deal, ids };
}

function nextCursorOf(res: CallResult): string | undefined {
  const value = res.headers[NEXT_CURSOR_HEADER];
  return typeof value === 'string' ? value : undefined;
}

/**
 * The pixels of the SVG `qrcode` writes (one horizontal stroke per run of dark modules: `M x y`, `m dx dy`, `h n`),
 * drawn `scale` pixels a module inside a quiet zone, as RGBA for jsQR.
 */
function rasterizeQrSvg(svg: string, scale = 4, quiet = 4): { data: Uint8ClampedArray; side: number } {
  const size = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)?.[1]);
  const path = /<path stroke="#000000" d="([^"]+)"/.exec(svg)?.[1];
  if (!size || !path) throw new Error(`not the SVG qrcode writes: ${svg.slice(0, 200)}`);
  const side = (size + 2 * quiet) * scale;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  let x = 0;
  let y = 0;
  for (const [, command, a, b] of path.matchAll(/([Mmh])(-?[\d.]+)(?: (-?[\d.]+))?/g)) {
    const first = Number(a);
    if (command === 'M') [x, y] = [first, Number(b)];
    else if (command === 'm') [x, y] = [x + first, y + Number(b)];
    else {
      const row = Math.floor(y) + quiet;
      for (let col = x + quiet; col < x + quiet + first; col++) {
        for (let dy = 0; dy < scale; dy++) {
          const start = ((row * scale + dy) * side + col * scale) * 4;
          for (let i = 0; i < scale * 4; i += 4) data.fill(0, start + i, start + i + 3);
        }
      }
      x += first;
    }
  }
  return { data, side };
}

describe('GET /api/user/vouchers, a page at a time', () => {
  it('gives a customer with 300 vouchers 50 at a time, newest first, each exactly once, with no image inside', async () => {
    const { session, ids } = await customerWithVouchers(300);
    // Another customer's vouchers are never listed.
    await customerWithVouchers(5);

    const first = await call(t.app, 'GET', '/api/user/vouchers', { sessionId: session.sessionId });
    expectStatus(first, 200);
    const raw = JSON.stringify(first.body);
    expect(raw).not.toContain('data:');
    expect(raw).not.toContain('base64');
    const firstPage = voucherList.parse(first.body);
    expect(firstPage).toHaveLength(VOUCHER_LIST_DEFAULT_LIMIT);
    for (const v of firstPage) expect(v.qrCodeUrl).toBe(`/api/vouchers/${v.id}/qr.svg`);
    expect(nextCursorOf(first)).toBeTruthy();

    const seen = [...firstPage];
    let cursor = nextCursorOf(first);
    let pages = 1;
    while (cursor) {
      const res = await call(t.app, 'GET', `/api/user/vouchers?cursor=${encodeURIComponent(cursor)}`, { sessionId: session.sessionId });
      expectStatus(res, 200);
      expect(JSON.stringify(res.body)).not.toContain('data:');
      const page = voucherList.parse(res.body);
      expect(page.length).toBeLessThanOrEqual(VOUCHER_LIST_DEFAULT_LIMIT);
      seen.push(...page);
      cursor = nextCursorOf(res);
      pages += 1;
      expect(pages).toBeLessThanOrEqual(10);
    }
    expect(pages).toBe(6);
    expect(seen.map((v) => v.id).sort()).toEqual([...ids].sort());
    expect(new Set(seen.map((v) => v.id)).size).toBe(300);
    const times = seen.map((v) => Date.parse(v.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('takes a limit of 1 to 100 and refuses a cursor it did not make', async () => {
    const { session, ids } = await customerWithVouchers(120);
    const hundred = await call(t.app, 'GET', `/api/user/vouchers?limit=${VOUCHER_LIST_MAX_LIMIT}`, { sessionId: session.sessionId });
    expectStatus(hundred, 200);
    expect(voucherList.parse(hundred.body)).toHaveLength(100);
    const rest = await call(t.app, 'GET', `/api/user/vouchers?limit=100&cursor=${encodeURIComponent(nextCursorOf(hundred) ?? '')}`, {
      sessionId: session.sessionId,
    });
    expect(voucherList.parse(rest.body)).toHaveLength(ids.length - 100);
    expect(nextCursorOf(rest)).toBeUndefined();

    for (const query of ['limit=101', 'limit=0', 'limit=two', 'cursor=not-a-cursor', `cursor=${'x'.repeat(201)}`]) {
      expectStatus(await call(t.app, 'GET', `/api/user/vouchers?${query}`, { sessionId: session.sessionId }), 400);
    }
    expectStatus(await call(t.app, 'GET', '/api/user/vouchers'), 401);
  });

  it('answers an empty list without a cursor for a customer with no vouchers', async () => {
    const session = await loginAs(t, await buildCustomer(t.db));
    const res = await call(t.app, 'GET', '/api/user/vouchers', { sessionId: session.sessionId });
    expect(voucherList.parse(res.body)).toEqual([]);
    expect(nextCursorOf(res)).toBeUndefined();
  });
});

describe('GET /api/vouchers/{id}/qr.svg', () => {
  it("sends the owner the voucher's QR code as a cacheable SVG that reads as the redeem link", async () => {
    const { session } = await customerWithVouchers(2);
    const [voucher] = voucherList.parse((await call(t.app, 'GET', '/api/user/vouchers', { sessionId: session.sessionId })).body);
    expect(voucher!.qrCodeUrl).toBe(voucherQrPath(voucher!.id));

    const res = await call(t.app, 'GET', voucher!.qrCodeUrl!, { sessionId: session.sessionId });
    expectStatus(res, 200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml\b/);
    expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const svg = String(res.body);
    const link = redeemUrl(t.config.publicOrigin, voucher!.voucherCode, voucher!.voucherPin!);
    expect(svg).toBe(await QRCode.toString(link, { type: 'svg', margin: 1, width: 240, errorCorrectionLevel: 'M' }));
    // And the picture itself reads back as the link.
    const { data, side } = rasterizeQrSvg(svg);
    expect(jsQR(data, side, side)?.data).toBe(link);

    // The session cookie, which an <img> request carries, works as well as the bearer header.
    const byCookie = await call(t.app, 'GET', voucher!.qrCodeUrl!, { cookies: { [SESSION_COOKIE]: session.sessionId } });
    expectStatus(byCookie, 200);
    expect(byCookie.body).toBe(svg);
  });

  it("is 401 for a guest and 404 for another customer's voucher or one that does not exist, none of them cached", async () => {
    const { ids } = await customerWithVouchers(1);
    const path = voucherQrPath(ids[0]!);
    const stranger = await loginAs(t, await buildCustomer(t.db));

    const guest = await call(t.app, 'GET', path);
    expectStatus(guest, 401);
    const theirs = await call(t.app, 'GET', path, { sessionId: stranger.sessionId });
    expectStatus(theirs, 404);
    const missing = await call(t.app, 'GET', voucherQrPath('00000000-0000-4000-8000-000000000000'), { sessionId: stranger.sessionId });
    expectStatus(missing, 404);
    for (const res of [guest, theirs, missing]) {
      expect(res.headers['cache-control']).toBe('no-store');
      expect(String(res.body)).not.toContain('<svg');
    }
    expectStatus(await call(t.app, 'GET', '/api/vouchers/not-a-uuid/qr.svg', { sessionId: stranger.sessionId }), 400);
  });
});

describe('GET /api/user/vouchers/{id}', () => {
  it("answers the owner one voucher as the list does, with where and when to use it, and 404 to anyone else", async () => {
    const merchant = await buildMerchant(t.db, {
      address: '12 Harbour Road',
      phone: '5550107777',
      businessHours: { morning: '09:00-12:00' },
      latitude: 37.7853,
      longitude: -122.4294,
    });
    const deal = await buildDeal(t.db, { merchantId: merchant.id });
    const user = await buildCustomer(t.db);
    const session = await loginAs(t, user);
    const { vouchers } = await buildVouchers(t.db, { userId: user.id, dealId: deal.id, count: 1 });
    const id = vouchers[0]!.id;

    const res = await call(t.app, 'GET', `/api/user/vouchers/${id}`, { sessionId: session.sessionId });
    expectStatus(res, 200);
    const one = voucher.parse(res.body);
    const [listed] = voucherList.parse((await call(t.app, 'GET', '/api/user/vouchers', { sessionId: session.sessionId })).body);
    expect(one).toEqual(listed);
    expect(one).toMatchObject({
      id,
      merchantName: merchant.name,
      merchantAddress: '12 Harbour Road',
      merchantPhone: '5550107777',
      merchantHours: JSON.stringify({ morning: '09:00-12:00' }),
      merchantLatitude: 37.7853,
      merchantLongitude: -122.4294,
    });

    const stranger = await loginAs(t, await buildCustomer(t.db));
    expectStatus(await call(t.app, 'GET', `/api/user/vouchers/${id}`, { sessionId: stranger.sessionId }), 404);
    expectStatus(await call(t.app, 'GET', '/api/user/vouchers/00000000-0000-4000-8000-000000000000', { sessionId: session.sessionId }), 404);
    expectStatus(await call(t.app, 'GET', `/api/user/vouchers/${id}`), 401);
    expectStatus(await call(t.app, 'GET', '/api/user/vouchers/not-a-uuid', { sessionId: session.sessionId }), 400);
  });

  it('answers null coordinates for a merchant without a position', async () => {
    const merchant = await buildMerchant(t.db, { latitude: null, longitude: null });
    const deal = await buildDeal(t.db, { merchantId: merchant.id });
    const user = await buildCustomer(t.db);
    const session = await loginAs(t, user);
    const { vouchers } = await buildVouchers(t.db, { userId: user.id, dealId: deal.id, count: 1 });

    const res = await call(t.app, 'GET', `/api/user/vouchers/${vouchers[0]!.id}`, { sessionId: session.sessionId });
    expectStatus(res, 200);
    expect(voucher.parse(res.body)).toMatchObject({ merchantLatitude: null, merchantLongitude: null });
  });
});
