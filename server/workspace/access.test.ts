/**
 * Who may call the merchant's workspace (ADR 028): the merchant always comes from the session; the
 * owner may do everything, staff only what the counter needs (redeem, the check before it, the log
 * and undo), and every other caller is refused before anything is read or written.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { currentUser } from '../../contract/auth';
import { buildCustomer, buildDeal, buildMerchant, buildMerchantAccount, buildUser } from '../db/factories';
import { deals, users } from '../db/schema';
import { useTestApp } from '../test/app';
import { expectStatus, loginAs, messageOf, type TestSession } from '../test/auth-helpers';
import { as, fillParams, routesUnder } from '../test/admin-helpers';

const t = useTestApp();

/** The calls staff may make, as `METHOD path`; every other /api/merchant/ call is the owner's. */
const STAFF_CALLS = [
  'POST /api/merchant/redemptions/preview',
  'GET /api/merchant/redemptions',
  'POST /api/merchant/redemptions/:voucherId/undo',
  // The merchant's time zone, for the redemption log's times.
  'GET /api/merchant/clock',
];
const UNKNOWN_ID = '6f1c1e8e-2d7a-4c3b-9a55-0a4f1f2b9c11';

let shopId: string;
let owner: TestSession;
let staff: TestSession;
let customer: TestSession;
let admin: TestSession;

beforeEach(async () => {
  shopId = (await buildMerchant(t.db)).id;
  owner = await loginAs(t, await buildMerchantAccount(t.db, shopId));
  staff = await loginAs(t, await buildMerchantAccount(t.db, shopId, { merchantRole: 'staff' }));
  customer = await loginAs(t, await buildCustomer(t.db));
  admin = await loginAs(t, await buildUser(t.db, { role: 'superadmin' }));
});

const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
const ownerCalls = () => routesUnder(t.app, '/api/merchant/').filter((r) => !STAFF_CALLS.includes(key(r)));

describe('the owner’s calls', () => {
  it('are found in the app route table', () => {
    expect(ownerCalls().map(key)).toEqual(
      expect.arrayContaining([
        'GET /api/merchant/overview',
        'GET /api/merchant/deals',
        'POST /api/merchant/deals',
        'GET /api/merchant/deals/:id',
        'PUT /api/merchant/deals/:id',
        'POST /api/merchant/deals/:id/submit',
        'GET /api/merchant/staff',
        'POST /api/merchant/staff',
        'DELETE /api/merchant/staff/:id',
      ]),
    );
    expect(routesUnder(t.app, '/api/merchant/').map(key)).toEqual(expect.arrayContaining(STAFF_CALLS));
  });

  it('answer 401 to guests, and 403 to staff, customers and superadmins, before the body is read; nothing changes', async () => {
    const draft = await buildDeal(t.db, { merchantId: shopId, status: 'draft' });
    const staffRow = (await t.db.select().from(users)).find((u) => u.merchantRole === 'staff')!;
    const refusals: [string, TestSession | null, number, string][] = [
      ['a guest', null, 401, 'Please log in first'],
      ['staff', staff, 403, "Only the merchant's owner account can do that"],
      ['a customer', customer, 403, 'Only merchant accounts can do that'],
      ['a superadmin', admin, 403, 'Only merchant accounts can do that'],
    ];
    for (const route of ownerCalls()) {
      for (const [who, session, status, message] of refusals) {
        for (const id of [draft.id, staffRow.id, UNKNOWN_ID, 'not-a-uuid']) {
          for (const body of [undefined, {}, { title: 'Taken', priceCents: 100, phone: '5550199999' }]) {
            const url = fillParams(route.url, id);
            const res = await as(t.app, session, route.method, url, body);
            expect(res.status, `${route.method} ${url} as ${who} with ${JSON.stringify(body)}`).toBe(status);
            expect(messageOf(res)).toBe(message);
          }
        }
      }
    }
    expect(await t.db.select().from(deals)).toMatchObject([{ id: draft.id, status: 'draft', title: draft.title }]);
    expect((await t.db.select().from(users)).filter((u) => u.merchantRole === 'staff')).toEqual([staffRow]);
  });
});

describe('the counter’s calls', () => {
  it('are open to staff and the owner alike', async () => {
    for (const session of [owner, staff]) {
      const preview = await as(t.app, session, 'POST', '/api/merchant/redemptions/preview', { code: 'NOPENOPE', pin: '123456' });
      expectStatus(preview, 404);
      expect(preview.body).toMatchObject({ ok: false, reason: 'Voucher not found' });
      expectStatus(await as(t.app, session, 'GET', '/api/merchant/redemptions'), 200);
      expectStatus(await as(t.app, session, 'POST', `/api/merchant/redemptions/${UNKNOWN_ID}/undo`), 404);
    }
  });

  it('refuse guests with 401 and accounts of other roles with 403', async () => {
    for (const route of routesUnder(t.app, '/api/merchant/').filter((r) => STAFF_CALLS.includes(key(r)))) {
      const url = fillParams(route.url, UNKNOWN_ID);
      const body = route.method === 'GET' ? undefined : { code: 'NOPENOPE', pin: '123456' };
      expectStatus(await as(t.app, null, route.method, url, body), 401);
      for (const session of [customer, admin]) expectStatus(await as(t.app, session, route.method, url, body), 403);
    }
  });
});

describe('GET /api/auth/user', () => {
  it('tells the owner from staff, and is null for every other role', async () => {
    const roleOf = async (session: TestSession) => currentUser.parse((await as(t.app, session, 'GET', '/api/auth/user')).body);
    expect(await roleOf(owner)).toMatchObject({ role: 'merchant', merchantId: shopId, merchantRole: 'owner' });
    expect(await roleOf(staff)).toMatchObject({ role: 'merchant', merchantId: shopId, merchantRole: 'staff' });
    expect(await roleOf(customer)).toMatchObject({ role: 'customer', merchantRole: null });
    expect(await roleOf(admin)).toMatchObject({ role: 'superadmin', merchantRole: null });
  });
});
