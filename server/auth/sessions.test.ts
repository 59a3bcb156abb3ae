/** Sessions and the signed-in user's own account: who am I, logout, password and email changes. */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { currentUser, passwordChangedAnswer, sessionAnswer } from '../../contract/auth';
import { SESSION_IDLE_DAYS } from '../../contract/constants';
import { buildCustomer, buildMerchant, buildMerchantAccount, uniquePhone } from '../db/factories';
import { merchants, sessions, users } from '../db/schema';
import { ConsoleSmsSender } from '../integrations/sms/console-sms-sender';
import { type TestApp, createTestApp, useTestApp } from '../test/app';

import { LOGIN_LIMITS } from './auth.service';
import { call, emailCodeFor, expectStatus, loginAs, messageOf, passwordLogin, signInWithSms } from '../test/auth-helpers';

const t = useTestApp();

const DAY_MS = 86_400_000;
const me = (sessionId?: string | null) => call(t.app, 'GET', '/api/auth/user', { sessionId: sessionId ?? null });

describe('GET /api/auth/user and the session itself', () => {
  it('answers 401 without a session', async () => {
    const res = await me();
    expectStatus(res, 401);
    expect(messageOf(res)).toBe('Please log in first');
  });

  it.each([
    ['a random id of the right shape', 'x'.repeat(43)],
    ['a short garbage token', 'abc'],
    ['the literal null the web app may send', 'null'],
    ['a very long token', 'A'.repeat(5000)],
    ['SQL', "' or 1=1 --aaaaaaaaaaaaaaaaaaaaa"],
  ])('answers 401 for a forged bearer: %s', async (_label, token) => {
    await loginAs(t, await buildCustomer(t.db));
    const res = await call(t.app, 'GET', '/api/auth/user', { headers: { authorization: `Bearer ${token}` } });
    expectStatus(res, 401);
  });

  it('does not accept the stored hash in place of the session id', async () => {
    const { sessionId } = await loginAs(t, await buildCustomer(t.db));
    const [row] = await t.db.select().from(sessions);
    expect(row?.idHash).toBe(createHash('sha256').update(sessionId).digest('hex'));
    expect(row?.idHash).not.toBe(sessionId);
    expectStatus(await me(row!.idHash), 401);
  });

  it('answers 401 once the session has expired', async () => {
    const { sessionId } = await loginAs(t, await buildCustomer(t.db));
    expectStatus(await me(sessionId), 200);
    await t.db.execute(sql`update sessions set expires_at = now() - interval '1 second'`);
    expectStatus(await me(sessionId), 401);
  });

  it('answers the current user from the cookie alone, without a bearer header', async () => {
    const user = await buildCustomer(t.db, { email: 'cookie@example.com' });
    const { sessionId } = await loginAs(t, user);
    const res = await call(t.app, 'GET', '/api/auth/user', { cookies: { sessionId } });
    expectStatus(res, 200);
    expect(currentUser.parse(res.body)).toEqual({
      id: user.id,
      phone: user.phone,
      phoneVerified: true,
      email: 'cookie@example.com',
      pendingEmail: null,
      role: 'customer',
      merchantId: null,
      merchantRole: null,
      hasPassword: false,
      mustChangePassword: false,
    });
  });

  it('never answers the password hash', async () => {
    const { sessionId } = await loginAs(t, await buildCustomer(t.db, { password: 'secret1' }));
    const res = await call(t.app, 'GET', '/api/auth/user', { sessionId });
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|passwordHash/);
    expect(currentUser.parse(res.body).hasPassword).toBe(true);
  });

  it('stores only a SHA-256 of the session id, never the id itself', async () => {
    const { sessionId } = await signInWithSms(t.app, uniquePhone());
    const rows = await t.db.execute(sql`select * from sessions`);
    const text = JSON.stringify(rows);
    expect(text).not.toContain(sessionId);
    expect(text).toContain(createHash('sha256').update(sessionId).digest('hex'));
  });

  it('hands out ids with at least 128 random bits that differ for every login', async () => {
    const user = await buildCustomer(t.db, { password: 'secret1' });
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const res = await passwordLogin(t.app, user.phone, 'secret1');
      expectStatus(res, 200);
      const { sessionId } = sessionAnswer.parse(res.body);
      // base64url carries 6 bits a character: 22 characters hold 132 bits.
      expect(sessionId).toMatch(/^[A-Za-z0-9_-]{22,}$/);
      expect(sessionId.length * 6).toBeGreaterThanOrEqual(128);
      ids.add(sessionId);
    }
    expect(ids.size).toBe(5);
  });

  it('slides the idle deadline forward when the session is used', async () => {
    const { sessionId } = await loginAs(t, await buildCustomer(t.db));
    await t.db.execute(sql`update sessions set last_seen_at = now() - interval '2 days', expires_at = now() + interval '1 day'`);
    expectStatus(await me(sessionId), 200);
    const [row] = await t.db.select().from(sessions);
    const left = row!.expiresAt.getTime() - Date.now();
    expect(left).toBeGreaterThan((SESSION_IDLE_DAYS - 1) * DAY_MS);
    expect(left).toBeLessThanOrEqual(SESSION_IDLE_DAYS * DAY_MS + 60_000);
  });

  it('applies a role change on the very next request', async () => {
    const user = await buildCustomer(t.db);
    const { sessionId } = await loginAs(t, user);
    const before = await call(t.app, 'GET', '/api/admin/check-role', { sessionId });
    expect(before.body).toEqual({ isSuperAdmin: false });

    await t.db.update(users).set({ role: 'superadmin' }).where(eq(users.id, user.id));
    const promoted = await call(t.app, 'GET', '/api/admin/check-role', { sessionId });
    expect(promoted.body).toEqual({ isSuperAdmin: true });

    await t.db.update(users).set({ role: 'customer' }).where(eq(users.id, user.id));
    const demoted = await call(t.app, 'GET', '/api/admin/check-role', { sessionId });
    expect(demoted.body).toEqual({ isSuperAdmin: false });
  });

  it('stops a merchant session as soon as the merchant is made inactive or pending', async () => {
    const shop = await buildMerchant(t.db, { status: 'active' });
    const account = await buildMerchantAccount(t.db, shop.id, { password: 'merchant-pw' });
    const { sessionId } = sessionAnswer.parse((await passwordLogin(t.app, account.phone, 'merchant-pw')).body);
    expectStatus(await me(sessionId), 200);

    await t.db.update(merchants).set({ status: 'inactive' }).where(eq(merchants.id, shop.id));
    expectStatus(await me(sessionId), 401);
    await t.db.update(merchants).set({ status: 'pending' }).where(eq(merchants.id, shop.id));
    expectStatus(await me(sessionId), 401);
  });

  it('ends the sessions of a deleted account', async () => {
    const user = await buildCustomer(t.db);
    const { sessionId } = await loginAs(t, user);
    await t.db.delete(users).where(eq(users.id, user.id));
    expectStatus(await me(sessionId), 401);
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the session, clears the cookie, and leaves other devices signed in', async () => {
    const user = await buildCustomer(t.db);
    const phone = await loginAs(t, user);
    const laptop = await loginAs(t, user);
    const res = await call(t.app, 'POST', '/api/auth/logout', { sessionId: phone.sessionId });
    expectStatus(res, 200);
    expect(res.body).toEqual({ message: 'Logged out' });
    const cleared = res.cookies.find((c) => c.name === 'sessionId');
    expect(cleared?.value).toBe('');
    expect(cleared?.expires && cleared.expires.getTime()).toBeLessThan(Date.now());

    expectStatus(await me(phone.sessionId), 401);
    expectStatus(await me(laptop.sessionId), 200);
    expect(await t.db.select().from(sessions)).toHaveLength(1);
  });

  it('is idempotent: a second logout, or one without any session, still answers 200', async () => {
    const { sessionId } = await loginAs(t, await buildCustomer(t.db));
    expectStatus(await call(t.app, 'POST', '/api/auth/logout', { sessionId }), 200);
    expectStatus(await call(t.app, 'POST', '/api/auth/logout', { sessionId }), 200);
    expectStatus(await call(t.app, 'POST', '/api/auth/logout'), 200);
  });

  it('works with the cookie alone (from the site itself) and with an empty JSON body', async () => {
    const { sessionId } = await loginAs(t, await buildCustomer(t.db));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { sessionId },
      // What a browser sends with a request made by the site's own page.
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      payload: '',
    });
    expect(res.statusCode).toBe(200);
    expectStatus(await me(sessionId), 401);
  });
});

describe('PUT /api/auth/password', () => {
  const change = (sessionId: string | null, body: Record<string, unknown>) => call(t.app, 'PUT', '/api/auth/password', { sessionId, body });

  it('answers 401 without a session', async () => {
    const res = await change(null, { newPassword: 'secret1' });
    expectStatus(res, 401);
  });

  it('sets a first password without asking for a current one', async () => {
    const { sessionId, user } = await signInWithSms(t.app, uniquePhone());
    expect(user.hasPassword).toBe(false);
    const res = await change(sessionId, { newPassword: 'first-pw' });
    expectStatus(res, 200);
    const answer = passwordChangedAnswer.parse(res.body);
    expect(answer.message).toBe('Password updated');
    const after = await me(answer.sessionId);
    expect(currentUser.parse(after.body).hasPassword).toBe(true);
    expectStatus(await passwordLogin(t.app, user.phone, 'first-pw'), 200);
  });

  it('requires the right current password to change an existing one', async () => {
    const user = await buildCustomer(t.db, { password: 'old-password' });
    const { sessionId } = await loginAs(t, user);

    const missing = await change(sessionId, { newPassword: 'new-password' });
    expectStatus(missing, 400);
    expect(messageOf(missing)).toBe('currentPassword: Please enter your current password');

    const wrong = await change(sessionId, { currentPassword: 'not-it', newPassword: 'new-password' });
    expectStatus(wrong, 400);
    expect(messageOf(wrong)).toBe('Current password is incorrect');
    expectStatus(await me(sessionId), 200);

    const right = await change(sessionId, { currentPassword: 'old-password', newPassword: 'new-password' });
    expectStatus(right, 200);
    expectStatus(await passwordLogin(t.app, user.phone, 'old-password'), 401);
    expectStatus(await passwordLogin(t.app, user.phone, 'new-password'), 200);
  });

  it('refuses a new password shorter than 6 characters with the message of docs/product/messages.md', async () => {
    const { sessionId } = await loginAs(t, await buildCustomer(t.db));
    const res = await change(sessionId, { newPassword: '12345' });
    expectStatus(res, 400);
    expect(messageOf(res)).toBe('newPassword: New password must be at least 6 characters');
  });

  it('ends every session of the user and hands back a new working one', async () => {
    const user = await buildCustomer(t.db, { password: 'old-password' });
    const other = await buildCustomer(t.db);
    const thisDevice = await loginAs(t, user);
    const stolen = await loginAs(t, user);
    const someoneElse = await loginAs(t, other);

    const res = await change(thisDevice.sessionId, { currentPassword: 'old-password', newPassword: 'new-password' });
    expectStatus(res, 200);
    const { sessionId } = passwordChangedAnswer.parse(res.body);
    expect(res.cookies.find((c) => c.name === 'sessionId')).toMatchObject({ value: sessionId, httpOnly: true, sameSite: 'Lax' });

    expectStatus(await me(stolen.sessionId), 401);
    expectStatus(await me(thisDevice.sessionId), 401);
    expectStatus(await me(sessionId), 200);
    expectStatus(await me(someoneElse.sessionId), 200);
  });

  it('clears the must-change flag of a generated merchant password', async () => {
    const shop = await buildMerchant(t.db);
    const account = await buildMerchantAccount(t.db, shop.id, { password: `merchant-${shop.phone}`, mustChangePassword: true });
    const { sessionId } = await loginAs(t, account);
    const res = await change(sessionId, { currentPassword: `merchant-${shop.phone}`, newPassword: 'chosen-pw' });
    expectStatus(res, 200);
    const after = await me(passwordChangedAnswer.parse(res.body).sessionId);
    expect(currentUser.parse(after.body).mustChangePassword).toBe(false);
  });

  it('limits guesses of the current password from a signed-in session', async () => {
    const user = await buildCustomer(t.db, { password: 'old-password' });
    const { sessionId } = await loginAs(t, user);
    for (let i = 0; i < 10; i++) expectStatus(await change(sessionId, { currentPassword: `guess-${i}`, newPassword: 'new-password' }), 400);
    const over = await change(sessionId, { currentPassword: 'old-password', newPassword: 'new-password' });
    expectStatus(over, 429);
    expectStatus(await passwordLogin(t.app, user.phone, 'old-password'), 200);
  });

  it('ignores fields other than the passwords', async () => {
    const user = await buildCustomer(t.db);
    const { sessionId } = await loginAs(t, user);
    expectStatus(await change(sessionId, { newPassword: 'secret1', role: 'superadmin', merchantId: null, phone: '5559999999' }), 200);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ role: 'customer', phone: user.phone });
  });
});

describe('PATCH /api/auth/user', () => {
  const patch = (sessionId: string | null, body: Record<string, unknown>) => call(t.app, 'PATCH', '/api/auth/user', { sessionId, body });

  it('answers 401 without a session', async () => {
    expectStatus(await patch(null, { email: 'a@example.com' }), 401);
  });

  it('keeps a new email pending, trimmed and lowercased, and sends the code to it', async () => {
    const user = await buildCustomer(t.db);
    const { sessionId } = await loginAs(t, user);
    const res = await patch(sessionId, { email: '  Mixed.Case@Example.COM ' });
    expectStatus(res, 200);
    expect(currentUser.parse(res.body)).toMatchObject({ email: null, pendingEmail: 'mixed.case@example.com' });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ email: null, pendingEmail: 'mixed.case@example.com' });
    expect(await emailCodeFor(t.app, 'mixed.case@example.com')).toMatch(/^\d{6}$/);
  });

  it('answers 409 when another account has the email, whatever its letter case', async () => {
    await buildCustomer(t.db, { email: 'Taken@Example.com' });
    const { sessionId } = await loginAs(t, await buildCustomer(t.db));
    const res = await patch(sessionId, { email: 'taken@EXAMPLE.com' });
    expectStatus(res, 409);
    expect(messageOf(res)).toBe('This email is already used by another account');
  });

  it('lets a user save their own email again', async () => {
    const user = await buildCustomer(t.db, { email: 'mine@example.com' });
    const { sessionId } = await loginAs(t, user);
    expectStatus(await patch(sessionId, { email: 'MINE@example.com' }), 200);
  });

  it('gives one of two users racing to verify the same email a 409, never both the email', async () => {
    const a = await loginAs(t, await buildCustomer(t.db));
    const b = await loginAs(t, await buildCustomer(t.db));
    expectStatus(await patch(a.sessionId, { email: 'race@example.com' }), 200);
    const codeA = await emailCodeFor(t.app, 'race@example.com');
    expectStatus(await patch(b.sessionId, { email: 'race@example.com' }), 200);
    const codeB = await emailCodeFor(t.app, 'race@example.com');
    const verify = (sessionId: string, code: string) => call(t.app, 'POST', '/api/auth/verify-email', { sessionId, body: { code } });
    const answers = await Promise.all([verify(a.sessionId, codeA), verify(b.sessionId, codeB)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const owners = await t.db.select().from(users).where(eq(users.email, 'race@example.com'));
    expect(owners).toHaveLength(1);
  });

  it.each([
    ['no at sign', 'not-an-email'],
    ['no domain', 'a@'],
    ['longer than 254 characters', `${'x'.repeat(250)}@example.com`],
  ])('refuses an invalid email (%s) with 400', async (_label, email) => {
    const { sessionId } = await loginAs(t, await buildCustomer(t.db));
    const res = await patch(sessionId, { email });
    expectStatus(res, 400);
    expect(messageOf(res)).toMatch(/^email: /);
  });

  it('clears the email with null', async () => {
    const user = await buildCustomer(t.db, { email: 'gone@example.com' });
    const { sessionId } = await loginAs(t, user);
    const res = await patch(sessionId, { email: null });
    expectStatus(res, 200);
    expect(currentUser.parse(res.body).email).toBeNull();
    // The freed address can be taken by someone else.
    const other = await loginAs(t, await buildCustomer(t.db));
    expectStatus(await patch(other.sessionId, { email: 'gone@example.com' }), 200);
  });

  it.each([
    ['an empty string', ''],
    ['white space', '   '],
  ])('clears the email and a pending one with %s', async (_label, email) => {
    const user = await buildCustomer(t.db, { email: 'kept@example.com' });
    const { sessionId } = await loginAs(t, user);
    expectStatus(await patch(sessionId, { email: 'next@example.com' }), 200);
    const res = await patch(sessionId, { email });
    expectStatus(res, 200);
    expect(currentUser.parse(res.body)).toMatchObject({ email: null, pendingEmail: null });
  });

  it('ignores role, merchantId and other fields in the body', async () => {
    const shop = await buildMerchant(t.db);
    const user = await buildCustomer(t.db);
    const { sessionId } = await loginAs(t, user);
    const res = await patch(sessionId, {
      email: 'plain@example.com',
      role: 'superadmin',
      merchantId: shop.id,
      phone: '5550000000',
      phoneVerified: false,
      passwordHash: 'x',
    });
    expectStatus(res, 200);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ role: 'customer', merchantId: null, phone: user.phone, phoneVerified: true, passwordHash: null });
  });
});

describe('in production', () => {
  let prod: TestApp;
  const sms = new ConsoleSmsSender();

  beforeAll(async () => {
    prod = await createTestApp({ env: { NODE_ENV: 'production' }, deps: { sms } });
  });
  afterAll(async () => {
    await prod?.close();
  });

  it('marks the session cookie Secure as well as HttpOnly and SameSite=Lax', async () => {
    const phone = uniquePhone();
    expectStatus(await call(prod.app, 'POST', '/api/auth/send-sms-code', { body: { phone } }), 200);
    const code = sms.lastSentTo(phone)?.body.match(/\d{6}/)?.[0];
    expect(code).toBeDefined();
    const res = await call(prod.app, 'POST', '/api/auth/verify-sms-code', { body: { phone, code } });
    expectStatus(res, 200);
    expect(res.cookies.find((c) => c.name === 'sessionId')).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: true, path: '/' });
  });

  // Behind one load balancer the left-most X-Forwarded-For entry is whatever the client wrote;
  // only the entry the balancer appended (the right-most) identifies the caller.
  it('keeps the per-address login budget when a client makes up X-Forwarded-For entries', async () => {
    const balancer = '10.0.0.2';
    const realClient = '198.51.100.77';
    const statuses: number[] = [];
    for (let i = 0; i <= LOGIN_LIMITS.perAddress; i++) {
      const res = await passwordLogin(prod.app, uniquePhone(), 'guess', {
        remoteAddress: balancer,
        headers: { 'x-forwarded-for': `203.0.113.${i}, ${realClient}` },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, LOGIN_LIMITS.perAddress).every((s) => s === 401)).toBe(true);
    expect(statuses[LOGIN_LIMITS.perAddress]).toBe(429);
  });
});
