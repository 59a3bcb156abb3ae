/**
 * A stranger who knows a phone number cannot keep its owner out (docs/product/rules.md#sms-codes; ADR 034).
 * Merchants' phones are public. A stranger may spend the account's password attempts, ask for every code an
 * address may have sent to the phone and guess each one wrong, and keep guessing; the owner, asking from
 * their own browser, still gets a code, and only their own guesses count against it.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessionAnswer } from '../../contract/auth';
import { SMS_MAX_ATTEMPTS } from '../../contract/constants';
import { buildMerchant, buildMerchantAccount } from '../db/factories';
import { users } from '../db/schema';
import { useTestApp } from '../test/app';
import { call, endSmsCooldowns, expectStatus, otherCode, smsCodeFor, type CallResult } from '../test/auth-helpers';
import { LOGIN_LIMITS } from './auth.service';
import { SMS_CHALLENGE_COOKIE, SMS_HOURLY_CAP } from './sms-codes';

const t = useTestApp();

const STRANGER = '203.0.113.66';
const OWNER = '198.51.100.7';

const challengeOf = (res: CallResult) => res.cookies.find((c) => c.name === SMS_CHALLENGE_COOKIE)?.value;

describe('a stranger who knows a merchant owner phone', () => {
  it('spends the password attempts and burns every code it can ask for, and the owner still logs in by SMS', async () => {
    const shop = await buildMerchant(t.db);
    const account = await buildMerchantAccount(t.db, shop.id);
    const phone = account.phone;

    // Every password attempt of the account, spent.
    for (let i = 0; i < LOGIN_LIMITS.perAccount + 1; i++) {
      await call(t.app, 'POST', '/api/auth/password-login', { body: { identifier: phone, password: `wrong-${i}` }, remoteAddress: STRANGER });
    }
    // Every code the stranger's address may have sent to the phone, each guessed wrong until burned.
    for (let n = 0; n < SMS_HOURLY_CAP; n++) {
      await endSmsCooldowns(t.db);
      expectStatus(await call(t.app, 'POST', '/api/auth/send-sms-code', { body: { phone }, remoteAddress: STRANGER }), 200);
      const sent = await smsCodeFor(t.app, phone);
      for (let g = 0; g < SMS_MAX_ATTEMPTS; g++) {
        await call(t.app, 'POST', '/api/auth/verify-sms-code', { body: { phone, code: otherCode(sent) }, remoteAddress: STRANGER });
      }
    }
    await endSmsCooldowns(t.db);
    expectStatus(await call(t.app, 'POST', '/api/auth/send-sms-code', { body: { phone }, remoteAddress: STRANGER }), 429);

    // The owner asks from their own browser: a code is sent, and the browser keeps its challenge.
    const asked = await call(t.app, 'POST', '/api/auth/send-sms-code', { body: { phone }, remoteAddress: OWNER });
    expectStatus(asked, 200);
    const challenge = challengeOf(asked);
    expect(challenge).toBeTruthy();
    expect(asked.cookies.find((c) => c.name === SMS_CHALLENGE_COOKIE)).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    const code = await smsCodeFor(t.app, phone);

    // The stranger keeps guessing, and asks again: neither touches the owner's code.
    for (let g = 0; g < SMS_MAX_ATTEMPTS * 2; g++) {
      const guess = await call(t.app, 'POST', '/api/auth/verify-sms-code', { body: { phone, code: otherCode(code) }, remoteAddress: STRANGER });
      expectStatus(guess, 400);
    }
    // Even the right code is no use to the stranger without the owner's challenge: it is not theirs to guess at.
    expectStatus(await call(t.app, 'POST', '/api/auth/verify-sms-code', { body: { phone, code }, remoteAddress: STRANGER }), 400);

    const login = await call(t.app, 'POST', '/api/auth/verify-sms-code', {
      body: { phone, code },
      cookies: { [SMS_CHALLENGE_COOKIE]: challenge! },
      remoteAddress: OWNER,
    });
    expectStatus(login, 200);
    expect(sessionAnswer.parse(login.body).user).toMatchObject({ id: account.id, role: 'merchant' });
    // Logging in by SMS proves the phone: the stranger's password guesses stop counting against the owner.
    const [owner] = await t.db.select({ phoneVerified: users.phoneVerified }).from(users).where(eq(users.id, account.id));
    expect(owner!.phoneVerified).toBe(true);
  });

  it('cannot replace the code the owner asked for by asking for one of its own', async () => {
    const shop = await buildMerchant(t.db);
    const { phone } = await buildMerchantAccount(t.db, shop.id);
    const asked = await call(t.app, 'POST', '/api/auth/send-sms-code', { body: { phone }, remoteAddress: OWNER });
    const code = await smsCodeFor(t.app, phone);
    expectStatus(await call(t.app, 'POST', '/api/auth/send-sms-code', { body: { phone }, remoteAddress: STRANGER }), 200);
    const login = await call(t.app, 'POST', '/api/auth/verify-sms-code', {
      body: { phone, code },
      cookies: { [SMS_CHALLENGE_COOKIE]: challengeOf(asked)! },
      remoteAddress: OWNER,
    });
    expectStatus(login, 200);
  });

  it('still burns a code after five wrong guesses by its own holder', async () => {
    const shop = await buildMerchant(t.db);
    const { phone } = await buildMerchantAccount(t.db, shop.id);
    const asked = await call(t.app, 'POST', '/api/auth/send-sms-code', { body: { phone }, remoteAddress: OWNER });
    const code = await smsCodeFor(t.app, phone);
    const cookies = { [SMS_CHALLENGE_COOKIE]: challengeOf(asked)! };
    for (let g = 0; g < SMS_MAX_ATTEMPTS; g++) {
      expectStatus(await call(t.app, 'POST', '/api/auth/verify-sms-code', { body: { phone, code: otherCode(code) }, cookies, remoteAddress: OWNER }), 400);
    }
    expectStatus(await call(t.app, 'POST', '/api/auth/verify-sms-code', { body: { phone, code }, cookies, remoteAddress: OWNER }), 400);
  });
});
