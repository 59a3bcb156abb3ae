/**
 * Uploaded photos kept in an S3-compatible bucket (STORAGE_URL), here a local stand-in started on a free port:
 * the same behaviour as with the database, and the setting's format.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Storage } from '../integrations/storage/s3-storage';
import { parseStorageUrl } from '../integrations/storage/storage-url';
import { loadConfig } from '../env';
import { startS3StandIn, type S3StandIn } from '../test/s3-stand-in';
import { createTestApp } from '../test/app';
import { buildMerchant, buildMerchantAccount } from '../db/factories';
import { loginAs } from '../test/auth-helpers';
import { jpegWithGps, photoSuite, upload } from './photos.suite';

let standIn: S3StandIn;
let storage: S3Storage;

beforeAll(async () => {
  standIn = await startS3StandIn();
  storage = new S3Storage(parseStorageUrl(standIn.url));
});
afterAll(async () => {
  storage?.close();
  await standIn?.close();
});

photoSuite('S3', {
  storage: () => storage,
  count: () => standIn.count(),
});

describe('STORAGE_URL', () => {
  it('reads the bucket, keys, region, endpoint and path style', () => {
    expect(parseStorageUrl('s3://AK%2F1:SE%40cret@my-bucket/shop/photos?region=eu-west-1&endpoint=http%3A%2F%2F127.0.0.1%3A4569')).toEqual({
      bucket: 'my-bucket',
      prefix: 'shop/photos',
      region: 'eu-west-1',
      endpoint: 'http://127.0.0.1:4569',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AK/1', secretAccessKey: 'SE@cret' },
    });
    expect(parseStorageUrl('s3://media?region=us-east-2')).toMatchObject({ bucket: 'media', prefix: '', endpoint: null, forcePathStyle: false, credentials: null });
  });

  it('refuses what it cannot use, at start-up', () => {
    expect(() => loadConfig({ STORAGE_URL: 'https://bucket.example.com' })).toThrow(/STORAGE_URL must start with s3:\/\//);
    expect(() => loadConfig({ STORAGE_URL: 's3://AK@bucket' })).toThrow(/both the access key and the secret key/);
    expect(() => loadConfig({ STORAGE_URL: 's3://bucket?endpoint=ftp://x' })).toThrow(/endpoint must be an http/);
    expect(loadConfig({ STORAGE_URL: 's3://bucket?region=us-east-1' }).STORAGE_URL).toBe('s3://bucket?region=us-east-1');
  });

  it('is what the app keeps photos in when set', async () => {
    const t = await createTestApp({ env: { STORAGE_URL: standIn.url } });
    try {
      const merchant = await buildMerchant(t.db);
      const owner = await loginAs(t, await buildMerchantAccount(t.db, merchant.id));
      const before = await standIn.count();
      const res = await upload(t.app, owner, { name: 'a.jpg', type: 'image/jpeg', bytes: await jpegWithGps(300, 200) });
      expect(res.status).toBe(201);
      expect(await standIn.count()).toBe(before + 3);
      const served = await t.app.inject({ method: 'GET', url: String(res.body.url) });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
    } finally {
      await t.close();
    }
  });
});
