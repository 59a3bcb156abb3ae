/** Admin accounts: bootstrap of the first superadmin, the role check and promotion by email (ADRs 010, 018). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { currentUser, promoteAnswer, sessionAnswer } from '../../contract/auth';
import { BOOTSTRAP_SECRET_HEADER } from '../../contract/constants';
import { buildCustomer, buildMerchant, buildMerchantAccount, buildUser, uniquePhone } from '../db/factories';
import { users } from '../db/schema';
import { type TestApp, createTestApp, useTestApp } from '../test/app';

import { call, expectStatus, loginAs, messageOf, passwordLogin } from '../test/auth-helpers';

const SECRET = 'a-long-bootstrap-secret-for-tests';

const t = useTestApp({ env: { BOOTSTRAP_SECRET: SECRET } });

const bootstrap = (app: TestApp, phone: unknown, secret?: string, remoteAddress?: string) =>
  call(app.app, 'POST', '/api/admin/bootstrap', {
    body: { phone },
    headers: secret === undefined ? {} : { [BOOTSTRAP_SECRET_HEADER]: secret },
    ...(remoteAddress ? { remoteAddress } : {}),
  });

const superadmins = () => t.db.select().from(users).where(eq(users.role, 'superadmin'));

describe('POST /api/admin/bootstrap', () => {
  describe('without BOOTSTRAP_SECRET on the server', () => {
    let bare: TestApp;
    beforeAll(async () => {
      bare = await createTestApp();
    });
    afterAll(async () => {
      await bare?.close();
    });

    it('answers 403 whatever secret is sent', async () => {
      for (const secret of [undefined, '', SECRET, 'undefined']) {
        const res = await bootstrap(bare, uniquePhone(), secret);
        expectStatus(res, 403);
        expect(messageOf(res)).toBe('Bootstrap is disabled: set BOOTSTRAP_SECRET on the server');
      }
      expect(await bare.db.select().from(users)).toEqual([]);
    });
  });

  it('answers 403 without the secret header, with an empty one, and with a wrong one', async () => {
    for (const secret of [undefined, '', 'wrong-secret-value', SECRET.slice(0, -1), `${SECRET}x`, SECRET.toUpperCase()]) {
      const res = await bootstrap(t, uniquePhone(), secret);
      expectStatus(res, 403);
      expect(messageOf(res)).toBe('Invalid bootstrap secret');
    }
    expect(await t.db.select().from(users)).toEqual([]);
  });

  it('does not take the secret from the body or the query string', async () => {
    const phone = uniquePhone();
    const inBody = await call(t.app, 'POST', '/api/admin/bootstrap', { body: { phone, secret: SECRET, [BOOTSTRAP_SECRET_HEADER]: SECRET } });
    expectStatus(inBody, 403);
    const inQuery = await call(t.app, 'POST', `/api/admin/bootstrap?secret=${SECRET}`, { body: { phone } });
    expectStatus(inQuery, 403);
  });

  it('creates a superadmin for a new phone with the right secret and logs it in', async () => {
    const res = await bootstrap(t, '555-300-0001', SECRET);
    expectStatus(res, 200);
    const answer = sessionAnswer.parse(res.body);
    expect(answer.user).toMatchObject({ phone: '5553000001', role: 'superadmin' });
    expect(res.cookies.find((c) => c.name === 'sessionId')).toMatchObject({ value: answer.sessionId, httpOnly: true, sameSite: 'Lax' });

    const role = await call(t.app, 'GET', '/api/admin/check-role', { sessionId: answer.sessionId });
    expect(role.body).toEqual({ isSuperAdmin: true });
    expect(await superadmins()).toHaveLength(1);
  });

  it('promotes the existing account of the phone, keeping its password', async () => {
    const existing = await buildCustomer(t.db, { phone: '5553000002', password: 'secret1' });
    const res = await bootstrap(t, '(555) 300-0002', SECRET);
    expectStatus(res, 200);
    expect(sessionAnswer.parse(res.body).user).toMatchObject({ id: existing.id, role: 'superadmin', hasPassword: true });
    expect(await t.db.select().from(users)).toHaveLength(1);
    const login = await passwordLogin(t.app, '5553000002', 'secret1');
    expect(sessionAnswer.parse(login.body).user.role).toBe('superadmin');
  });

  it("makes a merchant account's phone a superadmin that is no longer the merchant's owner or staff", async () => {
    const shop = await buildMerchant(t.db);
    const staff = await buildMerchantAccount(t.db, shop.id, { merchantRole: 'staff' });
    const res = await bootstrap(t, staff.phone, SECRET);
    expectStatus(res, 200);
    expect(sessionAnswer.parse(res.body).user).toMatchObject({ id: staff.id, role: 'superadmin', merchantRole: null });
    const [row] = await t.db.select().from(users).where(eq(users.id, staff.id));
    expect(row).toMatchObject({ role: 'superadmin', merchantRole: null });
  });

  it('answers 409 once a superadmin exists, also for the same phone', async () => {
    const first = uniquePhone();
    expectStatus(await bootstrap(t, first, SECRET), 200);
    const again = await bootstrap(t, uniquePhone(), SECRET);
    expectStatus(again, 409);
    expect(messageOf(again)).toBe('A superadmin already exists. Ask them to promote you instead.');
    expectStatus(await bootstrap(t, first, SECRET), 409);
    expect(await superadmins()).toHaveLength(1);
  });

  it('answers 409 when a superadmin was made by other means', async () => {
    await buildUser(t.db, { role: 'superadmin' });
    const customer = await buildCustomer(t.db);
    expectStatus(await bootstrap(t, customer.phone, SECRET), 409);
    const [row] = await t.db.select().from(users).where(eq(users.id, customer.id));
    expect(row?.role).toBe('customer');
  });

  it('makes exactly one superadmin when two bootstraps with different phones race', async () => {
    const answers = await Promise.all([bootstrap(t, uniquePhone(), SECRET), bootstrap(t, uniquePhone(), SECRET)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await superadmins()).toHaveLength(1);
  });

  it('makes exactly one superadmin when many bootstraps race', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => bootstrap(t, uniquePhone(), SECRET)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(7);
    expect(await superadmins()).toHaveLength(1);
  });

  it('refuses a missing or invalid phone with 400', async () => {
    const bad = await bootstrap(t, '12345', SECRET);
    expectStatus(bad, 400);
    expect(messageOf(bad)).toBe('phone: Please enter a valid phone number');
    expectStatus(await call(t.app, 'POST', '/api/admin/bootstrap', { headers: { [BOOTSTRAP_SECRET_HEADER]: SECRET }, body: {} }), 400);
    expect(await superadmins()).toEqual([]);
  });

  it('limits secret guesses from one address, so the secret cannot be brute-forced', async () => {
    const address = '192.0.2.44';
    for (let i = 0; i < 10; i++) expectStatus(await bootstrap(t, uniquePhone(), `guess-number-${i}`, address), 403);
    const over = await bootstrap(t, uniquePhone(), SECRET, address);
    expectStatus(over, 429);
    expect(await superadmins()).toEqual([]);
    expectStatus(await bootstrap(t, uniquePhone(), SECRET, '192.0.2.45'), 200);
  });

  it('ignores role and other fields in the body', async () => {
    const shop = await buildMerchant(t.db);
    const res = await call(t.app, 'POST', '/api/admin/bootstrap', {
      headers: { [BOOTSTRAP_SECRET_HEADER]: SECRET },
      body: { phone: uniquePhone(), role: 'customer', merchantId: shop.id, email: 'boot@example.com' },
    });
    expectStatus(res, 200);
    expect(sessionAnswer.parse(res.body).user).toMatchObject({ role: 'superadmin', merchantId: null, email: null });
  });

  describe('in production', () => {
    let prod: TestApp;
    beforeAll(async () => {
      prod = await createTestApp({ env: { NODE_ENV: 'production', BOOTSTRAP_SECRET: SECRET } });
    });
    afterAll(async () => {
      await prod?.close();
    });

    it('answers 404, as if the route did not exist, even with the right secret', async () => {
      const res = await bootstrap(prod, uniquePhone(), SECRET);
      expectStatus(res, 404);
      expect(res.body).toEqual({ message: 'No API route POST /api/admin/bootstrap' });
      expect(await prod.db.select().from(users)).toEqual([]);
    });
  });
});

describe('GET /api/admin/check-role', () => {
  const checkRole = (sessionId?: string) => call(t.app, 'GET', '/api/admin/check-role', { sessionId: sessionId ?? null });

  it('answers 401 to a guest', async () => {
    expectStatus(await checkRole(), 401);
  });

  it('answers false to a customer and a merchant, true to a superadmin', async () => {
    const customer = await loginAs(t, await buildCustomer(t.db));
    expect((await checkRole(customer.sessionId)).body).toEqual({ isSuperAdmin: false });
    const shop = await buildMerchant(t.db);
    const merchant = await loginAs(t, await buildMerchantAccount(t.db, shop.id));
    expect((await checkRole(merchant.sessionId)).body).toEqual({ isSuperAdmin: false });
    const admin = await loginAs(t, await buildUser(t.db, { role: 'superadmin' }));
    const res = await checkRole(admin.sessionId);
    expectStatus(res, 200);
    expect(res.body).toEqual({ isSuperAdmin: true });
  });
});

describe('POST /api/admin/promote-superadmin', () => {
  const promote = (sessionId: string | null, body: Record<string, unknown>) =>
    call(t.app, 'POST', '/api/admin/promote-superadmin', { sessionId, body });

  it('answers 401 to a guest', async () => {
    await buildCustomer(t.db, { email: 'target@example.com' });
    expectStatus(await promote(null, { email: 'target@example.com' }), 401);
  });

  it('answers 403 to a customer and a merchant, also when they name their own email', async () => {
    const customer = await buildCustomer(t.db, { email: 'customer@example.com' });
    const shop = await buildMerchant(t.db);
    const merchant = await buildMerchantAccount(t.db, shop.id, { email: 'merchant@example.com' });
    for (const user of [customer, merchant]) {
      const { sessionId } = await loginAs(t, user);
      for (const email of [user.email!, 'customer@example.com', 'nobody@example.com']) {
        const res = await promote(sessionId, { email });
        expectStatus(res, 403);
        expect(messageOf(res)).toBe('Only a superadmin can promote users');
      }
    }
    expect(await superadmins()).toEqual([]);
  });

  it('checks the role before the body, so a non-superadmin learns nothing from validation', async () => {
    const { sessionId } = await loginAs(t, await buildCustomer(t.db));
    expectStatus(await promote(sessionId, { email: 'not an email' }), 403);
    expectStatus(await promote(sessionId, {}), 403);
  });

  it('answers 404 for an email nobody has', async () => {
    const admin = await loginAs(t, await buildUser(t.db, { role: 'superadmin' }));
    const res = await promote(admin.sessionId, { email: 'nobody@example.com' });
    expectStatus(res, 404);
    expect(messageOf(res)).toBe('No user has that email');
  });

  it('answers 400 for an invalid or missing email', async () => {
    const admin = await loginAs(t, await buildUser(t.db, { role: 'superadmin' }));
    const bad = await promote(admin.sessionId, { email: 'nope' });
    expectStatus(bad, 400);
    expect(messageOf(bad)).toMatch(/^email: /);
    expectStatus(await promote(admin.sessionId, {}), 400);
  });

  it('promotes by email in any letter case, and the promoted user sees it on the next request', async () => {
    const target = await buildCustomer(t.db, { email: 'Target@Example.com' });
    const targetSession = await loginAs(t, target);
    const admin = await loginAs(t, await buildUser(t.db, { role: 'superadmin' }));

    const res = await promote(admin.sessionId, { email: 'TARGET@example.COM' });
    expectStatus(res, 200);
    const answer = promoteAnswer.parse(res.body);
    expect(answer.message).toBe('User promoted to superadmin');
    expect(answer.user).toMatchObject({ id: target.id, phone: target.phone, role: 'superadmin' });
    expect(JSON.stringify(res.body)).not.toMatch(/password/i);

    const role = await call(t.app, 'GET', '/api/admin/check-role', { sessionId: targetSession.sessionId });
    expect(role.body).toEqual({ isSuperAdmin: true });
  });

  it("promotes a merchant's owner: a superadmin from then on, no longer the merchant's owner", async () => {
    const shop = await buildMerchant(t.db);
    const owner = await buildMerchantAccount(t.db, shop.id, { email: 'owner@example.com' });
    const ownerSession = await loginAs(t, owner);
    const admin = await loginAs(t, await buildUser(t.db, { role: 'superadmin' }));
    expectStatus(await promote(admin.sessionId, { email: 'owner@example.com' }), 200);
    const [row] = await t.db.select().from(users).where(eq(users.id, owner.id));
    expect(row).toMatchObject({ role: 'superadmin', merchantRole: null });
    const me = await call(t.app, 'GET', '/api/auth/user', { sessionId: ownerSession.sessionId });
    expect(currentUser.parse(me.body)).toMatchObject({ role: 'superadmin', merchantRole: null });
    expectStatus(await call(t.app, 'GET', '/api/merchant/overview', { sessionId: ownerSession.sessionId }), 403);
  });

  it('answers 200 for someone who is already a superadmin, changing nothing', async () => {
    const other = await buildUser(t.db, { role: 'superadmin', email: 'other-admin@example.com' });
    const admin = await loginAs(t, await buildUser(t.db, { role: 'superadmin' }));
    const res = await promote(admin.sessionId, { email: 'other-admin@example.com' });
    expectStatus(res, 200);
    expect(promoteAnswer.parse(res.body).user).toMatchObject({ id: other.id, role: 'superadmin' });
    expect(await superadmins()).toHaveLength(2);
  });

  it('lets a freshly promoted user promote others', async () => {
    const first = await buildCustomer(t.db, { email: 'first@example.com' });
    const second = await buildCustomer(t.db, { email: 'second@example.com' });
    const admin = await loginAs(t, await buildUser(t.db, { role: 'superadmin' }));
    const firstSession = await loginAs(t, first);
    expectStatus(await promote(firstSession.sessionId, { email: 'second@example.com' }), 403);
    expectStatus(await promote(admin.sessionId, { email: 'first@example.com' }), 200);
    expectStatus(await promote(firstSession.sessionId, { email: 'second@example.com' }), 200);
    const [row] = await t.db.select().from(users).where(eq(users.id, second.id));
    expect(row?.role).toBe('superadmin');
  });
});
