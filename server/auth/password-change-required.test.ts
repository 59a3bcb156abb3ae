/**
 * A merchant account on a password it did not choose: the generated one is random and shown once,
 * and until the account sets its own, the server refuses everything but reading the current user,
 * changing the password and logging out (403 PASSWORD_CHANGE_REQUIRED).
 */
import { describe, expect, it } from 'vitest';
import { createdMerchantAnswer } from '../../contract/admin';
import { currentUser, passwordChangedAnswer, sessionAnswer } from '../../contract/auth';
import { PASSWORD_CHANGE_REQUIRED } from '../../contract/common';
import { buildCustomer, buildDeal } from '../db/factories';
import { useTestApp } from '../test/app';
import { as, merchantForm, signInSuperadmin } from '../test/admin-helpers';
import { call, expectStatus, passwordLogin } from '../test/auth-helpers';
import { buildVouchers } from '../test/fixtures';

const t = useTestApp();

async function createMerchantViaAdmin() {
  const admin = await signInSuperadmin(t);
  const res = await as(t.app, admin, 'POST', '/api/admin/merchants', merchantForm());
  expectStatus(res, 201);
  return createdMerchantAnswer.parse(res.body);
}

describe('the generated first password of a merchant account', () => {
  it('is random, not derived from the public phone, and differs between merchants', async () => {
    const a = await createMerchantViaAdmin();
    const b = await createMerchantViaAdmin();
    for (const created of [a, b]) {
      expect(created.loginInfo.password).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
      expect(created.loginInfo.password).not.toContain(created.loginInfo.phone);
      expectStatus(await passwordLogin(t.app, created.loginInfo.phone, `merchant-${created.loginInfo.phone}`), 401);
    }
    expect(a.loginInfo.password).not.toBe(b.loginInfo.password);
  });
});

describe('until the account sets its own password', () => {
  it('answers 403 PASSWORD_CHANGE_REQUIRED to every call but the current user, the password change and logout', async () => {
    const created = await createMerchantViaAdmin();
    const login = await passwordLogin(t.app, created.loginInfo.phone, created.loginInfo.password);
    expectStatus(login, 200);
    const { sessionId, user } = sessionAnswer.parse(login.body);
    expect(user.mustChangePassword).toBe(true);

    const customer = await buildCustomer(t.db);
    const deal = await buildDeal(t.db, { merchantId: created.id });
    const { vouchers: [voucher] } = await buildVouchers(t.db, { userId: customer.id, dealId: deal.id, count: 1 });
    const refused: [string, string, unknown?][] = [
      ['POST', '/api/redeem', { code: voucher!.code, pin: voucher!.pin }],
      ['GET', '/api/merchant/redemptions'],
      ['GET', '/api/deals'],
      ['GET', `/api/deals/${deal.id}`],
      ['PATCH', '/api/auth/user', { email: 'someone@example.com' }],
      ['GET', '/api/user/vouchers'],
    ];
    for (const [method, url, body] of refused) {
      const res = await call(t.app, method as 'GET', url, { sessionId, ...(body === undefined ? {} : { body }) });
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body).toEqual({ message: 'Please set your own password before you continue', code: PASSWORD_CHANGE_REQUIRED });
    }

    const me = await call(t.app, 'GET', '/api/auth/user', { sessionId });
    expectStatus(me, 200);
    expect(currentUser.parse(me.body).mustChangePassword).toBe(true);

    const changed = await call(t.app, 'PUT', '/api/auth/password', {
      sessionId,
      body: { currentPassword: created.loginInfo.password, newPassword: 'my-own-choice' },
    });
    expectStatus(changed, 200);
    const fresh = passwordChangedAnswer.parse(changed.body).sessionId;
    expectStatus(await call(t.app, 'GET', '/api/merchant/redemptions', { sessionId: fresh }), 200);
    const redeemed = await call(t.app, 'POST', '/api/redeem', { sessionId: fresh, body: { code: voucher!.code, pin: voucher!.pin } });
    expectStatus(redeemed, 200);
  });

  it('still lets the account log out', async () => {
    const created = await createMerchantViaAdmin();
    const { sessionId } = sessionAnswer.parse((await passwordLogin(t.app, created.loginInfo.phone, created.loginInfo.password)).body);
    expectStatus(await call(t.app, 'POST', '/api/auth/logout', { sessionId }), 200);
    expectStatus(await call(t.app, 'GET', '/api/auth/user', { sessionId }), 401);
  });
});
