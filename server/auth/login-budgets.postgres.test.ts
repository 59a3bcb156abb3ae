/**
 * Sign-in attempt budgets under parallel requests on a real PostgreSQL server: however many guesses
 * arrive at once, an account's password is checked at most LOGIN_LIMITS.perAccount times in a window,
 * and one SMS code is compared at most SMS_MAX_ATTEMPTS times.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SMS_MAX_ATTEMPTS } from '../../contract/constants';
import { buildCustomer } from '../db/factories';
import { createTestApp, type TestApp } from '../test/app';
import { otherCode, requestSmsCode } from '../test/auth-helpers';
import { http, listen, statusCounts } from '../test/purchase-helpers';
import { LOGIN_LIMITS } from './auth.service';

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ env: { LOGINS_PER_ADDRESS_15_MIN: '1000' } });
  base = await listen(t.app);
});

afterAll(async () => {
  await t.close();
});

it(`checks at most ${LOGIN_LIMITS.perAccount} of 40 parallel password guesses, by phone and email alike`, async () => {
  const user = await buildCustomer(t.db, { password: 'right-one', email: 'racer@example.com' });
  const answers = await Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      http(base, 'POST', '/api/auth/password-login', { body: { identifier: i % 2 ? user.phone : 'racer@example.com', password: `guess-${i}` } }),
    ),
  );
  expect(statusCounts(answers)).toEqual({ 401: LOGIN_LIMITS.perAccount, 429: 40 - LOGIN_LIMITS.perAccount });
});

it(`compares one SMS code at most ${SMS_MAX_ATTEMPTS} times when 20 guesses arrive at once`, async () => {
  const user = await buildCustomer(t.db);
  const code = await requestSmsCode(t.app, user.phone);
  const answers = await Promise.all(
    Array.from({ length: 20 }, () => http(base, 'POST', '/api/auth/verify-sms-code', { body: { phone: user.phone, code: otherCode(code) } })),
  );
  const compared = answers.filter((a) => /^Invalid verification code$|Please request a new code/.test((a.body as { message?: string }).message ?? ''));
  expect(answers.every((a) => a.status === 400)).toBe(true);
  // The answers that were compared say so; the rest found the code used up without comparing it.
  expect(compared.length).toBeLessThanOrEqual(SMS_MAX_ATTEMPTS);
  const right = await http(base, 'POST', '/api/auth/verify-sms-code', { body: { phone: user.phone, code } });
  expect(right.status).toBe(400);
});
