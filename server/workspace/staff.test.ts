/**
 * A merchant's staff (ADR 028): added by the owner with a generated first password (ADR 006), logging
 * in by password or SMS code as staff, kept within MERCHANT_STAFF_LIMIT, and removed back to a plain
 * customer with every session ended.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { passwordChangedAnswer, sessionAnswer } from '../../contract/auth';
import { PASSWORD_CHANGE_REQUIRED } from '../../contract/common';
import { MERCHANT_STAFF_LIMIT } from '../../contract/constants';
import { addedStaffAnswer, redemptionPreview, staffList } from '../../contract/workspace';
import { buildCustomer, buildDeal, buildMerchant, buildMerchantAccount, uniquePhone } from '../db/factories';
import { sessions, users } from '../db/schema';
import { useTestApp } from '../test/app';
import { call, expectStatus, loginAs, passwordLogin, signInWithSms, type TestSession } from '../test/auth-helpers';
import { as, expectError } from '../test/admin-helpers';
import { buildVouchers } from '../test/fixtures';
import { PHONE_TAKEN, STAFF_LIMIT_REACHED } from './staff.service';
import { english } from '../i18n';

const t = useTestApp();

let shopId: string;
let owner: TestSession;
let ownerPhone: string;
let otherShopId: string;
let otherOwner: TestSession;

beforeEach(async () => {
  shopId = (await buildMerchant(t.db, { name: 'Sakura Sushi House' })).id;
  const account = await buildMerchantAccount(t.db, shopId);
  ownerPhone = account.phone;
  owner = await loginAs(t, account);
  otherShopId = (await buildMerchant(t.db)).id;
  otherOwner = await loginAs(t, await buildMerchantAccount(t.db, otherShopId));
});

const add = (session: TestSession, body: unknown) => as(t.app, session, 'POST', '/api/merchant/staff', body);
const removeStaff = (session: TestSession, id: string) => as(t.app, session, 'DELETE', `/api/merchant/staff/${id}`);

async function added(session: TestSession = owner, body: Record<string, unknown> = {}) {
  const res = await add(session, { phone: uniquePhone(), name: 'Kenji', ...body });
  expectStatus(res, 201);
  return addedStaffAnswer.parse(res.body);
}

async function listOf(session: TestSession) {
  const res = await as(t.app, session, 'GET', '/api/merchant/staff');
  expectStatus(res, 200);
  return staffList.parse(res.body);
}

async function account(id: string) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return row!;
}

/** Logs a new staff account in with its first password and sets its own; answers the working session. */
async function staffWithOwnPassword(password = 'counter-pass-1') {
  const created = await added();
  const first = sessionAnswer.parse((await passwordLogin(t.app, created.loginInfo.phone, created.loginInfo.password)).body);
  const changed = await call(t.app, 'PUT', '/api/auth/password', {
    sessionId: first.sessionId,
    body: { currentPassword: created.loginInfo.password, newPassword: password },
  });
  expectStatus(changed, 200);
  return { created, session: { sessionId: passwordChangedAnswer.parse(changed.body).sessionId } as TestSession };
}

describe('POST /api/merchant/staff', () => {
  it('makes a staff account of the session’s merchant with a generated first password, shown once', async () => {
    const res = await add(owner, { phone: '(555) 010-0777', name: '  Kenji Sato ', role: 'superadmin', merchantId: otherShopId });
    expectStatus(res, 201);
    const created = addedStaffAnswer.parse(res.body);
    expect(created).toMatchObject({ phone: '5550100777', name: 'Kenji Sato', loginInfo: { phone: '5550100777' } });
    expect(created.loginInfo.password).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    expect(await account(created.id)).toMatchObject({
      role: 'merchant',
      merchantId: shopId,
      merchantRole: 'staff',
      mustChangePassword: true,
      displayName: 'Kenji Sato',
    });
    expect((await account(created.id)).passwordHash).not.toContain(created.loginInfo.password);
    expect(await listOf(owner)).toEqual([{ id: created.id, phone: '5550100777', name: 'Kenji Sato', createdAt: created.createdAt }]);
  });

  it('takes the name as optional, and refuses a bad phone or a long name', async () => {
    const nameless = await added(owner, { name: undefined });
    expect(nameless.name).toBe('');
    expectError(await add(owner, { phone: '12ab' }), 400, 'phone: Please enter a valid phone number');
    expectError(await add(owner, { phone: uniquePhone(), name: 'x'.repeat(81) }), 400, 'name: must be at most 80 characters');
  });

  it('answers 409 for a phone that already has an account, however it is typed, and creates nothing', async () => {
    const customer = await buildCustomer(t.db, { phone: '5550100888' });
    const theirStaff = await added(otherOwner);
    for (const phone of ['555-010-0888', ownerPhone, theirStaff.phone]) {
      const answer = await add(owner, { phone, name: 'Someone' });
      expectError(answer, 409, english(PHONE_TAKEN));
      expect(answer.body).toMatchObject({ code: 'phone_taken' });
    }
    expect(await account(customer.id)).toMatchObject({ role: 'customer', merchantId: null, merchantRole: null });
    expect(await listOf(owner)).toEqual([]);
  });

  it(`keeps a merchant within ${MERCHANT_STAFF_LIMIT} staff accounts, even when adds arrive together`, async () => {
    for (let i = 0; i < MERCHANT_STAFF_LIMIT - 1; i++) await buildMerchantAccount(t.db, shopId, { merchantRole: 'staff' });
    // Another merchant's staff count for that merchant only.
    await buildMerchantAccount(t.db, otherShopId, { merchantRole: 'staff' });
    const answers = await Promise.all(Array.from({ length: 4 }, () => add(owner, { phone: uniquePhone(), name: 'Rush' })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409]);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body).toEqual({ message: english(STAFF_LIMIT_REACHED) });
    expect(await listOf(owner)).toHaveLength(MERCHANT_STAFF_LIMIT);
    expectStatus(await add(otherOwner, { phone: uniquePhone() }), 201);
  });
});

describe('GET /api/merchant/staff', () => {
  it('lists the merchant’s own staff, newest first, without the owner', async () => {
    const first = await added(owner, { name: 'First' });
    await added(otherOwner, { name: 'Elsewhere' });
    const second = await added(owner, { name: 'Second' });
    await t.db.update(users).set({ createdAt: new Date(Date.now() - 60_000) }).where(eq(users.id, first.id));
    expect((await listOf(owner)).map((s) => s.id)).toEqual([second.id, first.id]);
    expect((await listOf(otherOwner)).map((s) => s.name)).toEqual(['Elsewhere']);
  });
});

describe('a staff account at work', () => {
  it('logs in by password, must set its own first, and then redeems but reaches none of the owner’s calls', async () => {
    const created = await added();
    const login = await passwordLogin(t.app, created.loginInfo.phone, created.loginInfo.password);
    expectStatus(login, 200);
    const first = sessionAnswer.parse(login.body);
    expect(first.user).toMatchObject({ role: 'merchant', merchantId: shopId, merchantRole: 'staff', mustChangePassword: true });
    const before = await call(t.app, 'POST', '/api/merchant/redemptions/preview', { sessionId: first.sessionId, body: { code: 'NOPENOPE', pin: '123456' } });
    expect(before.status).toBe(403);
    expect(before.body).toMatchObject({ code: PASSWORD_CHANGE_REQUIRED });

    const { session } = await staffWithOwnPassword();
    const deal = await buildDeal(t.db, { merchantId: shopId, title: 'Omakase Lunch', priceCents: 3499 });
    const buyer = await buildCustomer(t.db, { phone: '+15551234567' });
    const { vouchers: [v] } = await buildVouchers(t.db, { userId: buyer.id, dealId: deal.id, count: 1 });
    const preview = await as(t.app, session, 'POST', '/api/merchant/redemptions/preview', { code: v!.code, pin: v!.pin });
    expectStatus(preview, 200);
    expect(redemptionPreview.parse(preview.body)).toMatchObject({ dealTitle: 'Omakase Lunch', phoneMasked: '•••• 4567' });
    expectStatus(await as(t.app, session, 'POST', '/api/redeem', { code: v!.code, pin: v!.pin }), 200);
    expectStatus(await as(t.app, session, 'GET', '/api/merchant/redemptions'), 200);
    expectStatus(await as(t.app, session, 'POST', `/api/merchant/redemptions/${v!.id}/undo`), 200);
    for (const [method, url] of [
      ['GET', '/api/merchant/overview'],
      ['GET', '/api/merchant/deals'],
      ['GET', '/api/merchant/staff'],
    ] as const) {
      expectError(await as(t.app, session, method, url), 403, "Only the merchant's owner account can do that");
    }
  });

  it('logs in by SMS code as the same staff account, neither refused nor made a customer', async () => {
    const created = await added();
    const answer = await signInWithSms(t.app, created.phone);
    expect(answer.user).toMatchObject({ id: created.id, role: 'merchant', merchantId: shopId, merchantRole: 'staff' });
    expect(await account(created.id)).toMatchObject({ role: 'merchant', merchantRole: 'staff', phoneVerified: true });
  });
});

describe('DELETE /api/merchant/staff/{id}', () => {
  it('makes the account a plain customer and ends every session it had', async () => {
    const { created, session } = await staffWithOwnPassword('counter-pass-1');
    const other = await loginAs(t, { id: created.id });
    const res = await removeStaff(owner, created.id);
    expectStatus(res, 200);
    expect(res.body).toEqual({ message: 'Staff account removed' });
    expect(await account(created.id)).toMatchObject({ role: 'customer', merchantId: null, merchantRole: null });
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, created.id))).toEqual([]);
    for (const s of [session, other]) {
      expectStatus(await as(t.app, s, 'GET', '/api/auth/user'), 401);
      expectStatus(await as(t.app, s, 'POST', '/api/merchant/redemptions/preview', { code: 'NOPENOPE', pin: '123456' }), 401);
    }
    expect(await listOf(owner)).toEqual([]);
    // The password the person chose stays theirs: they log in again, as a customer.
    const again = await passwordLogin(t.app, created.phone, 'counter-pass-1');
    expectStatus(again, 200);
    expect(sessionAnswer.parse(again.body).user).toMatchObject({ role: 'customer', merchantId: null, merchantRole: null });
  });

  it('drops a first password never replaced, which the owner saw; the phone still logs in by SMS code', async () => {
    const created = await added();
    expectStatus(await removeStaff(owner, created.id), 200);
    expect(await account(created.id)).toMatchObject({ passwordHash: null, mustChangePassword: false });
    expectStatus(await passwordLogin(t.app, created.phone, created.loginInfo.password), 401);
    expect((await signInWithSms(t.app, created.phone)).user).toMatchObject({ id: created.id, role: 'customer' });
  });

  it('answers 404 for the owner, another merchant’s staff, an unknown id and a staff account already removed', async () => {
    const ownerId = (await t.db.select().from(users).where(eq(users.phone, ownerPhone)))[0]!.id;
    const theirs = await added(otherOwner);
    const mine = await added();
    expectStatus(await removeStaff(owner, mine.id), 200);
    for (const id of [ownerId, theirs.id, '6f1c1e8e-2d7a-4c3b-9a55-0a4f1f2b9c11', mine.id]) {
      expectError(await removeStaff(owner, id), 404, 'Staff account not found');
    }
    expect(await account(ownerId)).toMatchObject({ role: 'merchant', merchantRole: 'owner' });
    expect(await account(theirs.id)).toMatchObject({ role: 'merchant', merchantRole: 'staff', merchantId: otherShopId });
    expectStatus(await removeStaff(owner, 'not-a-uuid'), 400);
  });
});
