/**
 * The photo upload's behaviour, run against each storage adapter (photos.test.ts: the database, photos-s3.test.ts:
 * an S3 stand-in): what is taken and how it is kept and served, every refusal storing nothing, and who may upload.
 */
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { photoSources, uploadedPhoto } from '../../contract/photos';
import { buildCustomer, buildMerchant, buildMerchantAccount, buildUser } from '../db/factories';
import { photos } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { resetDatabase } from '../test/database';
import { loginAs, type TestSession } from '../test/auth-helpers';
import type { PhotoStorage } from '../integrations/storage/photo-storage';

export interface StorageUnderTest {
  /** The adapter over the app's database (built before it when null: undefined then means the app's default). */
  storage(app: TestApp | null): PhotoStorage | undefined;
  /** How many files the storage holds. */
  count(t: TestApp): Promise<number>;
}

/** A multipart/form-data body: fields first, then the file. */
export function multipart(parts: { fields?: Record<string, string>; file?: { name: string; type: string; bytes: Buffer } }) {
  const boundary = `----photos${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(parts.fields ?? {})) {
    chunks.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (parts.file) {
    chunks.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${parts.file.name}"\r\ncontent-type: ${parts.file.type}\r\n\r\n`));
    chunks.push(parts.file.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function upload(app: FastifyInstance, session: TestSession | null, file: { name: string; type: string; bytes: Buffer }, fields: Record<string, string> = {}) {
  const body = multipart({ fields, file });
  const res = await app.inject({
    method: 'POST',
    url: '/api/photos',
    payload: body.payload,
    headers: { ...body.headers, ...(session ? { authorization: `Bearer ${session.sessionId}` } : {}) },
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

/** A JPEG of the given size carrying EXIF (a camera make and a GPS position). */
export async function jpegWithGps(width = 1200, height = 900): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#c0392b' } })
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: 'PhoneCam', Model: 'One' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '37/1 46/1 30/1', GPSLongitudeRef: 'W', GPSLongitude: '122/1 25/1 10/1' } })
    .toBuffer();
}

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A whole, valid 20000 × 20000 one-bit grey PNG of a few tens of KB (its rows all zero compress to nearly nothing).
 * Written by hand: sharp takes many seconds to encode 400 megapixels.
 */
export function hugePng(side = 20000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // grey
  const row = 1 + Math.ceil(side / 8);
  const raw = Buffer.alloc(row * side); // filter byte 0 and zero pixels on every row
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

export function photoSuite(name: string, under: StorageUnderTest): void {
  describe(`photos (${name} storage)`, () => {
    let t: TestApp;
    let shopId: string;
    let owner: TestSession;
    let staff: TestSession;
    let admin: TestSession;
    let customer: TestSession;

    beforeAll(async () => {
      const storage = under.storage(null);
      t = await createTestApp(storage ? { deps: { photoStorage: storage } } : {});
    });
    afterAll(async () => {
      await t?.close();
    });
    beforeEach(async () => {
      await resetDatabase(t.database);
      shopId = (await buildMerchant(t.db)).id;
      owner = await loginAs(t, await buildMerchantAccount(t.db, shopId));
      staff = await loginAs(t, await buildMerchantAccount(t.db, shopId, { merchantRole: 'staff' }));
      admin = await loginAs(t, await buildUser(t.db, { role: 'superadmin' }));
      customer = await loginAs(t, await buildCustomer(t.db));
    });

    const stored = async () => ({ rows: (await t.db.select().from(photos)).length, files: await under.count(t) });

    it('keeps a JPEG as three WebP copies without its metadata, and serves them for good', async () => {
      const original = await jpegWithGps(1200, 900);
      expect((await sharp(original).metadata()).exif).toBeDefined();
      const before = await stored();
      const res = await upload(t.app, owner, { name: 'IMG_0001.JPG', type: 'image/jpeg', bytes: original });
      expect(res.status).toBe(201);
      const photo = uploadedPhoto.parse(res.body);
      expect(photo).toMatchObject({ url: `/api/photos/${photo.id}/800.webp`, width: 1200, height: 900 });
      expect(await stored()).toEqual({ rows: before.rows + 1, files: before.files + 3 });
      const [row] = await t.db.select().from(photos);
      expect(row).toMatchObject({ merchantId: shopId, width: 1200, height: 900, bytes: original.length });

      // Resized to each width, never enlarged: the 1600 copy of a 1200-pixel original stays 1200 wide.
      const widths: Record<number, number> = { 400: 400, 800: 800, 1600: 1200 };
      for (const [file, width] of Object.entries(widths)) {
        const served = await t.app.inject({ method: 'GET', url: `/api/photos/${photo.id}/${file}.webp` });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe('image/webp');
        expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        const meta = await sharp(served.rawPayload).metadata();
        expect(meta).toMatchObject({ format: 'webp', width, height: Math.round((width * 900) / 1200) });
        expect(meta.exif).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        const etag = served.headers.etag as string;
        expect(etag).toMatch(/^"/);
        const again = await t.app.inject({ method: 'GET', url: `/api/photos/${photo.id}/${file}.webp`, headers: { 'if-none-match': etag } });
        expect(again.statusCode).toBe(304);
        expect(again.body).toBe('');
      }
      expect(photoSources(photo.url).srcSet).toBe(`/api/photos/${photo.id}/400.webp 400w, /api/photos/${photo.id}/800.webp 800w, /api/photos/${photo.id}/1600.webp 1600w`);
    });

    it('takes PNG and WebP, turns a photo upright, and keeps a small original at its own width', async () => {
      const png = await sharp({ create: { width: 600, height: 300, channels: 4, background: '#2980b9' } }).png().toBuffer();
      const small = uploadedPhoto.parse((await upload(t.app, owner, { name: 'a.png', type: 'image/png', bytes: png })).body);
      for (const [file, width] of [['400', 400], ['800', 600], ['1600', 600]] as const) {
        const served = await t.app.inject({ method: 'GET', url: `/api/photos/${small.id}/${file}.webp` });
        expect((await sharp(served.rawPayload).metadata()).width).toBe(width);
      }
      const webp = await sharp({ create: { width: 500, height: 500, channels: 3, background: '#27ae60' } }).webp().toBuffer();
      expect((await upload(t.app, owner, { name: 'b.webp', type: 'image/webp', bytes: webp })).status).toBe(201);
      // EXIF orientation 6: stored 1200 × 900, shown 900 × 1200.
      const sideways = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#8e44ad' } }).jpeg().withMetadata({ orientation: 6 }).toBuffer();
      const upright = uploadedPhoto.parse((await upload(t.app, owner, { name: 'c.jpg', type: 'image/jpeg', bytes: sideways })).body);
      expect(upright).toMatchObject({ width: 900, height: 1200 });
      const copy = await t.app.inject({ method: 'GET', url: `/api/photos/${upright.id}/400.webp` });
      expect(await sharp(copy.rawPayload).metadata()).toMatchObject({ width: 400, height: 533 });
    });

    describe('refuses with 400 and stores nothing', () => {
      const cases: [string, () => Promise<{ name: string; type: string; bytes: Buffer }>, RegExp][] = [
        ['a text file named .jpg', async () => ({ name: 'photo.jpg', type: 'image/jpeg', bytes: Buffer.from('just some text, not a picture\n'.repeat(50)) }), /not a photo we take/],
        ['a GIF', async () => ({ name: 'a.gif', type: 'image/gif', bytes: await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } }).gif().toBuffer() }), /not a photo we take/],
        [
          'an SVG with a script',
          async () => ({ name: 'a.svg', type: 'image/svg+xml', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script><rect width="100" height="100"/></svg>') }),
          /not a photo we take/,
        ],
        ['a 20000 × 20000 PNG of a few KB', async () => ({ name: 'big.png', type: 'image/png', bytes: hugePng() }), /larger than 40 megapixels/],
        [
          'a truncated JPEG',
          async () => {
            const whole = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#d35400' } }).jpeg().toBuffer();
            return { name: 'cut.jpg', type: 'image/jpeg', bytes: whole.subarray(0, Math.floor(whole.length / 2)) };
          },
          /damaged or incomplete/,
        ],
        [
          'an 11 MB file',
          async () => {
            const jpeg = await jpegWithGps(100, 100);
            return { name: 'big.jpg', type: 'image/jpeg', bytes: Buffer.concat([jpeg, Buffer.alloc(11 * 1024 * 1024 - jpeg.length, 7)]) };
          },
          /larger than 10 MB/,
        ],
      ];
      for (const [what, make, message] of cases) {
        it(what, async () => {
          const before = await stored();
          const res = await upload(t.app, owner, await make());
          expect(res.status).toBe(400);
          expect(String(res.body.message)).toMatch(message);
          expect(await stored()).toEqual(before);
        });
      }

      it('in Chinese too', async () => {
        const body = multipart({ file: { name: 'x.jpg', type: 'image/jpeg', bytes: Buffer.from('text') } });
        const res = await t.app.inject({ method: 'POST', url: '/api/photos', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${owner.sessionId}`, 'accept-language': 'zh-CN' } });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toContain('JPEG、PNG 或 WebP');
      });

      it('no file, or not a form', async () => {
        const before = await stored();
        const empty = multipart({ fields: {} });
        const res = await t.app.inject({ method: 'POST', url: '/api/photos', payload: empty.payload, headers: { ...empty.headers, authorization: `Bearer ${owner.sessionId}` } });
        expect(res.statusCode).toBe(400);
        const json = await t.app.inject({ method: 'POST', url: '/api/photos', payload: { file: 'x' }, headers: { authorization: `Bearer ${owner.sessionId}` } });
        expect(json.statusCode).toBe(400);
        expect(await stored()).toEqual(before);
      });

      it('when storing fails part-way, removing the copies already written', async () => {
        // The adapter over the failing app's own database, known once the app is built.
        const inner: { storage?: PhotoStorage } = {};
        const failing = await createTestApp({
          deps: {
            photoStorage: {
              name: 'failing',
              put: async (key, bytes, type) => {
                if (key.endsWith('/1600.webp')) throw new Error('disk full');
                await inner.storage!.put(key, bytes, type);
              },
              get: (key) => inner.storage!.get(key),
              delete: (key) => inner.storage!.delete(key),
            },
          },
        });
        inner.storage = under.storage(failing);
        try {
          const merchant = await buildMerchant(failing.db);
          const session = await loginAs(failing, await buildMerchantAccount(failing.db, merchant.id));
          const before = await under.count(failing);
          const res = await upload(failing.app, session, { name: 'a.jpg', type: 'image/jpeg', bytes: await jpegWithGps() });
          expect(res.status).toBe(500);
          expect(await under.count(failing)).toBe(before);
          expect(await failing.db.select().from(photos)).toEqual([]);
        } finally {
          await failing.close();
        }
      });
    });

    it('lets merchant owners and superadmins upload; staff and customers 403, guests 401', async () => {
      const bytes = await jpegWithGps(300, 200);
      const file = { name: 'a.jpg', type: 'image/jpeg', bytes };
      expect((await upload(t.app, null, file)).status).toBe(401);
      expect((await upload(t.app, customer, file)).status).toBe(403);
      expect((await upload(t.app, staff, file)).status).toBe(403);
      expect((await upload(t.app, admin, file)).status).toBe(400); // a superadmin names the merchant
      expect((await upload(t.app, admin, file, { merchantId: '00000000-0000-4000-8000-000000000000' })).status).toBe(400);
      const byAdmin = await upload(t.app, admin, file, { merchantId: shopId });
      expect(byAdmin.status).toBe(201);
      // An owner's merchantId field changes nothing: the photo is its own merchant's.
      const other = (await buildMerchant(t.db)).id;
      const byOwner = await upload(t.app, owner, file, { merchantId: other });
      expect(byOwner.status).toBe(201);
      const rows = await t.db.select().from(photos);
      expect(rows.map((r) => r.merchantId)).toEqual([shopId, shopId]);
    });

    it('answers 404 for an unknown photo or width', async () => {
      const photo = uploadedPhoto.parse((await upload(t.app, owner, { name: 'a.jpg', type: 'image/jpeg', bytes: await jpegWithGps(300, 200) })).body);
      expect((await t.app.inject({ method: 'GET', url: '/api/photos/00000000-0000-4000-8000-000000000000/800.webp' })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: `/api/photos/${photo.id}/801.webp` })).statusCode).toBe(400);
      expect((await t.app.inject({ method: 'GET', url: `/api/photos/${photo.id}/800.webp` })).statusCode).toBe(200);
    });
  });
}
