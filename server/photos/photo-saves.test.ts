/**
 * Saves that name photos: at most 8 on a deal's gallery and on a merchant, and a merchant's proposals naming only
 * photos uploaded for that merchant (a superadmin may give any picture address).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { MERCHANT_PHOTOS_MAX } from '../../contract/constants';
import { photoUrl, uploadedPhoto } from '../../contract/photos';
import { buildMerchant, buildMerchantAccount, buildUser } from '../db/factories';
import { useTestApp } from '../test/app';
import { expectStatus, loginAs, type TestSession } from '../test/auth-helpers';
import { as, dealForm, expectError } from '../test/admin-helpers';
import { jpegWithGps, upload } from './photos.suite';

const t = useTestApp();

let shopId: string;
let otherShopId: string;
let owner: TestSession;
let otherOwner: TestSession;
let admin: TestSession;

beforeEach(async () => {
  shopId = (await buildMerchant(t.db)).id;
  otherShopId = (await buildMerchant(t.db)).id;
  owner = await loginAs(t, await buildMerchantAccount(t.db, shopId));
  otherOwner = await loginAs(t, await buildMerchantAccount(t.db, otherShopId));
  admin = await loginAs(t, await buildUser(t.db, { role: 'superadmin' }));
});

async function uploadAs(session: TestSession): Promise<string> {
  const res = await upload(t.app, session, { name: 'a.jpg', type: 'image/jpeg', bytes: await jpegWithGps(200, 150) });
  expect(res.status).toBe(201);
  return uploadedPhoto.parse(res.body).url;
}

function proposal(overrides: Record<string, unknown>): Record<string, unknown> {
  const { merchantId: _merchant, createStripeProduct: _sync, ...form } = dealForm(shopId, { imageUrl: '' });
  return { ...form, ...overrides };
}

const NOT_YOURS = /Use photos uploaded for this merchant/;

describe("a merchant's proposals", () => {
  it('take its own uploaded photos as the cover and the gallery', async () => {
    const cover = await uploadAs(owner);
    const more = await uploadAs(owner);
    const res = await as(t.app, owner, 'POST', '/api/merchant/deals', proposal({ imageUrl: cover, galleryUrls: [more, more.replace('800.webp', '400.webp')] }));
    expectStatus(res, 201);
    expect(res.body).toMatchObject({ imageUrl: cover, galleryUrls: [more, more.replace('800.webp', '400.webp')] });
  });

  it("refuse typed addresses and another merchant's photos, saving nothing", async () => {
    const theirs = await uploadAs(otherOwner);
    const mine = await uploadAs(owner);
    expectError(await as(t.app, owner, 'POST', '/api/merchant/deals', proposal({ imageUrl: 'https://images.example.com/kayak.jpg' })), 400, NOT_YOURS);
    expectError(await as(t.app, owner, 'POST', '/api/merchant/deals', proposal({ imageUrl: theirs })), 400, NOT_YOURS);
    expectError(await as(t.app, owner, 'POST', '/api/merchant/deals', proposal({ imageUrl: mine, galleryUrls: [theirs] })), 400, NOT_YOURS);
    expectError(await as(t.app, owner, 'POST', '/api/merchant/deals', proposal({ galleryUrls: [photoUrl('00000000-0000-4000-8000-000000000000')] })), 400, NOT_YOURS);
    expectError(await as(t.app, owner, 'POST', '/api/merchant/deals', proposal({ imageUrl: '/api/placeholder/400/300' })), 400, NOT_YOURS);
    const list = await as(t.app, owner, 'GET', '/api/merchant/deals');
    expect(list.body).toEqual([]);
  });

  it('keep an address a superadmin put on the deal, but take no new typed one', async () => {
    const created = await as(t.app, owner, 'POST', '/api/merchant/deals', proposal({}));
    expectStatus(created, 201);
    const id = (created.body as { id: string }).id;
    // A superadmin gives it a picture by address (the deal stays the merchant's draft).
    const { merchantId: _m, ...form } = dealForm(shopId, { imageUrl: 'https://images.example.com/kayak.jpg' });
    expectStatus(await as(t.app, admin, 'PUT', `/api/admin/deals/${id}`, { ...form, merchantId: shopId, status: 'draft' }), 200);
    expectStatus(await as(t.app, owner, 'PUT', `/api/merchant/deals/${id}`, proposal({ imageUrl: 'https://images.example.com/kayak.jpg', title: 'Renamed' })), 200);
    expectError(await as(t.app, owner, 'PUT', `/api/merchant/deals/${id}`, proposal({ imageUrl: 'https://images.example.com/other.jpg' })), 400, NOT_YOURS);
  });

  it('hold at most 8 photos after the cover', async () => {
    const mine = await uploadAs(owner);
    const nine = Array.from({ length: 9 }, () => mine);
    expectError(await as(t.app, owner, 'POST', '/api/merchant/deals', proposal({ imageUrl: mine, galleryUrls: nine })), 400, 'galleryUrls: must hold at most 8 photos');
    expectStatus(await as(t.app, owner, 'POST', '/api/merchant/deals', proposal({ imageUrl: mine, galleryUrls: nine.slice(1) })), 201);
  });
});

describe("a superadmin's saves", () => {
  it('take any picture address and uploaded photos on a deal, at most 8 after the cover', async () => {
    const theirs = await uploadAs(otherOwner);
    const urls = Array.from({ length: 8 }, (_, i) => (i === 0 ? theirs : `https://images.example.com/${i}.jpg`));
    expectStatus(await as(t.app, admin, 'POST', '/api/admin/deals', dealForm(shopId, { imageUrl: theirs, galleryUrls: urls })), 201);
    expectError(await as(t.app, admin, 'POST', '/api/admin/deals', dealForm(shopId, { galleryUrls: [...urls, theirs] })), 400, 'galleryUrls: must hold at most 8 photos');
  });

  it("set a merchant's photos, at most 8, which shoppers then read", async () => {
    const cover = await uploadAs(owner);
    const photos = [cover, ...Array.from({ length: MERCHANT_PHOTOS_MAX - 1 }, (_, i) => `/images/store-${i}.jpg`)];
    const name = 'Harbor Outfitters';
    expectError(await as(t.app, admin, 'PUT', `/api/admin/merchants/${shopId}`, { name, photoUrls: [...photos, cover] }), 400, 'photoUrls: must hold at most 8 photos');
    expectError(await as(t.app, admin, 'PUT', `/api/admin/merchants/${shopId}`, { name, photoUrls: ['javascript:alert(1)'] }), 400, 'photoUrls.0: must be a URL');
    const saved = await as(t.app, admin, 'PUT', `/api/admin/merchants/${shopId}`, { name, photoUrls: [...photos, ''] });
    expectStatus(saved, 200);
    expect(saved.body).toMatchObject({ photoUrls: photos });
    const shown = await as(t.app, null, 'GET', `/api/merchants/${shopId}`);
    expectStatus(shown, 200);
    expect(shown.body).toMatchObject({ photoUrls: photos });
    // Left out, they stay.
    expect((await as(t.app, admin, 'PUT', `/api/admin/merchants/${shopId}`, { name: 'Renamed' })).body).toMatchObject({ photoUrls: photos });
  });
});
