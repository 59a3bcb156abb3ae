/** Merchant management by a superadmin (docs/product/screens.md#merchant-management, docs/product/api.md#superadmin; ADRs 010, 016, 019). */
import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { adminMerchant, adminMerchantList, createdMerchantAnswer, type AdminMerchant } from '../../contract/admin';
import { DEFAULT_COMMISSION_BPS } from '../../contract/constants';
import { currentUser, sessionAnswer } from '../../contract/auth';
import { merchant as merchantSchema } from '../../contract/merchants';
import { buildCustomer, buildDeal, buildMerchant, buildMerchantAccount, uniquePhone } from '../db/factories';
import { merchants, users } from '../db/schema';
import { useTestApp } from '../test/app';
import { resetDatabase } from '../test/database';
import { call, expectStatus, messageOf, passwordLogin, type TestSession } from '../test/auth-helpers';
import {
  as,
  expectError,
  fillParams,
  merchantForm,
  routesUnder,
  shopperDeal,
  shopperDeals,
  signInEveryRole,
  signInSuperadmin,
  type Callers,
} from '../test/admin-helpers';

const t = useTestApp();
let callers: Callers;
let admin: TestSession;

beforeEach(async () => {
  callers = await signInEveryRole(t);
  admin = callers.superadmin;
});

const post = (body: unknown) => as(t.app, admin, 'POST', '/api/admin/merchants', body);
const put = (id: string, body: unknown) => as(t.app, admin, 'PUT', `/api/admin/merchants/${id}`, body);
const patchStatus = (id: string, body: unknown) => as(t.app, admin, 'PATCH', `/api/admin/merchants/${id}/status`, body);

async function create(overrides: Parameters<typeof merchantForm>[0] = {}) {
  const res = await post(merchantForm(overrides));
  expectStatus(res, 201);
  return createdMerchantAnswer.parse(res.body);
}

async function list(): Promise<AdminMerchant[]> {
  const res = await as(t.app, admin, 'GET', '/api/admin/merchants');
  expectStatus(res, 200);
  return adminMerchantList.parse(res.body);
}

const hoursOf = async (id: string) => (await list()).find((m) => m.id === id)?.businessHours;

describe('who may call /api/admin/merchants*', () => {
  it('finds the merchant routes in the app route table', () => {
    const routes = routesUnder(t.app, '/api/admin/merchants').map((r) => `${r.method} ${r.url}`);
    // New routes are covered by the loops below without being listed here.
    expect(routes).toEqual(expect.arrayContaining([
      'GET /api/admin/merchants',
      'PATCH /api/admin/merchants/:id/status',
      'POST /api/admin/merchants',
      'PUT /api/admin/merchants/:id',
    ]));
  });

  it('answers 401 to guests and to a made-up session, before looking at the body', async () => {
    const shop = await buildMerchant(t.db);
    for (const route of routesUnder(t.app, '/api/admin/merchants')) {
      for (const body of [undefined, {}, merchantForm()]) {
        const url = fillParams(route.url, shop.id);
        const guest = await call(t.app, route.method, url, body === undefined ? {} : { body });
        expect(guest.status, `${route.method} ${url} as a guest`).toBe(401);
        const forged = await call(t.app, route.method, url, { sessionId: 'x'.repeat(43), ...(body === undefined ? {} : { body }) });
        expect(forged.status, `${route.method} ${url} with a forged session`).toBe(401);
      }
    }
  });

  it('answers 403 to customers and merchants, even for an empty or malformed request', async () => {
    const shop = await buildMerchant(t.db);
    for (const route of routesUnder(t.app, '/api/admin/merchants')) {
      for (const [role, session] of [
        ['customer', callers.customer],
        ['merchant', callers.merchant],
      ] as const) {
        for (const id of [shop.id, callers.merchantId, 'not-a-uuid']) {
          const url = fillParams(route.url, id);
          for (const body of [undefined, {}, merchantForm(), { status: 'active' }]) {
            const res = await as(t.app, session, route.method, url, body);
            expect(res.status, `${route.method} ${url} as a ${role} with ${JSON.stringify(body)}`).toBe(403);
          }
        }
      }
    }
    // Nothing was created or changed on the way.
    expect(await t.db.select().from(merchants)).toHaveLength(2);
    const [own] = await t.db.select().from(merchants).where(eq(merchants.id, callers.merchantId));
    expect(own!.status).toBe('active');
  });
});

describe('POST /api/admin/merchants', () => {
  it('creates an active merchant and answers it with the login info of its new account', async () => {
    const res = await post(merchantForm({ name: '  Harbor Outfitters ', phone: '555-301-0001', businessHours: '{"morning":"09:00-12:00"}' }));
    expectStatus(res, 201);
    const created = createdMerchantAnswer.parse(res.body);
    expect(created).toMatchObject({
      name: 'Harbor Outfitters',
      phone: '5553010001',
      address: '1 Pier Road',
      description: 'Kayaks and boards',
      status: 'active',
      dealCount: 0,
      accountPhone: '5553010001',
      commissionBps: DEFAULT_COMMISSION_BPS,
      loginInfo: { phone: '5553010001', password: expect.stringMatching(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/) },
    });
    expect(JSON.parse(created.businessHours!)).toEqual({ morning: '09:00-12:00' });
    expect(new Date(created.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const [account] = await t.db.select().from(users).where(eq(users.phone, '5553010001'));
    expect(account).toMatchObject({ role: 'merchant', merchantId: created.id, merchantRole: 'owner', mustChangePassword: true });
    expect(account!.passwordHash).not.toContain(created.loginInfo.password);
  });

  it("gives the account a password that works on password login and asks for it to be changed", async () => {
    const created = await create({ phone: '555-301-0002' });
    const login = await passwordLogin(t.app, created.loginInfo.phone, created.loginInfo.password);
    expectStatus(login, 200);
    const answer = sessionAnswer.parse(login.body);
    expect(answer.user).toMatchObject({ role: 'merchant', merchantId: created.id, merchantRole: 'owner', mustChangePassword: true, hasPassword: true });

    // The typed form of the phone works too, and a wrong password does not.
    expectStatus(await passwordLogin(t.app, '555-301-0002', created.loginInfo.password), 200);
    expectStatus(await passwordLogin(t.app, '5553010002', created.loginInfo.password.toLowerCase()), 401);

    const me = await call(t.app, 'GET', '/api/auth/user', { sessionId: answer.sessionId });
    expect(currentUser.parse(me.body)).toMatchObject({ role: 'merchant', mustChangePassword: true });
  });

  it('ignores a status, an id or a role sent in the body (the merchant starts active)', async () => {
    const forcedId = '11111111-1111-4111-8111-111111111111';
    const created = await create({ status: 'pending', id: forcedId, role: 'superadmin', dealCount: 9 });
    expect(created.status).toBe('active');
    expect(created.id).not.toBe(forcedId);
    expect(created.dealCount).toBe(0);
    const [account] = await t.db.select().from(users).where(eq(users.merchantId, created.id));
    expect(account!.role).toBe('merchant');
  });

  it.each([
    ['name missing', { name: undefined }, 'name: is required'],
    ['name empty', { name: '' }, 'name: is required'],
    ['name blank', { name: '   ' }, 'name: is required'],
    ['name not text', { name: 42 }, 'name: is required'],
    ['phone missing', { phone: undefined }, /^phone: /],
    ['phone empty', { phone: '' }, /^phone: /],
    ['phone too short', { phone: '555-0100' }, /^phone: /],
    ['phone with letters', { phone: '555-CALL-NOW1' }, /^phone: /],
  ])('refuses a form with the %s (400 naming the field)', async (_why, overrides, message) => {
    const res = await post(merchantForm(overrides));
    expectError(res, 400, message);
    expect(await t.db.select().from(merchants)).toHaveLength(1);
  });

  it('refuses a NUL character in a text field with 400 rather than failing with 500', async () => {
    // PostgreSQL text cannot hold U+0000; the API must say so instead of crashing on the insert.
    for (const field of ['name', 'address', 'description'] as const) {
      const res = await post(merchantForm({ [field]: 'Harbor\u0000Outfitters' }));
      expect(res.status, `${field}: ${JSON.stringify(res.body)}`).toBe(400);
    }
    expect(await t.db.select().from(merchants)).toHaveLength(1);
  });

  it('answers 400 for a missing or non-JSON body', async () => {
    expectStatus(await post(undefined), 400);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/merchants',
      headers: { authorization: `Bearer ${admin.sessionId}`, 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
  });

  describe('business hours', () => {
    it.each([
      ['a JSON string', JSON.stringify({ morning: '09:00-12:00', evening: '19:00-22:00' }), { morning: '09:00-12:00', evening: '19:00-22:00' }],
      ['an object', { afternoon: '14:00-18:00' }, { afternoon: '14:00-18:00' }],
      ['a string with empty periods', JSON.stringify({ morning: '', afternoon: '14:00-18:00', evening: '' }), { afternoon: '14:00-18:00' }],
      ['an object with null periods', { morning: null, evening: '19:00-22:00' }, { evening: '19:00-22:00' }],
      ['padded periods', { morning: ' 09:00-12:00 ' }, { morning: '09:00-12:00' }],
    ])('accepts %s', async (_what, businessHours, stored) => {
      const created = await create({ businessHours });
      expect(JSON.parse(created.businessHours!)).toEqual(stored);
      expect(JSON.parse((await hoursOf(created.id))!)).toEqual(stored);
      const card = await call(t.app, 'GET', `/api/merchants/${created.id}`);
      expect(JSON.parse(merchantSchema.parse(card.body).businessHours!)).toEqual(stored);
    });

    it.each([
      ['an empty string', ''],
      ['null', null],
      ['nothing', undefined],
      ['the JSON null', 'null'],
      ['an empty object', {}],
      ['only empty periods', JSON.stringify({ morning: '', afternoon: '', evening: '' })],
    ])('stores no hours for %s', async (_what, businessHours) => {
      const created = await create({ businessHours });
      expect(created.businessHours).toBeNull();
      expect(await hoursOf(created.id)).toBeNull();
    });

    it.each([
      ['a period not in HH:MM-HH:MM', { morning: '9-12' }, /^businessHours\.morning: /],
      ['a period with seconds', { afternoon: '14:00:00-18:00:00' }, /^businessHours\.afternoon: /],
      ['an hour past 23', { evening: '19:00-24:00' }, /^businessHours\.evening: /],
      ['a period that ends before it starts', { evening: '22:00-19:00' }, /^businessHours\.evening: /],
      ['a number for a period', { morning: 900 }, /^businessHours\.morning: /],
      ['a bad period inside a JSON string', JSON.stringify({ afternoon: '2pm-6pm' }), /^businessHours\.afternoon: /],
      ['an unknown period', { night: '22:00-23:00' }, /^businessHours/],
      ['a string that is not JSON', 'mornings only', /^businessHours: /],
      ['a JSON array', '["09:00-12:00"]', /^businessHours: /],
      ['an array', ['09:00-12:00'], /^businessHours: /],
    ])('refuses %s (400 naming the period)', async (_what, businessHours, message) => {
      const res = await post(merchantForm({ businessHours }));
      expectError(res, 400, message);
      expect(await t.db.select().from(merchants)).toHaveLength(1);
    });
  });

  describe('phone already in use', () => {
    it('answers 409 for a second merchant with the same phone, however it is typed, and creates nothing', async () => {
      await create({ phone: '555-301-0003', name: 'First' });
      for (const phone of ['555-301-0003', '5553010003', '(555) 301 0003']) {
        const res = await post(merchantForm({ phone, name: 'Second' }));
        expectError(res, 409, 'An account with this phone number already exists');
      }
      expect((await list()).map((m) => m.name)).not.toContain('Second');
    });

    it("answers 409 when the phone belongs to a customer, and leaves the customer's account alone", async () => {
      const customer = await buildCustomer(t.db, { phone: '5553010004' });
      const res = await post(merchantForm({ phone: '5553010004', name: 'Taken' }));
      expectStatus(res, 409);
      const [still] = await t.db.select().from(users).where(eq(users.id, customer.id));
      expect(still).toMatchObject({ role: 'customer', merchantId: null });
      expect((await list()).map((m) => m.name)).not.toContain('Taken');
    });

    it('creates exactly one of two simultaneous requests for the same phone', async () => {
      const phone = uniquePhone();
      const answers = await Promise.all([post(merchantForm({ phone, name: 'Racer A' })), post(merchantForm({ phone, name: 'Racer B' }))]);
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
      const racers = (await list()).filter((m) => m.name.startsWith('Racer'));
      expect(racers).toHaveLength(1);
      expect(await t.db.select().from(users).where(eq(users.phone, phone))).toHaveLength(1);
    });
  });
});

describe('GET /api/admin/merchants', () => {
  it('lists every merchant whatever its status, by name, with its deal count and account phone', async () => {
    const zed = await buildMerchant(t.db, { name: 'Zed Spa', status: 'inactive' });
    const amy = await buildMerchant(t.db, { name: 'Amy Bakery', status: 'pending' });
    await buildMerchantAccount(t.db, amy.id, { phone: '5553010005' });
    await buildDeal(t.db, { merchantId: zed.id });
    await buildDeal(t.db, { merchantId: zed.id, status: 'draft', active: false });
    await buildDeal(t.db, { merchantId: zed.id, status: 'archived', active: false });

    const all = await list();
    const names = all.map((m) => m.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(all.find((m) => m.id === zed.id)).toMatchObject({ status: 'inactive', dealCount: 3, accountPhone: null });
    expect(all.find((m) => m.id === amy.id)).toMatchObject({ status: 'pending', dealCount: 0, accountPhone: '5553010005' });
    expect(all.find((m) => m.id === callers.merchantId)).toMatchObject({ status: 'active' });
    expect(all).toHaveLength(3);
  });

  it("gives the owner's phone as the account phone, never a staff account's", async () => {
    const shop = await buildMerchant(t.db, { name: 'Staffed Shop' });
    await buildMerchantAccount(t.db, shop.id, { merchantRole: 'staff', phone: '5553010020', createdAt: new Date('2020-01-01T00:00:00Z') });
    expect((await list()).find((m) => m.id === shop.id)).toMatchObject({ accountPhone: null });
    await buildMerchantAccount(t.db, shop.id, { phone: '5553010021' });
    expect((await list()).find((m) => m.id === shop.id)).toMatchObject({ accountPhone: '5553010021' });
  });

  it('answers an empty list when there are no merchants', async () => {
    await resetDatabase(t.database);
    admin = await signInSuperadmin(t);
    expect(await list()).toEqual([]);
  });
});

describe('PUT /api/admin/merchants/{id}', () => {
  it('saves every field of the edit form, status included', async () => {
    const created = await create({ phone: '555-301-0006' });
    const res = await put(created.id, {
      name: 'Harbor & Co',
      phone: '555-301-0007',
      address: '2 Dock Lane',
      description: 'Now with paddle boards',
      businessHours: { evening: '19:00-22:00' },
      status: 'pending',
    });
    expectStatus(res, 200);
    const saved = adminMerchant.parse(res.body);
    expect(saved).toMatchObject({
      id: created.id,
      name: 'Harbor & Co',
      phone: '5553010007',
      address: '2 Dock Lane',
      description: 'Now with paddle boards',
      status: 'pending',
      // The login account keeps its own phone.
      accountPhone: '5553010006',
      createdAt: created.createdAt,
    });
    expect(JSON.parse(saved.businessHours!)).toEqual({ evening: '19:00-22:00' });
    expect(await list()).toContainEqual(saved);
  });

  it('needs only the name; fields left out keep their values', async () => {
    const created = await create({ address: 'Old address', description: 'Old description' });
    const res = await put(created.id, { name: 'Renamed' });
    expectStatus(res, 200);
    expect(adminMerchant.parse(res.body)).toMatchObject({ name: 'Renamed', address: 'Old address', description: 'Old description', status: 'active' });
  });

  it('keeps the hours when the body leaves them out, like every other optional field', async () => {
    const created = await create({ businessHours: { morning: '09:00-12:00' } });
    const res = await put(created.id, { name: created.name, status: 'active' });
    expectStatus(res, 200);
    expect(adminMerchant.parse(res.body).businessHours).toBe(created.businessHours);
  });

  it('clears the hours when they are sent empty', async () => {
    const created = await create();
    for (const businessHours of ['', null, JSON.stringify({ morning: '', afternoon: '', evening: '' })]) {
      await put(created.id, { name: created.name, businessHours: { morning: '08:00-09:00' } });
      const res = await put(created.id, { name: created.name, businessHours });
      expectStatus(res, 200);
      expect(adminMerchant.parse(res.body).businessHours).toBeNull();
    }
  });

  it.each([
    ['no name', {}, 'name: is required'],
    ['an empty name', { name: '' }, 'name: is required'],
    ['a bad period', { name: 'Ok', businessHours: { afternoon: '14-18' } }, /^businessHours\.afternoon: /],
    ['an unknown status', { name: 'Ok', status: 'deleted' }, /^status: /],
    ['a short phone', { name: 'Ok', phone: '123' }, /^phone: /],
  ])('refuses %s with 400 and changes nothing', async (_why, body, message) => {
    const created = await create();
    expectError(await put(created.id, body), 400, message);
    expect((await list()).find((m) => m.id === created.id)).toMatchObject({ name: created.name, status: 'active' });
  });

  it('answers 404 for an unknown merchant and 400 for an id that is not a UUID', async () => {
    expectError(await put('6f1c1e8e-2d7a-4c3b-9a55-0a4f1f2b9c11', { name: 'Ghost' }), 404, 'Merchant not found');
    expectError(await put('42', { name: 'Ghost' }), 400, /^id: /);
  });

  it('ignores the read-only fields of the answer sent back in the body', async () => {
    const created = await create();
    const res = await put(created.id, { ...created, name: 'Echo', id: '6f1c1e8e-2d7a-4c3b-9a55-0a4f1f2b9c11', dealCount: 99, createdAt: '2000-01-01T00:00:00.000Z' });
    expectStatus(res, 200);
    expect(adminMerchant.parse(res.body)).toMatchObject({ id: created.id, name: 'Echo', dealCount: 0, createdAt: created.createdAt });
  });
});

describe('PATCH /api/admin/merchants/{id}/status', () => {
  it('moves a merchant among active, inactive and pending', async () => {
    const created = await create();
    for (const status of ['inactive', 'pending', 'active', 'pending', 'inactive', 'active'] as const) {
      const res = await patchStatus(created.id, { status });
      expectStatus(res, 200);
      expect(adminMerchant.parse(res.body)).toMatchObject({ id: created.id, status });
      expect((await list()).find((m) => m.id === created.id)!.status).toBe(status);
    }
  });

  it.each([['deleted'], ['ACTIVE'], [''], [null], [1]])('refuses the status %j with 400 naming the field', async (status) => {
    const created = await create();
    expectError(await patchStatus(created.id, { status }), 400, /^status: /);
    expect((await list()).find((m) => m.id === created.id)!.status).toBe('active');
  });

  it('refuses a body without a status, and answers 404 for an unknown merchant', async () => {
    const created = await create();
    expectError(await patchStatus(created.id, {}), 400, /^status: /);
    expectError(await patchStatus('6f1c1e8e-2d7a-4c3b-9a55-0a4f1f2b9c11', { status: 'active' }), 404, 'Merchant not found');
  });

  describe.each([['inactive'], ['pending']] as const)('a merchant set %s', (status) => {
    it('disappears from the shop with its deals, and comes back when set active again', async () => {
      const created = await create({ phone: uniquePhone() });
      const deal = await buildDeal(t.db, { merchantId: created.id, title: 'Harbor deal' });
      const other = await buildDeal(t.db, { merchantId: callers.merchantId, title: 'Other deal' });
      expect((await shopperDeals(t.app)).map((d) => d.id).sort()).toEqual([deal.id, other.id].sort());

      expectStatus(await patchStatus(created.id, { status }), 200);
      expect((await shopperDeals(t.app)).map((d) => d.id)).toEqual([other.id]);
      expect(await shopperDeal(t.app, deal.id)).toBeNull();
      const search = await call(t.app, 'GET', '/api/deals?q=Harbor');
      expect(search.body).toEqual([]);
      expect((await call(t.app, 'GET', '/api/merchants')).body).not.toContainEqual(expect.objectContaining({ id: created.id }));
      expect((await call(t.app, 'GET', `/api/merchants/${created.id}`)).status).toBe(404);
      // Customers are shoppers too.
      expect((await shopperDeals(t.app, callers.customer)).map((d) => d.id)).toEqual([other.id]);

      expectStatus(await patchStatus(created.id, { status: 'active' }), 200);
      expect((await shopperDeals(t.app)).map((d) => d.id).sort()).toEqual([deal.id, other.id].sort());
    });

    it("locks out its account: no new login, and a live session stops working", async () => {
      const created = await create({ phone: uniquePhone() });
      const login = await passwordLogin(t.app, created.loginInfo.phone, created.loginInfo.password);
      expectStatus(login, 200);
      const { sessionId } = sessionAnswer.parse(login.body);
      expectStatus(await call(t.app, 'GET', '/api/auth/user', { sessionId }), 200);

      expectStatus(await patchStatus(created.id, { status }), 200);
      expectStatus(await call(t.app, 'GET', '/api/auth/user', { sessionId }), 401);
      const again = await passwordLogin(t.app, created.loginInfo.phone, created.loginInfo.password);
      expectStatus(again, 403);
      expect(messageOf(again)).toBe('This merchant account is not active. Please contact support.');
      // A wrong password still gets the same answer as for anyone, so status does not leak.
      expectStatus(await passwordLogin(t.app, created.loginInfo.phone, 'wrong-password'), 401);

      expectStatus(await patchStatus(created.id, { status: 'active' }), 200);
      expectStatus(await passwordLogin(t.app, created.loginInfo.phone, created.loginInfo.password), 200);
    });

    it('does the same when the status is changed through PUT', async () => {
      const created = await create({ phone: uniquePhone() });
      const deal = await buildDeal(t.db, { merchantId: created.id });
      const { sessionId } = sessionAnswer.parse((await passwordLogin(t.app, created.loginInfo.phone, created.loginInfo.password)).body);
      expectStatus(await put(created.id, { name: created.name, status }), 200);
      expect(await shopperDeal(t.app, deal.id)).toBeNull();
      expectStatus(await call(t.app, 'GET', '/api/auth/user', { sessionId }), 401);
    });
  });
});

describe('commission', () => {
  it('is 10% unless set, and a superadmin sets it in basis points on create and update', async () => {
    const plain = await create();
    expect(plain.commissionBps).toBe(1000);
    const set = await create({ commissionBps: 1250 });
    expect(set.commissionBps).toBe(1250);
    expect((await list()).find((m) => m.id === set.id)).toMatchObject({ commissionBps: 1250 });
    const [row] = await t.db.select().from(merchants).where(eq(merchants.id, set.id));
    expect(row!.commissionBps).toBe(1250);

    const changed = await put(set.id, { name: set.name, commissionBps: 0 });
    expectStatus(changed, 200);
    expect(adminMerchant.parse(changed.body).commissionBps).toBe(0);
    const kept = await put(set.id, { name: 'Renamed' });
    expect(adminMerchant.parse(kept.body).commissionBps).toBe(0);
    expect(adminMerchant.parse((await put(set.id, { name: 'Renamed', commissionBps: 10_000 })).body).commissionBps).toBe(10_000);
  });

  it.each([
    ['a negative rate', -1, 'commissionBps: must not be negative'],
    ['more than 100%', 10_001, 'commissionBps: must be at most 100%'],
    ['a fraction of a basis point', 12.5, 'commissionBps: must be a whole number of basis points'],
    ['text', '1000', 'commissionBps: must be a number'],
  ])('refuses %s with 400 on create and update, and changes nothing', async (_why, commissionBps, message) => {
    expectError(await post(merchantForm({ commissionBps })), 400, message);
    const created = await create({ commissionBps: 700 });
    expectError(await put(created.id, { name: created.name, commissionBps }), 400, message);
    expect((await list()).find((m) => m.id === created.id)).toMatchObject({ commissionBps: 700 });
  });
});

describe("the merchant's time zone (ADR 039)", () => {
  it('is found from the place when the merchant is created, and is UTC without one', async () => {
    const sf = await create({ city: 'San Francisco', latitude: 37.788, longitude: -122.4075 });
    expect(sf.timeZone).toBe('America/Los_Angeles');
    const tokyo = await create({ latitude: 35.6812, longitude: 139.7671 });
    expect(tokyo.timeZone).toBe('Asia/Tokyo');
    const nowhere = await create();
    expect(nowhere.timeZone).toBe('UTC');
    const [row] = await t.db.select({ timeZone: merchants.timeZone }).from(merchants).where(eq(merchants.id, sf.id));
    expect(row?.timeZone).toBe('America/Los_Angeles');
    expect((await list()).find((m) => m.id === tokyo.id)?.timeZone).toBe('Asia/Tokyo');
  });

  it('takes a zone chosen on the form over the one the place lies in', async () => {
    const created = await create({ latitude: 37.788, longitude: -122.4075, timeZone: 'America/Denver' });
    expect(created.timeZone).toBe('America/Denver');
  });

  it('is changed by a superadmin, and stays as it is when an edit leaves it out or only moves the place', async () => {
    const created = await create({ latitude: 37.788, longitude: -122.4075 });
    const changed = await put(created.id, { name: created.name, timeZone: 'Europe/Paris' });
    expectStatus(changed, 200);
    expect(adminMerchant.parse(changed.body).timeZone).toBe('Europe/Paris');
    const moved = await put(created.id, { name: created.name, latitude: 35.6812, longitude: 139.7671 });
    expectStatus(moved, 200);
    expect(adminMerchant.parse(moved.body).timeZone).toBe('Europe/Paris');
  });

  it('answers 400 for a zone that is no IANA zone, on create and on edit, and changes nothing', async () => {
    const created = await create();
    for (const wrong of ['Mars/Olympus', '+01:00', 'PST', 'america/los angeles', '', 42]) {
      expectError(await post(merchantForm({ timeZone: wrong })), 400, /^timeZone: Choose a time zone from the list/);
      expectError(await put(created.id, { name: created.name, timeZone: wrong }), 400, /^timeZone: Choose a time zone from the list/);
    }
    expect((await list()).every((m) => m.timeZone === 'UTC')).toBe(true);
  });

  it('is refused by the other roles like every other field', async () => {
    const created = await create();
    for (const who of [callers.customer, callers.merchant]) {
      expectStatus(await as(t.app, who, 'PUT', `/api/admin/merchants/${created.id}`, { name: created.name, timeZone: 'Asia/Tokyo' }), 403);
    }
    expect((await list()).find((m) => m.id === created.id)?.timeZone).toBe('UTC');
  });
});
