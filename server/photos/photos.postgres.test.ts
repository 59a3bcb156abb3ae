/**
 * Two app instances, each with its own connection pool, on one PostgreSQL database: a photo uploaded through one is
 * served by the other from the database storage (ADR 041).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { uploadedPhoto } from '../../contract/photos';
import { openDatabase, type Database } from '../db/client';
import { buildMerchant, buildMerchantAccount } from '../db/factories';
import { buildApp, testConfig } from '../test/app';
import { loginAs } from '../test/auth-helpers';
import { createNamedTestDatabase, type NamedTestDatabase } from '../test/database';
import { jpegWithGps, upload } from './photos.suite';

let named: NamedTestDatabase;
const databases: Database[] = [];
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  named = await createNamedTestDatabase();
  for (let i = 0; i < 2; i++) {
    const database = await openDatabase({ kind: 'postgres', url: named.url, poolSize: 3 });
    await database.migrate();
    databases.push(database);
    const app = await buildApp({ config: testConfig({ DATABASE_URL: named.url }), database });
    await app.ready();
    apps.push(app);
  }
}, 120_000);

afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await Promise.all(databases.map((database) => database.close()));
  await named?.drop();
}, 60_000);

describe('photos on two servers sharing one database', () => {
  it('serves from one a photo uploaded through the other', async () => {
    const db = databases[0]!.db;
    const merchant = await buildMerchant(db);
    const owner = await loginAs({ db }, await buildMerchantAccount(db, merchant.id));
    const res = await upload(apps[0]!, owner, { name: 'a.jpg', type: 'image/jpeg', bytes: await jpegWithGps(1000, 800) });
    expect(res.status).toBe(201);
    const photo = uploadedPhoto.parse(res.body);
    const served = await apps[1]!.inject({ method: 'GET', url: photo.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 800 });
    const first = await apps[0]!.inject({ method: 'GET', url: photo.url });
    expect(first.headers.etag).toBe(served.headers.etag);
    expect((await apps[1]!.inject({ method: 'GET', url: photo.url, headers: { 'if-none-match': String(served.headers.etag) } })).statusCode).toBe(304);
  });
});
