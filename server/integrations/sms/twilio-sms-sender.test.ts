/** The Twilio adapter against a local stand-in of Twilio's Messages API, alone and inside the app. */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessionAnswer } from '../../../contract/auth';
import { uniquePhone } from '../../db/factories';
import { loadConfig } from '../../env';
import { createTestApp, type TestApp } from '../../test/app';
import { resetDatabase } from '../../test/database';
import { call, expectStatus, messageOf } from '../../test/auth-helpers';
import { TwilioSmsSender } from './twilio-sms-sender';

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  form: URLSearchParams;
}

interface Reply {
  status: number;
  body: string;
  contentType?: string;
  /** Never answer, to exercise the timeout. */
  hang?: boolean;
}

/** A local HTTP server that records each request and answers what the test asks for. */
class FakeTwilio {
  readonly received: Received[] = [];
  reply: Reply = { status: 201, body: JSON.stringify({ sid: 'SM00000000000000000000000000000000', status: 'queued' }) };
  private server: Server | null = null;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        this.received.push({
          method: req.method ?? '',
          url: req.url ?? '',
          headers: req.headers,
          form: new URLSearchParams(Buffer.concat(chunks).toString('utf8')),
        });
        if (this.reply.hang) return;
        res.writeHead(this.reply.status, { 'content-type': this.reply.contentType ?? 'application/json' });
        res.end(this.reply.body);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }
}

const SID = 'AC0123456789abcdef0123456789abcdef';
const TOKEN = 'auth-token-value';

const twilio = new FakeTwilio();
let base: string;

beforeAll(async () => {
  base = await twilio.start();
});
afterAll(async () => {
  await twilio.stop();
});
beforeEach(() => {
  twilio.received.length = 0;
  twilio.reply = { status: 201, body: JSON.stringify({ sid: 'SM00000000000000000000000000000000', status: 'queued' }) };
});

describe('TwilioSmsSender', () => {
  it('posts one form-encoded message with basic auth to the Messages resource of the account', async () => {
    const sender = new TwilioSmsSender({ accountSid: SID, authToken: TOKEN, from: '+15005550006', apiBase: base });
    await sender.send('+15551234567', 'Your verification code is 123456.');

    expect(twilio.received).toHaveLength(1);
    const [req] = twilio.received;
    expect(req!.method).toBe('POST');
    expect(req!.url).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(req!.headers.authorization).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`);
    expect(req!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(req!.form)).toEqual({
      To: '+15551234567',
      From: '+15005550006',
      Body: 'Your verification code is 123456.',
    });
  });

  it('sends a Messaging Service SID as MessagingServiceSid instead of From', async () => {
    const sender = new TwilioSmsSender({ accountSid: SID, authToken: TOKEN, from: 'MG0123456789abcdef0123456789abcdef', apiBase: base });
    await sender.send('+15551234567', 'hello');
    const form = twilio.received[0]!.form;
    expect(form.get('MessagingServiceSid')).toBe('MG0123456789abcdef0123456789abcdef');
    expect(form.has('From')).toBe(false);
    expect(form.get('To')).toBe('+15551234567');
  });

  it('keeps characters that need escaping intact in the body', async () => {
    const sender = new TwilioSmsSender({ accountSid: SID, authToken: TOKEN, from: '+15005550006', apiBase: `${base}/` });
    const text = 'Code 654321 & more = 100% sure? é';
    await sender.send('+15551234567', text);
    expect(twilio.received[0]!.url).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(twilio.received[0]!.form.get('Body')).toBe(text);
  });

  it("rejects with Twilio's status, message and error code when it refuses the message", async () => {
    twilio.reply = { status: 400, body: JSON.stringify({ code: 21211, message: "The 'To' number +1555 is not a valid phone number.", status: 400 }) };
    const sender = new TwilioSmsSender({ accountSid: SID, authToken: TOKEN, from: '+15005550006', apiBase: base });
    const failure = sender.send('+1555', 'hello');
    await expect(failure).rejects.toThrow(/400/);
    await expect(failure).rejects.toThrow(/21211/);
    await expect(failure).rejects.toThrow(/not a valid phone number/);
  });

  it('rejects with the status when the error answer is not JSON', async () => {
    twilio.reply = { status: 503, body: '<html>unavailable</html>', contentType: 'text/html' };
    const sender = new TwilioSmsSender({ accountSid: SID, authToken: TOKEN, from: '+15005550006', apiBase: base });
    await expect(sender.send('+15551234567', 'hello')).rejects.toThrow(/503/);
  });

  it('rejects on bad credentials without echoing the token', async () => {
    twilio.reply = { status: 401, body: JSON.stringify({ code: 20003, message: 'Authenticate', status: 401 }) };
    const sender = new TwilioSmsSender({ accountSid: SID, authToken: TOKEN, from: '+15005550006', apiBase: base });
    const err = await sender.send('+15551234567', 'hello').then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(/401/);
    expect((err as Error).message).not.toContain(TOKEN);
  });

  it('gives up when Twilio does not answer in time', async () => {
    twilio.reply = { status: 201, body: '{}', hang: true };
    const sender = new TwilioSmsSender({ accountSid: SID, authToken: TOKEN, from: '+15005550006', apiBase: base, timeoutMs: 200 });
    await expect(sender.send('+15551234567', 'hello')).rejects.toThrow();
  });
});

describe('the app with SMS_PROVIDER=twilio', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: SID,
        TWILIO_AUTH_TOKEN: TOKEN,
        TWILIO_FROM: '+15005550006',
        TWILIO_API_BASE: base,
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    await resetDatabase(t.database);
  });

  it('texts the code through Twilio, and that code logs the phone in', async () => {
    const phone = uniquePhone();
    const res = await call(t.app, 'POST', '/api/auth/send-sms-code', { body: { phone } });
    expectStatus(res, 200);
    expect(res.body).toEqual({ message: 'SMS code sent' });

    expect(twilio.received).toHaveLength(1);
    const [req] = twilio.received;
    expect(req!.url).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(req!.form.get('To')).toBe(phone);
    expect(req!.form.get('From')).toBe('+15005550006');
    const code = req!.form.get('Body')?.match(/\b(\d{6})\b/)?.[1];
    expect(code).toBeDefined();

    const login = await call(t.app, 'POST', '/api/auth/verify-sms-code', { body: { phone, code } });
    expectStatus(login, 200);
    expect(sessionAnswer.parse(login.body).user.phone).toBe(phone);
  });

  it('answers an error without Twilio details or credentials when Twilio refuses', async () => {
    twilio.reply = { status: 400, body: JSON.stringify({ code: 21211, message: "The 'To' number is not valid.", status: 400 }) };
    const res = await call(t.app, 'POST', '/api/auth/send-sms-code', { body: { phone: uniquePhone() } });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(messageOf(res)).toBeTruthy();
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain(SID);
  });
});

describe('loadConfig with SMS_PROVIDER=twilio', () => {
  const complete = {
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: SID,
    TWILIO_AUTH_TOKEN: TOKEN,
    TWILIO_FROM: '+15005550006',
  };

  it('accepts a complete set of settings', () => {
    const config = loadConfig(complete);
    expect(config.SMS_PROVIDER).toBe('twilio');
    expect(config.TWILIO_FROM).toBe('+15005550006');
  });

  it.each(['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const)('refuses to start without %s, naming it', (missing) => {
    const env: Record<string, string> = { ...complete };
    delete env[missing];
    expect(() => loadConfig(env)).toThrow(new RegExp(`Invalid configuration[\\s\\S]*${missing}`));
  });

  it('names every setting when none is given', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio' })).toThrow(/TWILIO_ACCOUNT_SID[\s\S]*TWILIO_AUTH_TOKEN[\s\S]*TWILIO_FROM/);
  });

  it('refuses an API base that is not a URL, naming it', () => {
    expect(() => loadConfig({ ...complete, TWILIO_API_BASE: 'not a url' })).toThrow(/TWILIO_API_BASE/);
  });

  it('refuses an unknown provider, naming the setting', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'carrier-pigeon' })).toThrow(/SMS_PROVIDER/);
  });
});
