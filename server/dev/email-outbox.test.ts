/** GET /api/dev/email-outbox: the latest console email code per address, outside production only. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentUser, emailOutboxAnswer } from '../../contract/auth';
import { buildCustomer } from '../db/factories';
import type { EmailSender } from '../integrations/email/email-sender';
import { type TestApp, createTestApp, useTestApp } from '../test/app';
import { call, endRateLimitWindows, expectStatus, loginAs, messageOf } from '../test/auth-helpers';

const t = useTestApp();

const outbox = (app: TestApp, email: string) => call(app.app, 'GET', `/api/dev/email-outbox?${new URLSearchParams({ email })}`);

async function claim(app: TestApp, email: string): Promise<string> {
  const { sessionId } = await loginAs(app, await buildCustomer(app.db));
  expectStatus(await call(app.app, 'PATCH', '/api/auth/user', { sessionId, body: { email } }), 200);
  return sessionId;
}

describe('GET /api/dev/email-outbox', () => {
  it('answers the address, the code and when it was sent, and that code verifies the email', async () => {
    const before = Date.now();
    const sessionId = await claim(t, 'outbox@example.com');
    const res = await outbox(t, 'outbox@example.com');
    expectStatus(res, 200);
    const answer = emailOutboxAnswer.parse(res.body);
    expect(Object.keys(res.body as object).sort()).toEqual(['code', 'email', 'sentAt']);
    expect(answer.email).toBe('outbox@example.com');
    expect(answer.code).toMatch(/^\d{6}$/);
    expect(new Date(answer.sentAt).getTime()).toBeGreaterThanOrEqual(before - 1000);

    const verified = await call(t.app, 'POST', '/api/auth/verify-email', { sessionId, body: { code: answer.code } });
    expectStatus(verified, 200);
    expect(currentUser.parse(verified.body).email).toBe('outbox@example.com');
  });

  it('answers the newest code after a resend', async () => {
    const sessionId = await claim(t, 'resend@example.com');
    const first = emailOutboxAnswer.parse((await outbox(t, 'resend@example.com')).body);
    await endRateLimitWindows(t.db, 'email:cooldown:');
    expectStatus(await call(t.app, 'PATCH', '/api/auth/user', { sessionId, body: { email: 'resend@example.com' } }), 200);
    const second = emailOutboxAnswer.parse((await outbox(t, 'resend@example.com')).body);
    expect(new Date(second.sentAt).getTime()).toBeGreaterThanOrEqual(new Date(first.sentAt).getTime());
    expectStatus(await call(t.app, 'POST', '/api/auth/verify-email', { sessionId, body: { code: second.code } }), 200);
  });

  it('finds the code whatever letter case the address is typed in', async () => {
    await claim(t, 'Mixed@Example.com');
    const res = await outbox(t, ' MIXED@example.COM ');
    expectStatus(res, 200);
    expect(emailOutboxAnswer.parse(res.body).email).toBe('mixed@example.com');
  });

  it("answers 404 for an address that was sent nothing, and does not leak another address's code", async () => {
    await claim(t, 'someone@example.com');
    const res = await outbox(t, 'nobody@example.com');
    expectStatus(res, 404);
    expect(messageOf(res)).toBe('No code has been sent to that email');
  });

  it('answers 400 for a missing or invalid address', async () => {
    expectStatus(await call(t.app, 'GET', '/api/dev/email-outbox'), 400);
    const bad = await outbox(t, 'not-an-email');
    expectStatus(bad, 400);
    expect(messageOf(bad)).toContain('Please enter a valid email address');
  });
});

describe('where the email outbox does not exist', () => {
  let prod: TestApp;
  let custom: TestApp;
  const sent: string[] = [];
  const recordingSender: EmailSender = {
    name: 'recording',
    async send(message) {
      sent.push(message.to);
    },
  };

  beforeAll(async () => {
    prod = await createTestApp({ env: { NODE_ENV: 'production' } });
    custom = await createTestApp({ deps: { email: recordingSender } });
  });
  afterAll(async () => {
    await Promise.all([prod?.close(), custom?.close()]);
  });

  it('is not registered in production, even after a code was sent', async () => {
    await claim(prod, 'prod@example.com');
    const res = await outbox(prod, 'prod@example.com');
    expectStatus(res, 404);
    expect(res.body).toEqual({ message: 'No API route GET /api/dev/email-outbox' });
  });

  it('is not registered when another sender is handed in', async () => {
    await claim(custom, 'custom@example.com');
    expect(sent).toEqual(['custom@example.com']);
    expectStatus(await outbox(custom, 'custom@example.com'), 404);
  });
});
