/** Registration and password login: hashing, mass assignment, enumeration, attempt budgets, merchant status. */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessionAnswer } from '../../contract/auth';
import { buildCustomer, buildMerchant, buildMerchantAccount, buildUser, uniquePhone } from '../db/factories';
import { DEMO_CUSTOMER, DEMO_MERCHANT, loadDemoData } from '../demo/demo-data';
import { sessions, users } from '../db/schema';
import { useTestApp } from '../test/app';

import {
  call,
  emailCodeFor,
  endRateLimitWindows,
  expectStatus,
  loginAs,
  messageOf,
  otherCode,
  passwordLogin,
  requestSmsCode,
  signInWithSms,
} from '../test/auth-helpers';
import { LOGIN_LIMITS } from './auth.service';

const t = useTestApp();

const register = (body: Record<string, unknown>) => call(t.app, 'POST', '/api/auth/register', { body });
const login = (identifier: string, password: string, remoteAddress?: string) =>
  passwordLogin(t.app, identifier, password, remoteAddress ? { remoteAddress } : {});

const LOGIN_FAILED = 'Invalid phone number or password';

describe('POST /api/auth/register', () => {
  it('creates a customer with an argon2id hash and logs it in', async () => {
    const phone = uniquePhone();
    const smsCode = await requestSmsCode(t.app, phone);
    const res = await register({ phone, password: 'secret1', smsCode });
    expectStatus(res, 200);
    const answer = sessionAnswer.parse(res.body);
    expect(answer.user).toMatchObject({ phone, role: 'customer', phoneVerified: true, hasPassword: true, merchantId: null });
    expect(res.cookies.find((c) => c.name === 'sessionId')?.value).toBe(answer.sessionId);

    const [row] = await t.db.select().from(users).where(eq(users.phone, phone));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain('secret1');

    expectStatus(await call(t.app, 'GET', '/api/auth/user', { sessionId: answer.sessionId }), 200);
    expectStatus(await login(phone, 'secret1'), 200);
  });

  it('hashes equal passwords differently (salted)', async () => {
    const a = uniquePhone();
    const b = uniquePhone();
    expectStatus(await register({ phone: a, password: 'same-password', smsCode: await requestSmsCode(t.app, a) }), 200);
    expectStatus(await register({ phone: b, password: 'same-password', smsCode: await requestSmsCode(t.app, b) }), 200);
    const rows = await t.db.select({ hash: users.passwordHash }).from(users);
    expect(new Set(rows.map((r) => r.hash)).size).toBe(2);
  });

  it('answers 409 for a phone that already has an account, in whatever format it is typed', async () => {
    await buildCustomer(t.db, { phone: '5552223333', password: 'existing' });
    const smsCode = await requestSmsCode(t.app, '555-222-3333');
    const res = await register({ phone: '(555) 222-3333', password: 'another1', smsCode });
    expectStatus(res, 409);
    expect(messageOf(res)).toBe('This phone number is already registered. Please log in.');
    expect(await t.db.select().from(users)).toHaveLength(1);
    // The original password still works; the registration did not overwrite it.
    expectStatus(await login('5552223333', 'existing'), 200);
  });

  it('refuses a password shorter than 6 characters with the message of docs/product/messages.md', async () => {
    const phone = uniquePhone();
    const smsCode = await requestSmsCode(t.app, phone);
    const res = await register({ phone, password: '12345', smsCode });
    expectStatus(res, 400);
    expect(messageOf(res)).toBe('password: New password must be at least 6 characters');
    expect(await t.db.select().from(users)).toEqual([]);
  });

  it('refuses a wrong, malformed or missing code and creates nothing', async () => {
    const phone = uniquePhone();
    const smsCode = await requestSmsCode(t.app, phone);
    const wrong = await register({ phone, password: 'secret1', smsCode: otherCode(smsCode) });
    expectStatus(wrong, 400);
    expect(messageOf(wrong)).toBe('Invalid verification code');
    const malformed = await register({ phone, password: 'secret1', smsCode: '12345' });
    expectStatus(malformed, 400);
    expect(messageOf(malformed)).toBe('smsCode: Please enter the 6-digit verification code');
    expectStatus(await register({ phone, password: 'secret1' }), 400);
    const never = await register({ phone: uniquePhone(), password: 'secret1', smsCode: '123456' });
    expectStatus(never, 400);
    expect(await t.db.select().from(users)).toEqual([]);
    expect(await t.db.select().from(sessions)).toEqual([]);
  });

  it('consumes the code, so the same code cannot register or log in twice', async () => {
    const phone = uniquePhone();
    const smsCode = await requestSmsCode(t.app, phone);
    expectStatus(await register({ phone, password: 'secret1', smsCode }), 200);
    const replay = await call(t.app, 'POST', '/api/auth/verify-sms-code', { body: { phone, code: smsCode } });
    expectStatus(replay, 400);
  });

  it('ignores role, merchantId, phoneVerified and other extra fields (no mass assignment)', async () => {
    const shop = await buildMerchant(t.db);
    const phone = uniquePhone();
    const smsCode = await requestSmsCode(t.app, phone);
    const res = await register({
      phone,
      password: 'secret1',
      smsCode,
      role: 'superadmin',
      merchantId: shop.id,
      phoneVerified: false,
      mustChangePassword: true,
      email: 'sneaky@example.com',
      passwordHash: 'plain',
      id: '00000000-0000-4000-8000-000000000000',
    });
    expectStatus(res, 200);
    const [row] = await t.db.select().from(users).where(eq(users.phone, phone));
    expect(row).toMatchObject({ role: 'customer', merchantId: null, phoneVerified: true, mustChangePassword: false, email: null });
    expect(row?.id).not.toBe('00000000-0000-4000-8000-000000000000');
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);

    const { sessionId } = sessionAnswer.parse(res.body);
    const role = await call(t.app, 'GET', '/api/admin/check-role', { sessionId });
    expect(role.body).toEqual({ isSuperAdmin: false });
  });

  it('lets exactly one of two parallel registrations with the same code succeed', async () => {
    const phone = uniquePhone();
    const smsCode = await requestSmsCode(t.app, phone);
    const answers = await Promise.all([
      register({ phone, password: 'first-pw', smsCode }),
      register({ phone, password: 'second-pw', smsCode }),
    ]);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(await t.db.select().from(users)).toHaveLength(1);
  });

  // Password login answers an unknown phone and a wrong password alike, so that route does not
  // reveal who has an account; registration with a made-up code must not reveal it either.
  it('does not reveal whether a phone is registered to a caller without its code', async () => {
    const member = await buildCustomer(t.db, { password: 'secret1' });
    const stranger = uniquePhone();
    const probeMember = await register({ phone: member.phone, password: 'whatever1', smsCode: '000000' });
    const probeStranger = await register({ phone: stranger, password: 'whatever1', smsCode: '000000' });
    expect({ status: probeMember.status, message: messageOf(probeMember) }).toEqual({
      status: probeStranger.status,
      message: messageOf(probeStranger),
    });
  });
});

describe('POST /api/auth/password-login', () => {
  it('logs in by phone in any formatting', async () => {
    const user = await buildCustomer(t.db, { phone: '5551234567', password: 'secret1' });
    for (const typed of ['5551234567', '555-123-4567', '(555) 123-4567', ' 555.123.4567 ']) {
      const res = await login(typed, 'secret1');
      expectStatus(res, 200);
      const answer = sessionAnswer.parse(res.body);
      expect(answer.user).toMatchObject({ id: user.id, phone: '5551234567', role: 'customer' });
      expect(res.cookies.find((c) => c.name === 'sessionId')).toMatchObject({ value: answer.sessionId, httpOnly: true, sameSite: 'Lax' });
    }
  });

  it('logs in by email once it is verified, in any letter case', async () => {
    const user = await buildCustomer(t.db, { password: 'secret1' });
    expectStatus(await login('me@example.com', 'secret1'), 401);
    const { sessionId } = await loginAs(t, user);
    expectStatus(await call(t.app, 'PATCH', '/api/auth/user', { sessionId, body: { email: 'Me@Example.com' } }), 200);
    // Saved but not confirmed, the email does not log anyone in.
    const pending = await login('me@example.com', 'secret1');
    expectStatus(pending, 401);
    expect(messageOf(pending)).toBe(LOGIN_FAILED);
    const code = await emailCodeFor(t.app, 'me@example.com');
    expectStatus(await call(t.app, 'POST', '/api/auth/verify-email', { sessionId, body: { code } }), 200);
    for (const typed of ['me@example.com', 'ME@EXAMPLE.COM', ' me@example.com ']) {
      const res = await login(typed, 'secret1');
      expectStatus(res, 200);
      expect(sessionAnswer.parse(res.body).user.id).toBe(user.id);
    }
  });

  it('answers an unknown phone, an unknown email and a wrong password with the same status and message', async () => {
    const user = await buildCustomer(t.db, { password: 'secret1', email: 'known@example.com' });
    const answers = await Promise.all([
      login(uniquePhone(), 'secret1'),
      login('nobody@example.com', 'secret1'),
      login(user.phone, 'wrong-password'),
      login('known@example.com', 'wrong-password'),
    ]);
    for (const res of answers) {
      expectStatus(res, 401);
      expect(messageOf(res)).toBe(LOGIN_FAILED);
      expect(res.cookies).toEqual([]);
    }
    expect(await t.db.select().from(sessions)).toEqual([]);
  });

  it('refuses an account that has no password yet, with the same answer', async () => {
    const { user } = await signInWithSms(t.app, uniquePhone());
    for (const password of ['', 'null', 'undefined', 'anything']) {
      const res = await login(user.phone, password);
      expect(res.status).toBe(password === '' ? 400 : 401);
      if (password !== '') expect(messageOf(res)).toBe(LOGIN_FAILED);
    }
  });

  it('asks for the phone and the password with the messages of docs/product/messages.md', async () => {
    const noPhone = await call(t.app, 'POST', '/api/auth/password-login', { body: { identifier: '   ', password: 'x' } });
    expectStatus(noPhone, 400);
    expect(messageOf(noPhone)).toBe('identifier: Please enter your phone number');
    const noPassword = await call(t.app, 'POST', '/api/auth/password-login', { body: { identifier: '5551234567', password: '' } });
    expectStatus(noPassword, 400);
    expect(messageOf(noPassword)).toBe('password: Please enter your password');
    const nothing = await call(t.app, 'POST', '/api/auth/password-login', { body: {} });
    expectStatus(nothing, 400);
  });

  it(`locks an account for a while after ${LOGIN_LIMITS.perAccount} attempts, even with the right password`, async () => {
    const user = await buildCustomer(t.db, { phone: '5557654321', password: 'secret1' });
    // Different spellings of one phone share one budget.
    const spellings = ['5557654321', '555-765-4321', '(555) 765 4321'];
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i++) {
      const res = await login(spellings[i % spellings.length]!, `wrong-${i}`);
      expectStatus(res, 401);
    }
    const locked = await login(user.phone, 'secret1');
    expectStatus(locked, 429);
    expect(messageOf(locked)).toMatch(/^Too many attempts\. Please try again in \d+ minutes, or log in with an SMS code\.$/);
    expect(await t.db.select().from(sessions)).toEqual([]);

    // Another account from the same address is not locked with it.
    const other = await buildCustomer(t.db, { password: 'secret2' });
    expectStatus(await login(other.phone, 'secret2'), 200);

    // Once the window has passed, the right password works again.
    await endRateLimitWindows(t.db, 'login:account:');
    expectStatus(await login(user.phone, 'secret1'), 200);
  });

  it('resets the account budget after a successful login', async () => {
    const user = await buildCustomer(t.db, { password: 'secret1' });
    for (let i = 0; i < LOGIN_LIMITS.perAccount - 1; i++) expectStatus(await login(user.phone, 'wrong'), 401);
    expectStatus(await login(user.phone, 'secret1'), 200);
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i++) expectStatus(await login(user.phone, 'wrong'), 401);
    expectStatus(await login(user.phone, 'wrong'), 429);
  });

  it('locks an email identifier and its letter-case variants together', async () => {
    await buildCustomer(t.db, { password: 'secret1', email: 'case@example.com' });
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i++) {
      expectStatus(await login(i % 2 ? 'CASE@example.com' : 'case@EXAMPLE.com', 'wrong'), 401);
    }
    expectStatus(await login('case@example.com', 'secret1'), 429);
  });

  it('keeps one budget per account, whether guesses name it by phone or by email', async () => {
    const user = await buildCustomer(t.db, { password: 'secret1', email: 'both@example.com' });
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i++) {
      expectStatus(await login(i % 2 ? user.phone : 'both@example.com', 'wrong'), 401);
    }
    expectStatus(await login(user.phone, 'secret1'), 429);
    expectStatus(await login('both@example.com', 'secret1'), 429);
  });

  it("lets a merchant locked out by someone else's guesses in with an SMS code, which ends the lock-out", async () => {
    const shop = await buildMerchant(t.db);
    const owner = await buildMerchantAccount(t.db, shop.id, { password: 'owner-secret' });
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i++) expectStatus(await login(owner.phone, `guess-${i}`, '198.51.100.7'), 401);
    const locked = await login(owner.phone, 'owner-secret');
    expectStatus(locked, 429);
    expect(messageOf(locked)).toMatch(/or log in with an SMS code\.$/);

    const bySms = await signInWithSms(t.app, owner.phone);
    expect(bySms.user.role).toBe('merchant');
    expectStatus(await login(owner.phone, 'owner-secret'), 200);
  });

  it(`limits one address to ${LOGIN_LIMITS.perAddress} attempts across many accounts`, async () => {
    const address = '203.0.113.50';
    const user = await buildCustomer(t.db, { password: 'secret1' });
    for (let i = 0; i < LOGIN_LIMITS.perAddress; i++) {
      expectStatus(await login(uniquePhone(), 'guess', address), 401);
    }
    const over = await login(user.phone, 'secret1', address);
    expectStatus(over, 429);
    expect(messageOf(over)).toMatch(/^Too many attempts/);
    // Someone else, from another address, is unaffected.
    expectStatus(await login(user.phone, 'secret1', '203.0.113.51'), 200);
  });

  it('refuses the accounts of inactive and pending merchants with 403 and lets an active one in', async () => {
    for (const status of ['inactive', 'pending'] as const) {
      const shop = await buildMerchant(t.db, { status });
      const account = await buildMerchantAccount(t.db, shop.id, { password: 'merchant-pw' });
      const res = await login(account.phone, 'merchant-pw');
      expectStatus(res, 403);
      expect(messageOf(res)).toBe('This merchant account is not active. Please contact support.');
      // A wrong password still gets the generic answer, so the status of a merchant does not leak.
      const wrong = await login(account.phone, 'not-it');
      expectStatus(wrong, 401);
      expect(messageOf(wrong)).toBe(LOGIN_FAILED);
    }
    expect(await t.db.select().from(sessions)).toEqual([]);

    const shop = await buildMerchant(t.db, { status: 'active' });
    const account = await buildMerchantAccount(t.db, shop.id, { password: 'merchant-pw' });
    const res = await login(account.phone, 'merchant-pw');
    expectStatus(res, 200);
    expect(sessionAnswer.parse(res.body).user).toMatchObject({ role: 'merchant', merchantId: shop.id, phone: account.phone });
  });

  it('runs the merchant flow: generated password, forced change, then the new password only', async () => {
    const shop = await buildMerchant(t.db, { phone: '5550109999' });
    await buildMerchantAccount(t.db, shop.id, { phone: '5550109999', password: 'merchant-5550109999', mustChangePassword: true });

    const first = await login('555-010-9999', 'merchant-5550109999');
    expectStatus(first, 200);
    const answer = sessionAnswer.parse(first.body);
    expect(answer.user).toMatchObject({ role: 'merchant', merchantId: shop.id, mustChangePassword: true, hasPassword: true });

    const changed = await call(t.app, 'PUT', '/api/auth/password', {
      sessionId: answer.sessionId,
      body: { currentPassword: 'merchant-5550109999', newPassword: 'my-own-secret' },
    });
    expectStatus(changed, 200);
    expectStatus(await login('5550109999', 'merchant-5550109999'), 401);
    const again = await login('5550109999', 'my-own-secret');
    expectStatus(again, 200);
    expect(sessionAnswer.parse(again.body).user.mustChangePassword).toBe(false);
  });

  it('logs the demo merchant and the demo customer in with the credentials the README gives', async () => {
    await loadDemoData(t.db);
    const merchant = await login(DEMO_MERCHANT.phone, DEMO_MERCHANT.password);
    expectStatus(merchant, 200);
    const m = sessionAnswer.parse(merchant.body).user;
    expect(m.role).toBe('merchant');
    expect(m.merchantId).not.toBeNull();

    const customer = await login(DEMO_CUSTOMER.phone, DEMO_CUSTOMER.password);
    expectStatus(customer, 200);
    expect(sessionAnswer.parse(customer.body).user.role).toBe('customer');
  });

  it('starts a new, distinct session for every login', async () => {
    const user = await buildUser(t.db, { password: 'secret1' });
    const a = sessionAnswer.parse((await login(user.phone, 'secret1')).body).sessionId;
    const b = sessionAnswer.parse((await login(user.phone, 'secret1')).body).sessionId;
    expect(a).not.toBe(b);
    // Both devices stay signed in.
    expectStatus(await call(t.app, 'GET', '/api/auth/user', { sessionId: a }), 200);
    expectStatus(await call(t.app, 'GET', '/api/auth/user', { sessionId: b }), 200);
  });
});
