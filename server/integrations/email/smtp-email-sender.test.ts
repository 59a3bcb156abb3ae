/** The SMTP adapter against a tiny SMTP server on 127.0.0.1, alone and inside the app; and its settings. */
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { currentUser } from '../../../contract/auth';
import { buildCustomer } from '../../db/factories';
import { loadConfig } from '../../env';
import { createTestApp, type TestApp } from '../../test/app';
import { resetDatabase } from '../../test/database';
import { call, expectStatus, loginAs, messageOf } from '../../test/auth-helpers';
import { SmtpEmailSender, smtpOptions } from './smtp-email-sender';

interface Received {
  auth: { user: string; pass: string } | null;
  from: string;
  to: string[];
  data: string;
}

type Mode = 'accept' | 'reject-recipient' | 'silent';

/** Just enough SMTP to take a message: EHLO, AUTH PLAIN or LOGIN, MAIL, RCPT, DATA, RSET, NOOP, QUIT. */
class TinySmtpServer {
  readonly received: Received[] = [];
  mode: Mode = 'accept';
  credentials = { user: 'mailer', pass: 'secret-pass' };
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();

  async start(): Promise<number> {
    this.server = createServer((socket) => this.session(socket));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    if (this.server) await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }

  private session(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => undefined);
    if (this.mode === 'silent') return;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    let auth: Received['auth'] = null;
    let envelope: Omit<Received, 'auth' | 'data'> = { from: '', to: [] };
    let data: string[] | null = null;
    let loginStep: 'user' | 'pass' | 'plain' | null = null;
    let loginUser = '';
    let buffered = '';
    const checkLogin = (user: string, pass: string) => {
      if (user === this.credentials.user && pass === this.credentials.pass) {
        auth = { user, pass };
        reply('235 2.7.0 Authentication successful');
      } else {
        reply('535 5.7.8 Authentication credentials invalid');
      }
    };
    const plain = (b64: string) => {
      const [, user = '', pass = ''] = Buffer.from(b64, 'base64').toString('utf8').split('\u0000');
      checkLogin(user, pass);
    };

    const handle = (line: string) => {
      if (data) {
        if (line === '.') {
          this.received.push({ auth, ...envelope, data: data.join('\r\n') });
          data = null;
          reply('250 2.0.0 Ok: queued');
        } else {
          data.push(line.startsWith('..') ? line.slice(1) : line);
        }
        return;
      }
      if (loginStep === 'plain') {
        loginStep = null;
        plain(line);
        return;
      }
      if (loginStep === 'user') {
        loginUser = Buffer.from(line, 'base64').toString('utf8');
        loginStep = 'pass';
        reply('334 UGFzc3dvcmQ6');
        return;
      }
      if (loginStep === 'pass') {
        loginStep = null;
        checkLogin(loginUser, Buffer.from(line, 'base64').toString('utf8'));
        return;
      }
      const [verb = '', ...rest] = line.split(' ');
      const arg = rest.join(' ');
      switch (verb.toUpperCase()) {
        case 'EHLO':
          reply('250-tiny.test');
          reply('250-AUTH PLAIN LOGIN');
          reply('250 8BITMIME');
          break;
        case 'HELO':
          reply('250 tiny.test');
          break;
        case 'AUTH': {
          const [method = '', initial] = arg.split(' ');
          if (method.toUpperCase() === 'PLAIN') {
            if (initial) plain(initial);
            else {
              loginStep = 'plain';
              reply('334 ');
            }
          } else if (method.toUpperCase() === 'LOGIN') {
            loginStep = 'user';
            reply('334 VXNlcm5hbWU6');
          } else {
            reply('504 5.5.4 Unrecognized authentication type');
          }
          break;
        }
        case 'MAIL':
          envelope = { from: /<([^>]*)>/.exec(arg)?.[1] ?? '', to: [] };
          reply('250 2.1.0 Ok');
          break;
        case 'RCPT':
          if (this.mode === 'reject-recipient') {
            reply('550 5.1.1 Recipient address rejected: mailbox unavailable');
          } else {
            envelope.to.push(/<([^>]*)>/.exec(arg)?.[1] ?? '');
            reply('250 2.1.5 Ok');
          }
          break;
        case 'DATA':
          data = [];
          reply('354 End data with <CR><LF>.<CR><LF>');
          break;
        case 'RSET':
          envelope = { from: '', to: [] };
          reply('250 2.0.0 Ok');
          break;
        case 'NOOP':
          reply('250 2.0.0 Ok');
          break;
        case 'QUIT':
          reply('221 2.0.0 Bye');
          socket.end();
          break;
        default:
          reply('502 5.5.2 Error: command not recognized');
      }
    };

    socket.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      let end: number;
      while ((end = buffered.indexOf('\r\n')) >= 0) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        handle(line);
      }
    });
    reply('220 tiny.test ESMTP');
  }
}

/** The header block and the body of a received message, with folded headers joined. */
function parse(data: string): { headers: Record<string, string>; body: string } {
  const split = data.indexOf('\r\n\r\n');
  const head = data.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body: data.slice(split + 4) };
}

const smtp = new TinySmtpServer();
let port: number;
const url = (user = 'mailer', pass = 'secret-pass') => `smtp://${encodeURIComponent(user)}:${encodeURIComponent(pass)}@127.0.0.1:${port}`;

beforeAll(async () => {
  port = await smtp.start();
});
afterAll(async () => {
  await smtp.stop();
});
beforeEach(() => {
  smtp.received.length = 0;
  smtp.mode = 'accept';
  smtp.credentials = { user: 'mailer', pass: 'secret-pass' };
});

describe('SmtpEmailSender', () => {
  it('logs in and delivers one plain-text message from EMAIL_FROM to the recipient', async () => {
    const sender = new SmtpEmailSender({ url: url(), from: 'DealMarket <no-reply@example.com>' });
    try {
      await sender.send({ to: 'someone@example.com', subject: 'Your verification code is 123456', text: 'Your verification code is 123456.' });
    } finally {
      sender.close();
    }
    expect(sender.name).toBe('smtp');
    expect(smtp.received).toHaveLength(1);
    const [message] = smtp.received;
    expect(message!.auth).toEqual({ user: 'mailer', pass: 'secret-pass' });
    expect(message!.from).toBe('no-reply@example.com');
    expect(message!.to).toEqual(['someone@example.com']);
    const { headers, body } = parse(message!.data);
    expect(headers.from).toBe('DealMarket <no-reply@example.com>');
    expect(headers.to).toBe('someone@example.com');
    expect(headers.subject).toBe('Your verification code is 123456');
    expect(headers['content-type']).toMatch(/^text\/plain/);
    expect(body).toContain('Your verification code is 123456.');
  });

  it('decodes a user and password that needed percent-encoding in the URL', async () => {
    smtp.credentials = { user: 'mailer@example.com', pass: 'p@ss:w/rd%' };
    const sender = new SmtpEmailSender({ url: url('mailer@example.com', 'p@ss:w/rd%'), from: 'no-reply@example.com' });
    try {
      await sender.send({ to: 'someone@example.com', subject: 'hi', text: 'hello' });
    } finally {
      sender.close();
    }
    expect(smtp.received[0]!.auth).toEqual({ user: 'mailer@example.com', pass: 'p@ss:w/rd%' });
  });

  it('rejects when the server refuses the login', async () => {
    const sender = new SmtpEmailSender({ url: url('mailer', 'wrong'), from: 'no-reply@example.com' });
    try {
      await expect(sender.send({ to: 'someone@example.com', subject: 'hi', text: 'hello' })).rejects.toThrow(/535|Invalid login/);
    } finally {
      sender.close();
    }
    expect(smtp.received).toEqual([]);
  });

  it('rejects when the server refuses the recipient', async () => {
    smtp.mode = 'reject-recipient';
    const sender = new SmtpEmailSender({ url: url(), from: 'no-reply@example.com' });
    try {
      await expect(sender.send({ to: 'nobody@example.com', subject: 'hi', text: 'hello' })).rejects.toThrow(/550/);
    } finally {
      sender.close();
    }
  });

  it('gives up when the server never greets', async () => {
    smtp.mode = 'silent';
    const sender = new SmtpEmailSender({ url: url(), from: 'no-reply@example.com', timeoutMs: 200 });
    try {
      await expect(sender.send({ to: 'someone@example.com', subject: 'hi', text: 'hello' })).rejects.toThrow();
    } finally {
      sender.close();
    }
  });
});

describe('smtpOptions', () => {
  it('reads smtp:// as plain SMTP (upgraded when offered) and smtps:// as TLS from the start', () => {
    expect(smtpOptions('smtp://user:pass@mail.example.com:587')).toEqual({
      host: 'mail.example.com',
      port: 587,
      secure: false,
      auth: { user: 'user', pass: 'pass' },
    });
    expect(smtpOptions('smtps://user:pass@mail.example.com')).toEqual({ host: 'mail.example.com', secure: true, auth: { user: 'user', pass: 'pass' } });
    expect(smtpOptions('smtp://relay.internal:25')).toEqual({ host: 'relay.internal', port: 25, secure: false });
  });

  it('refuses other schemes', () => {
    expect(() => smtpOptions('https://mail.example.com')).toThrow(/smtp:\/\//);
  });
});

describe('the app with SMTP_URL', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { SMTP_URL: url(), EMAIL_FROM: 'DealMarket <no-reply@example.com>' } });
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    await resetDatabase(t.database);
  });

  it('mails the code through the SMTP server, and that code verifies the email', async () => {
    const { sessionId } = await loginAs(t, await buildCustomer(t.db));
    const res = await call(t.app, 'PATCH', '/api/auth/user', { sessionId, body: { email: 'inbox@example.com' } });
    expectStatus(res, 200);
    expect(currentUser.parse(res.body).pendingEmail).toBe('inbox@example.com');

    expect(smtp.received).toHaveLength(1);
    const [message] = smtp.received;
    expect(message!.to).toEqual(['inbox@example.com']);
    expect(message!.from).toBe('no-reply@example.com');
    const code = parse(message!.data).body.match(/\b(\d{6})\b/)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    const verified = await call(t.app, 'POST', '/api/auth/verify-email', { sessionId, body: { code } });
    expectStatus(verified, 200);
    expect(currentUser.parse(verified.body)).toMatchObject({ email: 'inbox@example.com', pendingEmail: null });
  });

  it('has no development outbox', async () => {
    const res = await call(t.app, 'GET', '/api/dev/email-outbox?email=inbox%40example.com');
    expectStatus(res, 404);
    expect(res.body).toEqual({ message: 'No API route GET /api/dev/email-outbox' });
  });

  it('answers 502 without SMTP details or credentials when the server refuses', async () => {
    smtp.mode = 'reject-recipient';
    const { sessionId } = await loginAs(t, await buildCustomer(t.db));
    const res = await call(t.app, 'PATCH', '/api/auth/user', { sessionId, body: { email: 'nobody@example.com' } });
    expectStatus(res, 502);
    expect(messageOf(res)).toBe('Failed to send the email. Please try again.');
    const text = JSON.stringify(res.body);
    expect(text).not.toContain('secret-pass');
    expect(text).not.toContain('550');
  });
});

describe('loadConfig with email settings', () => {
  it('uses the console without SMTP_URL, and SMTP with it', () => {
    expect(loadConfig({}).emailProvider).toBe('console');
    const config = loadConfig({ SMTP_URL: 'smtps://user:pass@mail.example.com:465', EMAIL_FROM: 'no-reply@example.com' });
    expect(config.emailProvider).toBe('smtp');
    expect(config.EMAIL_FROM).toBe('no-reply@example.com');
  });

  it('keeps the console when it is chosen explicitly, even with SMTP_URL', () => {
    expect(loadConfig({ EMAIL_PROVIDER: 'console', SMTP_URL: 'smtp://mail.example.com' }).emailProvider).toBe('console');
  });

  it('refuses SMTP without EMAIL_FROM or without SMTP_URL, naming them', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example.com' })).toThrow(/SMTP_URL and EMAIL_FROM/);
    expect(() => loadConfig({ EMAIL_PROVIDER: 'smtp', EMAIL_FROM: 'no-reply@example.com' })).toThrow(/SMTP_URL and EMAIL_FROM/);
  });

  it('refuses an SMTP_URL of another scheme, naming the setting without echoing it', () => {
    let message = '';
    try {
      loadConfig({ SMTP_URL: 'https://user:hunter2@mail.example.com', EMAIL_FROM: 'no-reply@example.com' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/SMTP_URL/);
    expect(message).not.toContain('hunter2');
  });

  it('refuses an unknown provider, naming the setting', () => {
    expect(() => loadConfig({ EMAIL_PROVIDER: 'pigeon' })).toThrow(/EMAIL_PROVIDER/);
  });
});
