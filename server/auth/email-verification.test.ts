/**
 * Emails count once verified: PATCH /api/auth/user records a pending email and sends it a code,
 * POST /api/auth/verify-email makes it the account's. Login by email and promotion find verified
 * emails only, and a pending claim never blocks the address's owner.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { currentUser, promoteAnswer } from '../../contract/auth';
import { EMAIL_CODE_MAX_ATTEMPTS, EMAIL_CODES_PER_HOUR } from '../../contract/constants';
import { buildCustomer, buildUser, uniquePhone } from '../db/factories';
import { emailCodes, users } from '../db/schema';
import { ConsoleEmailSender } from '../integrations/email/console-email-sender';
import type { EmailMessage, EmailSender } from '../integrations/email/email-sender';
import { createTestApp, type TestApp, useTestApp } from '../test/app';
import {
  call,
  emailCodeFor,
  endRateLimitWindows,
  expectStatus,
  loginAs,
  messageOf,
  otherCode,
  passwordLogin,
  setVerifiedEmail,
  signInWithSms,
} from '../test/auth-helpers';

const t = useTestApp();

const patch = (sessionId: string, email: string | null, app: TestApp = t) =>
  call(app.app, 'PATCH', '/api/auth/user', { sessionId, body: { email } });
const verify = (sessionId: string, code: string, app: TestApp = t) =>
  call(app.app, 'POST', '/api/auth/verify-email', { sessionId, body: { code } });
const me = async (sessionId: string) => currentUser.parse((await call(t.app, 'GET', '/api/auth/user', { sessionId })).body);
/** As if the 60 s resend cooldown of every account had run out. */
const endCooldowns = () => endRateLimitWindows(t.db, 'email:cooldown:');

async function newAdmin() {
  return loginAs(t, await buildUser(t.db, { role: 'superadmin' }));
}

const promote = (sessionId: string, email: string) => call(t.app, 'POST', '/api/admin/promote-superadmin', { sessionId, body: { email } });

describe('email squatting', () => {
  it("does not let a pending claim block the owner, promote the squatter, or take the owner's address later", async () => {
    const squatter = await signInWithSms(t.app, uniquePhone());
    const victim = await signInWithSms(t.app, uniquePhone());
    const admin = await newAdmin();

    // The squatter claims the victim's address first. It stays pending and counts for nothing.
    const claimed = await patch(squatter.sessionId, 'victim@example.com');
    expectStatus(claimed, 200);
    expect(currentUser.parse(claimed.body)).toMatchObject({ email: null, pendingEmail: 'victim@example.com' });
    // Suppose the squatter even got hold of that code (a shared inbox, say).
    const squatterCode = await emailCodeFor(t.app, 'victim@example.com');
    const early = await promote(admin.sessionId, 'victim@example.com');
    expectStatus(early, 404);
    expect(messageOf(early)).toBe('No user has that email');

    // The owner sets and verifies their own address without a 409.
    const owned = await patch(victim.sessionId, 'Victim@Example.com');
    expectStatus(owned, 200);
    expect(currentUser.parse(owned.body)).toMatchObject({ email: null, pendingEmail: 'victim@example.com' });
    const verified = await verify(victim.sessionId, await emailCodeFor(t.app, 'victim@example.com'));
    expectStatus(verified, 200);
    expect(currentUser.parse(verified.body)).toMatchObject({ id: victim.user.id, email: 'victim@example.com', pendingEmail: null });

    // Promotion of that address promotes the owner, not the squatter.
    const promoted = await promote(admin.sessionId, 'victim@example.com');
    expectStatus(promoted, 200);
    expect(promoteAnswer.parse(promoted.body).user).toMatchObject({ id: victim.user.id, role: 'superadmin' });
    expect(await me(squatter.sessionId)).toMatchObject({ role: 'customer', email: null });
    expect(await me(victim.sessionId)).toMatchObject({ role: 'superadmin', email: 'victim@example.com' });

    // The squatter's later verify is refused, and the code stays unused for nothing.
    const late = await verify(squatter.sessionId, squatterCode);
    expectStatus(late, 409);
    expect(messageOf(late)).toBe('This email is already used by another account');
    const owners = await t.db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = 'victim@example.com'`);
    expect(owners).toEqual([{ id: victim.user.id }]);
  });

  it('lets two accounts hold the same pending email', async () => {
    const a = await loginAs(t, await buildCustomer(t.db));
    const b = await loginAs(t, await buildCustomer(t.db));
    expectStatus(await patch(a.sessionId, 'shared@example.com'), 200);
    expectStatus(await patch(b.sessionId, 'shared@example.com'), 200);
    const rows = await t.db.select().from(users).where(eq(users.pendingEmail, 'shared@example.com'));
    expect(rows).toHaveLength(2);
  });

  it('answers 409 at once, and sends nothing, for an email another account has verified', async () => {
    const sent: EmailMessage[] = [];
    const sender: EmailSender = { name: 'recording', send: async (m) => void sent.push(m) };
    const app = await createTestApp({ deps: { email: sender } });
    try {
      await buildCustomer(app.db, { email: 'owner@example.com' });
      const { sessionId } = await loginAs(app, await buildCustomer(app.db));
      const res = await patch(sessionId, 'OWNER@example.com', app);
      expectStatus(res, 409);
      expect(messageOf(res)).toBe('This email is already used by another account');
      expect(sent).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

describe('login and promotion find verified emails only', () => {
  it('refuses password login by an unverified email with the usual failure, and accepts it once verified', async () => {
    const user = await buildCustomer(t.db, { password: 'secret1' });
    const { sessionId } = await loginAs(t, user);
    expectStatus(await patch(sessionId, 'pending-login@example.com'), 200);
    const refused = await passwordLogin(t.app, 'pending-login@example.com', 'secret1');
    expectStatus(refused, 401);
    expect(messageOf(refused)).toBe('Invalid phone number or password');

    expectStatus(await verify(sessionId, await emailCodeFor(t.app, 'pending-login@example.com')), 200);
    expectStatus(await passwordLogin(t.app, 'pending-login@example.com', 'secret1'), 200);
  });

  it('answers 404 to promotion of an unverified email', async () => {
    const admin = await newAdmin();
    const { sessionId } = await loginAs(t, await buildCustomer(t.db));
    expectStatus(await patch(sessionId, 'pending-admin@example.com'), 200);
    expectStatus(await promote(admin.sessionId, 'pending-admin@example.com'), 404);
  });

  it('keeps the verified email working while a new one is pending, and swaps them once the new one is verified', async () => {
    const user = await buildCustomer(t.db, { password: 'secret1', email: 'old@example.com' });
    const { sessionId } = await loginAs(t, user);
    const res = await patch(sessionId, 'new@example.com');
    expectStatus(res, 200);
    expect(currentUser.parse(res.body)).toMatchObject({ email: 'old@example.com', pendingEmail: 'new@example.com' });
    expectStatus(await passwordLogin(t.app, 'old@example.com', 'secret1'), 200);
    expectStatus(await passwordLogin(t.app, 'new@example.com', 'secret1'), 401);

    expectStatus(await verify(sessionId, await emailCodeFor(t.app, 'new@example.com')), 200);
    expect(await me(sessionId)).toMatchObject({ email: 'new@example.com', pendingEmail: null });
    expectStatus(await passwordLogin(t.app, 'old@example.com', 'secret1'), 401);
    expectStatus(await passwordLogin(t.app, 'new@example.com', 'secret1'), 200);
  });
});

describe('POST /api/auth/verify-email', () => {
  it('answers 401 without a session', async () => {
    expectStatus(await call(t.app, 'POST', '/api/auth/verify-email', { body: { code: '123456' } }), 401);
  });

  it('answers 400 for a code that is not six digits', async () => {
    const { sessionId } = await loginAs(t, await buildCustomer(t.db));
    for (const code of ['12345', '1234567', 'abcdef', '']) {
      const res = await verify(sessionId, code);
      expectStatus(res, 400);
      expect(messageOf(res)).toBe('code: Please enter the 6-digit verification code');
    }
  });

  it('answers 400 when no code was sent', async () => {
    const { sessionId } = await loginAs(t, await buildCustomer(t.db));
    const res = await verify(sessionId, '123456');
    expectStatus(res, 400);
    expect(messageOf(res)).toMatch(/^Invalid or expired verification code/);
  });

  it("does not accept another account's code", async () => {
    const a = await loginAs(t, await buildCustomer(t.db));
    const b = await loginAs(t, await buildCustomer(t.db));
    expectStatus(await patch(a.sessionId, 'a@example.com'), 200);
    const codeA = await emailCodeFor(t.app, 'a@example.com');
    expectStatus(await verify(b.sessionId, codeA), 400);
    expect(await me(b.sessionId)).toMatchObject({ email: null });
  });

  it('refuses an expired code, even the right one', async () => {
    const user = await buildCustomer(t.db);
    const { sessionId } = await loginAs(t, user);
    expectStatus(await patch(sessionId, 'late@example.com'), 200);
    const code = await emailCodeFor(t.app, 'late@example.com');
    await t.db.update(emailCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(emailCodes.userId, user.id));
    const res = await verify(sessionId, code);
    expectStatus(res, 400);
    expect(messageOf(res)).toMatch(/^Invalid or expired verification code/);
    expect(await me(sessionId)).toMatchObject({ email: null, pendingEmail: 'late@example.com' });
  });

  it('gives a code 15 minutes', async () => {
    const user = await buildCustomer(t.db);
    const { sessionId } = await loginAs(t, user);
    expectStatus(await patch(sessionId, 'ttl@example.com'), 200);
    const [row] = await t.db.select().from(emailCodes).where(eq(emailCodes.userId, user.id));
    const minutes = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60_000;
    expect(minutes).toBe(15);
  });

  it(`evaluates at most ${EMAIL_CODE_MAX_ATTEMPTS} of 20 parallel wrong guesses, then refuses the right code too`, async () => {
    const user = await buildCustomer(t.db);
    const { sessionId } = await loginAs(t, user);
    expectStatus(await patch(sessionId, 'guessed@example.com'), 200);
    const code = await emailCodeFor(t.app, 'guessed@example.com');
    const wrong = otherCode(code);

    const answers = await Promise.all(Array.from({ length: 20 }, () => verify(sessionId, wrong)));
    expect(answers.every((r) => r.status === 400)).toBe(true);
    // Guesses 1-4 are compared and told so; the 5th is compared and burns the code; the rest never get compared.
    const compared = answers.filter((r) => messageOf(r) === 'Invalid verification code');
    expect(compared).toHaveLength(EMAIL_CODE_MAX_ATTEMPTS - 1);
    const [row] = await t.db.select().from(emailCodes).where(eq(emailCodes.userId, user.id));
    expect(row!.attempts).toBe(EMAIL_CODE_MAX_ATTEMPTS);

    const right = await verify(sessionId, code);
    expectStatus(right, 400);
    expect(messageOf(right)).toBe('Invalid or expired verification code. Please request a new code.');
    expect(await me(sessionId)).toMatchObject({ email: null });
  });

  it('accepts a code once only, also when two requests race', async () => {
    const { sessionId } = await loginAs(t, await buildCustomer(t.db));
    expectStatus(await patch(sessionId, 'once@example.com'), 200);
    const code = await emailCodeFor(t.app, 'once@example.com');
    const answers = await Promise.all([verify(sessionId, code), verify(sessionId, code)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
  });
});

describe('PATCH /api/auth/user sends codes', () => {
  it('stores the code hashed, never the code itself', async () => {
    const user = await buildCustomer(t.db);
    const { sessionId } = await loginAs(t, user);
    expectStatus(await patch(sessionId, 'hashed@example.com'), 200);
    const code = await emailCodeFor(t.app, 'hashed@example.com');
    const [row] = await t.db.select().from(emailCodes).where(eq(emailCodes.userId, user.id));
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.codeHash).not.toContain(code);
    expect(row!.email).toBe('hashed@example.com');
  });

  it('voids the earlier code when a new one is sent', async () => {
    const { sessionId } = await loginAs(t, await buildCustomer(t.db));
    expectStatus(await patch(sessionId, 'first@example.com'), 200);
    const first = await emailCodeFor(t.app, 'first@example.com');
    await endCooldowns();
    const res = await patch(sessionId, 'second@example.com');
    expectStatus(res, 200);
    expect(currentUser.parse(res.body).pendingEmail).toBe('second@example.com');
    const second = await emailCodeFor(t.app, 'second@example.com');

    expectStatus(await verify(sessionId, first), 400);
    expectStatus(await verify(sessionId, second), 200);
    expect(await me(sessionId)).toMatchObject({ email: 'second@example.com', pendingEmail: null });
  });

  it('resends to the same address after the cooldown, and only the newest code works', async () => {
    const { sessionId } = await loginAs(t, await buildCustomer(t.db));
    expectStatus(await patch(sessionId, 'again@example.com'), 200);
    const first = await emailCodeFor(t.app, 'again@example.com');
    await endCooldowns();
    expectStatus(await patch(sessionId, 'again@example.com'), 200);
    const second = await emailCodeFor(t.app, 'again@example.com');
    if (first !== second) expectStatus(await verify(sessionId, first), 400);
    expectStatus(await verify(sessionId, second), 200);
  });

  it('refuses a second code within the 60 s cooldown, for any address', async () => {
    const { sessionId } = await loginAs(t, await buildCustomer(t.db));
    expectStatus(await patch(sessionId, 'cool@example.com'), 200);
    for (const email of ['cool@example.com', 'other@example.com']) {
      const res = await patch(sessionId, email);
      expectStatus(res, 429);
      expect(messageOf(res)).toMatch(/^Please wait (\d+ seconds|1 minute) before requesting another code$/);
    }
    expect(await me(sessionId)).toMatchObject({ pendingEmail: 'cool@example.com' });
  });

  it('caps the codes an account is sent per hour, in parallel as well', async () => {
    const { sessionId } = await loginAs(t, await buildCustomer(t.db));
    for (let i = 0; i < EMAIL_CODES_PER_HOUR; i++) {
      await endCooldowns();
      expectStatus(await patch(sessionId, `cap-${i}@example.com`), 200);
    }
    await endCooldowns();
    const over = await patch(sessionId, 'cap-over@example.com');
    expectStatus(over, 429);
    expect(messageOf(over)).toBe('Too many codes requested for this account. Please try again later.');
    await endRateLimitWindows(t.db, 'email:');
    const parallel = await Promise.all(Array.from({ length: 5 }, (_, i) => patch(sessionId, `burst-${i}@example.com`)));
    expect(parallel.filter((r) => r.status === 200)).toHaveLength(1);
  });

  it('removes the email and any pending one with null, and the open code stops working', async () => {
    const user = await buildCustomer(t.db, { email: 'was@example.com' });
    const { sessionId } = await loginAs(t, user);
    expectStatus(await patch(sessionId, 'will@example.com'), 200);
    const code = await emailCodeFor(t.app, 'will@example.com');
    const res = await patch(sessionId, null);
    expectStatus(res, 200);
    expect(currentUser.parse(res.body)).toMatchObject({ email: null, pendingEmail: null });
    expectStatus(await verify(sessionId, code), 400);
    expect(await me(sessionId)).toMatchObject({ email: null, pendingEmail: null });
  });

  it('sends no code for the verified email given again, and drops a pending one', async () => {
    const sessionId = (await signInWithSms(t.app, uniquePhone())).sessionId;
    await setVerifiedEmail(t.app, sessionId, 'mine@example.com');
    await endCooldowns();
    expectStatus(await patch(sessionId, 'other-mine@example.com'), 200);
    // Within the cooldown: no code is due for the verified address, so none is refused either.
    const res = await patch(sessionId, 'MINE@example.com');
    expectStatus(res, 200);
    expect(currentUser.parse(res.body)).toMatchObject({ email: 'mine@example.com', pendingEmail: null });
  });

  it('sends the code in a message addressed to the new email', async () => {
    const sender = new ConsoleEmailSender();
    const app = await createTestApp({ deps: { email: sender } });
    try {
      const { sessionId } = await loginAs(app, await buildCustomer(app.db));
      expectStatus(await patch(sessionId, 'inbox@example.com', app), 200);
      const sent = sender.lastSentTo('inbox@example.com');
      expect(sent).toMatchObject({ to: 'inbox@example.com' });
      const code = sent!.text.match(/\b(\d{6})\b/)?.[1];
      expect(code).toMatch(/^\d{6}$/);
      expect(sent!.subject).toContain(code);
      expect(sent!.text).toMatch(/expires in 15 minutes/);
    } finally {
      await app.close();
    }
  });

  it('writes the message in the language of whoever asked for it', async () => {
    const sender = new ConsoleEmailSender();
    const app = await createTestApp({ deps: { email: sender } });
    try {
      const { sessionId } = await loginAs(app, await buildCustomer(app.db));
      const res = await call(app.app, 'PATCH', '/api/auth/user', { sessionId, body: { email: 'zh@example.com' }, headers: { 'accept-language': 'zh-CN' } });
      expectStatus(res, 200);
      const sent = sender.lastSentTo('zh@example.com');
      const code = sent!.text.match(/\b(\d{6})\b/)?.[1];
      expect(sent!.subject).toBe(`您的验证码是 ${code}`);
      expect(sent!.text).toContain('15 分钟内有效');
    } finally {
      await app.close();
    }
  });
});

describe('when the email cannot be sent', () => {
  let app: TestApp;
  let failing = true;
  const sender: EmailSender = {
    name: 'flaky',
    async send() {
      if (failing) throw new Error('connection refused by smtp.example.com');
    },
  };

  beforeAll(async () => {
    app = await createTestApp({ deps: { email: sender } });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers 502 without vendor details, keeps no pending email, and lets the user try again at once', async () => {
    const user = await buildCustomer(app.db, { email: 'kept@example.com' });
    const { sessionId } = await loginAs(app, user);
    failing = true;
    const res = await patch(sessionId, 'unreachable@example.com', app);
    expectStatus(res, 502);
    expect(messageOf(res)).toBe('Failed to send the email. Please try again.');
    expect(JSON.stringify(res.body)).not.toContain('smtp.example.com');
    const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ email: 'kept@example.com', pendingEmail: null });
    const codes = await app.db.select().from(emailCodes).where(eq(emailCodes.userId, user.id));
    expect(codes.every((c) => c.consumedAt !== null)).toBe(true);

    failing = false;
    const retry = await patch(sessionId, 'unreachable@example.com', app);
    expectStatus(retry, 200);
    expect(currentUser.parse(retry.body).pendingEmail).toBe('unreachable@example.com');
  });
});
