/** SMS codes end to end: sending (normalisation, cooldown, caps) and verifying (login, attempts, expiry, races). */
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { currentUser, sessionAnswer } from '../../contract/auth';
import { SESSION_IDLE_DAYS, SMS_MAX_ATTEMPTS } from '../../contract/constants';
import { buildCustomer, buildMerchant, buildMerchantAccount, uniquePhone } from '../db/factories';
import { sessions, smsCodes, users } from '../db/schema';
import { useTestApp } from '../test/app';

import {
  call,
  endRateLimitWindows,
  endSmsCooldowns,
  expectStatus,
  messageOf,
  otherCode,
  requestSmsCode,
  smsCodeFor,
} from '../test/auth-helpers';
import { SMS_HOURLY_CAP } from './sms-codes';

const t = useTestApp();

const send = (phone: unknown, remoteAddress?: string) =>
  call(t.app, 'POST', '/api/auth/send-sms-code', { body: { phone }, ...(remoteAddress ? { remoteAddress } : {}) });
const verify = (phone: string, code: string, extra: Record<string, unknown> = {}) =>
  call(t.app, 'POST', '/api/auth/verify-sms-code', { body: { phone, code, ...extra } });

describe('POST /api/auth/send-sms-code', () => {
  it('sends a 6-digit code and answers the message of docs/product/messages.md', async () => {
    const phone = uniquePhone();
    const res = await send(phone);
    expectStatus(res, 200);
    expect(res.body).toEqual({ message: 'SMS code sent' });
    expect(await smsCodeFor(t.app, phone)).toMatch(/^\d{6}$/);
  });

  it('treats differently typed forms of one phone as the same phone', async () => {
    expectStatus(await send('555-123-4567'), 200);
    const code = await smsCodeFor(t.app, '5551234567');
    // Same phone, so the resend cooldown applies to the other spelling too.
    const again = await send('5551234567');
    expectStatus(again, 429);
    const [row] = await t.db.select().from(smsCodes);
    expect(row?.phone).toBe('5551234567');
    expectStatus(await verify('(555) 123.4567', code), 200);
  });

  it.each([
    ['555-123-456', 'nine digits with dashes'],
    ['123456789', 'nine digits'],
    ['', 'empty'],
    ['abcdefghijkl', 'letters only'],
    ['12345678901234567', 'seventeen digits'],
  ])('refuses %j (%s) with 400 and the message of docs/product/messages.md', async (phone) => {
    const res = await send(phone);
    expectStatus(res, 400);
    expect(messageOf(res)).toBe('phone: Please enter a valid phone number');
    expect(await t.db.select().from(smsCodes)).toEqual([]);
  });

  it('refuses a missing or non-string phone with 400', async () => {
    expectStatus(await call(t.app, 'POST', '/api/auth/send-sms-code', { body: {} }), 400);
    const numeric = await send(5551234567);
    expectStatus(numeric, 400);
    expect(messageOf(numeric)).toContain('Please enter a valid phone number');
  });

  it('refuses a second code within the 60 s cooldown with 429, and sends again once it has passed', async () => {
    const phone = uniquePhone();
    await requestSmsCode(t.app, phone);
    const early = await send(phone);
    expectStatus(early, 429);
    expect(messageOf(early)).toMatch(/^Please wait (\d+ seconds|1 minute) before requesting another code$/);
    // Another phone is not held back by it.
    expectStatus(await send(uniquePhone()), 200);

    await endSmsCooldowns(t.db);
    expectStatus(await send(phone), 200);
  });

  it(`caps a phone at ${SMS_HOURLY_CAP} codes an hour, even when each waits out the cooldown`, async () => {
    const phone = uniquePhone();
    for (let i = 0; i < SMS_HOURLY_CAP; i++) {
      expectStatus(await send(phone), 200);
      await endSmsCooldowns(t.db);
    }
    const over = await send(phone);
    expectStatus(over, 429);
    expect(messageOf(over)).toBe('Too many codes requested for this phone number. Please try again later.');
    expect(await t.db.select().from(smsCodes).where(eq(smsCodes.phone, phone))).toHaveLength(SMS_HOURLY_CAP);

    // An hour later the phone may ask again.
    await endRateLimitWindows(t.db, 'sms:');
    expectStatus(await send(phone), 200);
  });

  it('caps how many codes one address may request across many phones', async () => {
    const address = '198.51.100.20';
    for (let i = 0; i < 20; i++) expectStatus(await send(uniquePhone(), address), 200);
    const over = await send(uniquePhone(), address);
    expectStatus(over, 429);
    expect(messageOf(over)).toBe('Too many codes requested. Please try again later.');
    expectStatus(await send(uniquePhone(), '198.51.100.21'), 200);
  });

  it('does not let a spoofed X-Forwarded-For header reset the per-address budget outside production', async () => {
    const address = '198.51.100.30';
    for (let i = 0; i < 20; i++) {
      const res = await call(t.app, 'POST', '/api/auth/send-sms-code', {
        body: { phone: uniquePhone() },
        remoteAddress: address,
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
      expectStatus(res, 200);
    }
    const over = await call(t.app, 'POST', '/api/auth/send-sms-code', {
      body: { phone: uniquePhone() },
      remoteAddress: address,
      headers: { 'x-forwarded-for': '203.0.113.250' },
    });
    expectStatus(over, 429);
  });

  it('makes the previous code useless once a new one is sent', async () => {
    const phone = uniquePhone();
    const first = await requestSmsCode(t.app, phone);
    let second = first;
    // Two random codes coincide one time in a million; ask again rather than flake.
    while (second === first) {
      await endSmsCooldowns(t.db);
      second = await requestSmsCode(t.app, phone);
    }
    const old = await verify(phone, first);
    expectStatus(old, 400);
    expectStatus(await verify(phone, second), 200);
  });
});

describe('POST /api/auth/verify-sms-code', () => {
  it('logs a new phone in as a customer with a verified phone and no password', async () => {
    const phone = uniquePhone();
    const code = await requestSmsCode(t.app, phone);
    const res = await verify(phone, code);
    expectStatus(res, 200);
    const answer = sessionAnswer.parse(res.body);
    expect(answer.user).toMatchObject({ phone, phoneVerified: true, role: 'customer', merchantId: null, email: null, hasPassword: false });

    const [row] = await t.db.select().from(users).where(eq(users.phone, phone));
    expect(row).toMatchObject({ id: answer.user.id, phoneVerified: true, passwordHash: null, role: 'customer' });

    const me = await call(t.app, 'GET', '/api/auth/user', { sessionId: answer.sessionId });
    expectStatus(me, 200);
    expect(currentUser.parse(me.body)).toEqual(answer.user);
  });

  it('logs an existing account in, marks its phone verified and creates no second account', async () => {
    const existing = await buildCustomer(t.db, { phoneVerified: false, email: 'someone@example.com' });
    const code = await requestSmsCode(t.app, existing.phone);
    const res = await verify(existing.phone, code);
    expectStatus(res, 200);
    const answer = sessionAnswer.parse(res.body);
    expect(answer.user).toMatchObject({ id: existing.id, phoneVerified: true, email: 'someone@example.com' });
    expect(await t.db.select().from(users)).toHaveLength(1);
  });

  it('sets the session cookie HttpOnly, SameSite=Lax, for the whole site, for the idle lifetime', async () => {
    const phone = uniquePhone();
    const code = await requestSmsCode(t.app, phone);
    const res = await verify(phone, code);
    expectStatus(res, 200);
    const { sessionId } = sessionAnswer.parse(res.body);
    const cookie = res.cookies.find((c) => c.name === 'sessionId');
    expect(cookie).toMatchObject({ value: sessionId, httpOnly: true, sameSite: 'Lax', path: '/', maxAge: SESSION_IDLE_DAYS * 86_400 });
    // Plain http in development and tests; production marks it Secure (see sessions.test.ts).
    expect(cookie?.secure).toBeFalsy();
  });

  it('refuses a wrong code with 400 and no session', async () => {
    const phone = uniquePhone();
    const code = await requestSmsCode(t.app, phone);
    const res = await verify(phone, otherCode(code));
    expectStatus(res, 400);
    expect(messageOf(res)).toBe('Invalid verification code');
    expect(res.cookies).toEqual([]);
    expect(await t.db.select().from(sessions)).toEqual([]);
    expect(await t.db.select().from(users)).toEqual([]);
  });

  it.each([['12345'], ['1234567'], ['12a456'], ['']])('refuses the malformed code %j with the message of docs/product/messages.md', async (code) => {
    const phone = uniquePhone();
    await requestSmsCode(t.app, phone);
    const res = await verify(phone, code);
    expectStatus(res, 400);
    expect(messageOf(res)).toBe('code: Please enter the 6-digit verification code');
  });

  it('refuses a phone that was never sent a code', async () => {
    const res = await verify(uniquePhone(), '123456');
    expectStatus(res, 400);
    expect(messageOf(res)).toBe('Invalid or expired verification code');
  });

  it("does not accept one phone's code for another phone", async () => {
    const mine = uniquePhone();
    const victim = uniquePhone();
    const code = await requestSmsCode(t.app, mine);
    await requestSmsCode(t.app, victim);
    const stolen = await verify(victim, code);
    // Unless both random codes happen to match, the other phone's code is wrong for the victim.
    if (code !== (await smsCodeFor(t.app, victim))) expectStatus(stolen, 400);
    expect(await t.db.select().from(users).where(eq(users.phone, mine))).toEqual([]);
  });

  it(`burns a code after ${SMS_MAX_ATTEMPTS} wrong tries, so the right code then fails`, async () => {
    const phone = uniquePhone();
    const code = await requestSmsCode(t.app, phone);
    const messages: (string | undefined)[] = [];
    for (let i = 0; i < SMS_MAX_ATTEMPTS; i++) {
      const res = await verify(phone, otherCode(code));
      expectStatus(res, 400);
      messages.push(messageOf(res));
    }
    expect(messages.slice(0, -1).every((m) => m === 'Invalid verification code')).toBe(true);
    expect(messages.at(-1)).toBe('Invalid or expired verification code. Please request a new code.');

    const right = await verify(phone, code);
    expectStatus(right, 400);
    expect(await t.db.select().from(sessions)).toEqual([]);
    const [row] = await t.db.select().from(smsCodes);
    expect(row?.attempts).toBe(SMS_MAX_ATTEMPTS);
  });

  it('counts parallel wrong guesses too, so a burst cannot exceed the attempt limit', async () => {
    const phone = uniquePhone();
    const code = await requestSmsCode(t.app, phone);
    const guesses = Array.from({ length: 20 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(guesses.map((g) => verify(phone, g)));
    expect(answers.every((a) => a.status === 400)).toBe(true);
    const [row] = await t.db.select().from(smsCodes);
    expect(row?.attempts).toBeLessThanOrEqual(SMS_MAX_ATTEMPTS);
    expectStatus(await verify(phone, code), 400);
  });

  it('refuses an expired code', async () => {
    const phone = uniquePhone();
    const code = await requestSmsCode(t.app, phone);
    await t.db.execute(sql`update sms_codes set expires_at = now() - interval '1 second'`);
    const res = await verify(phone, code);
    expectStatus(res, 400);
    expect(messageOf(res)).toBe('Invalid or expired verification code');
  });

  it('expires codes five minutes after sending', async () => {
    const phone = uniquePhone();
    await requestSmsCode(t.app, phone);
    const [row] = await t.db.select({ seconds: sql<number>`extract(epoch from (${smsCodes.expiresAt} - ${smsCodes.createdAt}))::int` }).from(smsCodes);
    expect(Number(row?.seconds)).toBe(300);
  });

  it('accepts a code once only', async () => {
    const phone = uniquePhone();
    const code = await requestSmsCode(t.app, phone);
    expectStatus(await verify(phone, code), 200);
    const replay = await verify(phone, code);
    expectStatus(replay, 400);
    expect(await t.db.select().from(sessions)).toHaveLength(1);
  });

  it('lets exactly one of two parallel verifications of the same right code succeed', async () => {
    const phone = uniquePhone();
    const code = await requestSmsCode(t.app, phone);
    const answers = await Promise.all([verify(phone, code), verify(phone, code)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(await t.db.select().from(sessions)).toHaveLength(1);
    expect(await t.db.select().from(users)).toHaveLength(1);
  });

  it('lets exactly one of many parallel verifications succeed for an existing account', async () => {
    const user = await buildCustomer(t.db);
    const code = await requestSmsCode(t.app, user.phone);
    const answers = await Promise.all(Array.from({ length: 8 }, () => verify(user.phone, code)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(7);
    expect(await t.db.select().from(sessions)).toHaveLength(1);
  });

  it('stores codes only as hashes', async () => {
    const phone = uniquePhone();
    const code = await requestSmsCode(t.app, phone);
    const { rows } = (await t.db.execute(sql`select * from sms_codes`)) as unknown as { rows: Record<string, unknown>[] };
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(Object.keys(row)).not.toContain('code');
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    for (const value of Object.values(row)) expect(String(value)).not.toBe(code);
    expect(String(row.code_hash)).not.toContain(code);
  });

  it('ignores role, merchantId and other extra fields in the body', async () => {
    const shop = await buildMerchant(t.db);
    const phone = uniquePhone();
    const code = await requestSmsCode(t.app, phone);
    const res = await verify(phone, code, { role: 'superadmin', merchantId: shop.id, email: 'x@example.com', passwordHash: 'x' });
    expectStatus(res, 200);
    const { user } = sessionAnswer.parse(res.body);
    expect(user).toMatchObject({ role: 'customer', merchantId: null, email: null, hasPassword: false });
  });

  it('refuses the account of an inactive or pending merchant with 403, and logs an active one in', async () => {
    for (const status of ['inactive', 'pending'] as const) {
      const shop = await buildMerchant(t.db, { status });
      const account = await buildMerchantAccount(t.db, shop.id);
      const code = await requestSmsCode(t.app, account.phone);
      const res = await verify(account.phone, code);
      expectStatus(res, 403);
      expect(messageOf(res)).toBe('This merchant account is not active. Please contact support.');
    }
    expect(await t.db.select().from(sessions)).toEqual([]);

    const shop = await buildMerchant(t.db, { status: 'active' });
    const account = await buildMerchantAccount(t.db, shop.id);
    const code = await requestSmsCode(t.app, account.phone);
    const res = await verify(account.phone, code);
    expectStatus(res, 200);
    expect(sessionAnswer.parse(res.body).user).toMatchObject({ role: 'merchant', merchantId: shop.id });
  });
});
