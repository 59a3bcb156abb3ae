/** GET /api/dev/sms-outbox: the latest console code per phone, outside production only (ADR 016). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsOutboxAnswer } from '../../contract/auth';
import { uniquePhone } from '../db/factories';
import type { SmsSender } from '../integrations/sms/sms-sender';
import { type TestApp, createTestApp, useTestApp } from '../test/app';

import { call, endSmsCooldowns, expectStatus, messageOf } from '../test/auth-helpers';

const t = useTestApp();

const outbox = (app: TestApp, phone: string) => call(app.app, 'GET', `/api/dev/sms-outbox?${new URLSearchParams({ phone })}`);
const send = (app: TestApp, phone: string) => call(app.app, 'POST', '/api/auth/send-sms-code', { body: { phone } });

describe('GET /api/dev/sms-outbox', () => {
  it('answers the phone, the code and when it was sent, for the latest code', async () => {
    const phone = uniquePhone();
    const before = Date.now();
    expectStatus(await send(t, phone), 200);
    const res = await outbox(t, phone);
    expectStatus(res, 200);
    const answer = smsOutboxAnswer.parse(res.body);
    expect(answer.phone).toBe(phone);
    expect(answer.code).toMatch(/^\d{6}$/);
    expect(Object.keys(res.body as object).sort()).toEqual(['code', 'phone', 'sentAt']);
    const sentAt = new Date(answer.sentAt).getTime();
    expect(answer.sentAt).toBe(new Date(sentAt).toISOString());
    expect(sentAt).toBeGreaterThanOrEqual(before - 1000);
    expect(sentAt).toBeLessThanOrEqual(Date.now() + 1000);

    // The code is the one the server accepts.
    const login = await call(t.app, 'POST', '/api/auth/verify-sms-code', { body: { phone, code: answer.code } });
    expectStatus(login, 200);
  });

  it('answers the newest code after a resend', async () => {
    const phone = uniquePhone();
    expectStatus(await send(t, phone), 200);
    const first = smsOutboxAnswer.parse((await outbox(t, phone)).body);
    await endSmsCooldowns(t.db);
    expectStatus(await send(t, phone), 200);
    const second = smsOutboxAnswer.parse((await outbox(t, phone)).body);
    expect(new Date(second.sentAt).getTime()).toBeGreaterThanOrEqual(new Date(first.sentAt).getTime());
    const login = await call(t.app, 'POST', '/api/auth/verify-sms-code', { body: { phone, code: second.code } });
    expectStatus(login, 200);
  });

  it('finds the code whatever formatting the phone is typed in', async () => {
    expectStatus(await send(t, '555 404 0001'), 200);
    const res = await outbox(t, '(555) 404-0001');
    expectStatus(res, 200);
    expect(smsOutboxAnswer.parse(res.body).phone).toBe('5554040001');
  });

  it("answers 404 for a phone that was sent nothing, and does not leak another phone's code", async () => {
    expectStatus(await send(t, uniquePhone()), 200);
    const res = await outbox(t, uniquePhone());
    expectStatus(res, 404);
    expect(messageOf(res)).toBe('No code has been sent to that phone');
  });

  it('answers 400 for a missing or invalid phone', async () => {
    expectStatus(await call(t.app, 'GET', '/api/dev/sms-outbox'), 400);
    const bad = await outbox(t, '123');
    expectStatus(bad, 400);
    expect(messageOf(bad)).toContain('Please enter a valid phone number');
  });
});

describe('where the outbox does not exist', () => {
  let prod: TestApp;
  let twilio: TestApp;
  let custom: TestApp;
  const sent: string[] = [];
  const recordingSender: SmsSender = {
    name: 'recording',
    async send(to) {
      sent.push(to);
    },
  };

  beforeAll(async () => {
    prod = await createTestApp({ env: { NODE_ENV: 'production' } });
    twilio = await createTestApp({
      env: {
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000',
        TWILIO_AUTH_TOKEN: 'token',
        TWILIO_FROM: '+15005550006',
        // Nothing listens here; these tests never send.
        TWILIO_API_BASE: 'http://127.0.0.1:9',
      },
    });
    custom = await createTestApp({ deps: { sms: recordingSender } });
  });
  afterAll(async () => {
    await Promise.all([prod?.close(), twilio?.close(), custom?.close()]);
  });

  it('is not registered in production: 404 with the JSON not-found answer, even after a code was sent', async () => {
    const phone = uniquePhone();
    expectStatus(await send(prod, phone), 200);
    const res = await outbox(prod, phone);
    expectStatus(res, 404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({ message: 'No API route GET /api/dev/sms-outbox' });
  });

  it('is not registered when a real SMS provider is configured', async () => {
    const res = await outbox(twilio, uniquePhone());
    expectStatus(res, 404);
    expect(res.body).toEqual({ message: 'No API route GET /api/dev/sms-outbox' });
  });

  it('is not registered when another sender is handed in', async () => {
    const phone = uniquePhone();
    expectStatus(await send(custom, phone), 200);
    expect(sent).toEqual([phone]);
    expectStatus(await outbox(custom, phone), 404);
  });
});
