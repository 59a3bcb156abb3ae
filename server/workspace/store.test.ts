/**
 * The merchant's store page as its owner keeps it (GET and PUT /api/merchant/store): the description and the photos,
 * the merchant's own uploads only (or those it already shows), which the public merchant answer then shows.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MERCHANT_DESCRIPTION_MAX_LENGTH, MERCHANT_PHOTOS_MAX } from '../../contract/constants';
import { publicMerchant } from '../../contract/merchants';
import { uploadedPhoto } from '../../contract/photos';
import { merchantStore } from '../../contract/workspace';
import { buildCustomer, buildMerchant, buildMerchantAccount, buildUser } from '../db/factories';
import { merchants } from '../db/schema';
import { useTestApp } from '../test/app';
import { expectStatus, loginAs, type TestSession } from '../test/auth-helpers';
import { as, expectError } from '../test/admin-helpers';
import { jpegWithGps, upload } from '../photos/photos.suite';

const t = useTestApp();

const NOT_YOURS = /Use photos uploaded for this merchant/;
const SET_BY_ADMIN = 'https://images.example.com/storefront.jpg';

let shopId: string;
let owner: TestSession;
let otherOwner: TestSession;

beforeEach(async () => {
  shopId = (await buildMerchant(t.db, { name: 'Sakura Sushi House', description: 'Old words', photoUrls: [SET_BY_ADMIN] })).id;
  owner = await loginAs(t, await buildMerchantAccount(t.db, shopId));
  otherOwner = await loginAs(t, await buildMerchantAccount(t.db, (await buildMerchant(t.db)).id));
});

async function uploadAs(session: TestSession): Promise<string> {
  const res = await upload(t.app, session, { name: 'shop.jpg', type: 'image/jpeg', bytes: await jpegWithGps(200, 150) });
  expect(res.status).toBe(201);
  return uploadedPhoto.parse(res.body).url;
}

const save = (session: TestSession | null, body: unknown) => as(t.app, session, 'PUT', '/api/merchant/store', body);

async function stored() {
  const [row] = await t.db.select({ description: merchants.description, photoUrls: merchants.photoUrls }).from(merchants).where(eq(merchants.id, shopId));
  return row!;
}

describe('GET /api/merchant/store', () => {
  it('answers the owner its merchant’s name, description and photos', async () => {
    const res = await as(t.app, owner, 'GET', '/api/merchant/store');
    expectStatus(res, 200);
    expect(merchantStore.parse(res.body)).toEqual({ merchantId: shopId, name: 'Sakura Sushi House', description: 'Old words', photoUrls: [SET_BY_ADMIN] });
  });
});

describe('PUT /api/merchant/store', () => {
  it('saves the description and the owner’s uploaded photos, cover first, and the store page shows them', async () => {
    const cover = await uploadAs(owner);
    const second = await uploadAs(owner);
    const res = await save(owner, { description: '  Fresh fish every morning.\nOpen late on Fridays.  ', photoUrls: [cover, second, ''] });
    expectStatus(res, 200);
    expect(merchantStore.parse(res.body)).toEqual({
      merchantId: shopId,
      name: 'Sakura Sushi House',
      description: 'Fresh fish every morning.\nOpen late on Fridays.',
      photoUrls: [cover, second],
    });
    expect(await stored()).toEqual({ description: 'Fresh fish every morning.\nOpen late on Fridays.', photoUrls: [cover, second] });
    const shown = await as(t.app, null, 'GET', `/api/merchants/${shopId}`);
    expectStatus(shown, 200);
    expect(publicMerchant.parse(shown.body)).toMatchObject({ description: 'Fresh fish every morning.\nOpen late on Fridays.', photoUrls: [cover, second] });
    // Read back as saved.
    expect((await as(t.app, owner, 'GET', '/api/merchant/store')).body).toMatchObject({ photoUrls: [cover, second] });
  });

  it('keeps a photo a superadmin set, and may remove every photo', async () => {
    const mine = await uploadAs(owner);
    expectStatus(await save(owner, { description: '', photoUrls: [mine, SET_BY_ADMIN] }), 200);
    expect(await stored()).toEqual({ description: '', photoUrls: [mine, SET_BY_ADMIN] });
    expectStatus(await save(owner, { description: 'Closed Mondays', photoUrls: [] }), 200);
    expect(await stored()).toEqual({ description: 'Closed Mondays', photoUrls: [] });
    // Once gone, the superadmin's address is no longer the merchant's to name.
    expectError(await save(owner, { description: 'Closed Mondays', photoUrls: [SET_BY_ADMIN] }), 400, NOT_YOURS);
  });

  it('refuses another merchant’s photo and a typed address with 400, changing nothing', async () => {
    const mine = await uploadAs(owner);
    const theirs = await uploadAs(otherOwner);
    const before = await stored();
    expectError(await save(owner, { description: 'New words', photoUrls: [mine, theirs] }), 400, NOT_YOURS);
    expectError(await save(owner, { description: 'New words', photoUrls: ['https://images.example.com/kayak.jpg'] }), 400, NOT_YOURS);
    expectError(await save(owner, { description: 'New words', photoUrls: ['not an address'] }), 400, NOT_YOURS);
    expect(await stored()).toEqual(before);
  });

  it(`refuses more than ${MERCHANT_PHOTOS_MAX} photos`, async () => {
    const mine = await uploadAs(owner);
    const res = await save(owner, { description: 'Nine', photoUrls: Array.from({ length: MERCHANT_PHOTOS_MAX + 1 }, () => mine) });
    expectError(res, 400, new RegExp(`at most ${MERCHANT_PHOTOS_MAX} photos`));
    expect(await stored()).toEqual({ description: 'Old words', photoUrls: [SET_BY_ADMIN] });
  });

  it(`trims the description and refuses one over ${MERCHANT_DESCRIPTION_MAX_LENGTH} characters`, async () => {
    const longest = 'a'.repeat(MERCHANT_DESCRIPTION_MAX_LENGTH);
    expectStatus(await save(owner, { description: `  ${longest}  `, photoUrls: [] }), 200);
    expect((await stored()).description).toBe(longest);
    expectError(await save(owner, { description: `${longest}b`, photoUrls: [] }), 400, new RegExp(`at most ${MERCHANT_DESCRIPTION_MAX_LENGTH} characters`));
    expectError(await save(owner, { photoUrls: [] }), 400, /description/);
    expect((await stored()).description).toBe(longest);
  });

  it('answers in Chinese when asked', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/merchant/store',
      headers: { authorization: `Bearer ${owner.sessionId}`, 'accept-language': 'zh-CN' },
      payload: { description: '', photoUrls: ['https://images.example.com/kayak.jpg'] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/只能使用为本商家上传的照片/);
  });
});

describe('who may call it', () => {
  it('refuses staff and customers with 403 and guests with 401, changing nothing', async () => {
    const staff = await loginAs(t, await buildMerchantAccount(t.db, shopId, { merchantRole: 'staff' }));
    const customer = await loginAs(t, await buildCustomer(t.db));
    const admin = await loginAs(t, await buildUser(t.db, { role: 'superadmin' }));
    for (const session of [staff, customer, admin]) {
      expectStatus(await as(t.app, session, 'GET', '/api/merchant/store'), 403);
      expectStatus(await save(session, { description: 'Taken over', photoUrls: [] }), 403);
    }
    expectStatus(await as(t.app, null, 'GET', '/api/merchant/store'), 401);
    expectStatus(await save(null, { description: 'Taken over', photoUrls: [] }), 401);
    expect(await stored()).toEqual({ description: 'Old words', photoUrls: [SET_BY_ADMIN] });
  });
});
