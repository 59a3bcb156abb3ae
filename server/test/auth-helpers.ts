/** Shortcuts for API tests that need a signed-in caller, an SMS code, or a plain JSON call. */
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { like, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { currentUser, emailOutboxAnswer, sessionAnswer, smsOutboxAnswer, type CurrentUser, type SessionAnswer } from '../../contract/auth';
import { createSession } from '../auth/sessions';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';

export interface CallOptions {
  body?: unknown;
  /** Sent as a bearer header, as the web app does. */
  sessionId?: string | null;
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
  /** The caller's address, for per-address limits. */
  remoteAddress?: string;
}

export interface SetCookie {
  name: string;
  value: string;
  path?: string;
  maxAge?: number;
  expires?: Date;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: string;
}

export interface CallResult {
  status: number;
  /** The parsed JSON answer, or the raw text when it is not JSON. */
  body: unknown;
  headers: Record<string, string | string[] | number | undefined>;
  cookies: SetCookie[];
}

/** One request through `app.inject`, answered as status, parsed body, headers and cookies set. */
export async function call(app: FastifyInstance, method: HTTPMethods, url: string, options: CallOptions = {}): Promise<CallResult> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.sessionId) headers.authorization = `Bearer ${options.sessionId}`;
  const res = await app.inject({
    method,
    url,
    headers,
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
    ...(options.cookies ? { cookies: options.cookies } : {}),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
  let body: unknown = res.body;
  try {
    body = res.json();
  } catch {
    // not JSON (an empty answer, say); the raw text is kept
  }
  return { status: res.statusCode, body, headers: res.headers, cookies: res.cookies as SetCookie[] };
}

/** The `{message}` of an answer, or undefined. */
export function messageOf(res: CallResult): string | undefined {
  const body = res.body as { message?: unknown } | null;
  return body && typeof body.message === 'string' ? body.message : undefined;
}

/** Fails with the answer's body in the message when the status is not the expected one. */
export function expectStatus(res: CallResult, status: number): void {
  expect(res.status, `answer: ${JSON.stringify(res.body)}`).toBe(status);
}

export interface TestSession {
  sessionId: string;
  headers: { authorization: string };
}

/** Starts a session for an existing user straight in the database, skipping the login routes. */
export async function loginAs(t: { db: Db }, user: { id: string }): Promise<TestSession> {
  const sessionId = await createSession(t.db, user.id);
  return { sessionId, headers: { authorization: `Bearer ${sessionId}` } };
}

/** The latest code the console sender sent to a phone, read from GET /api/dev/sms-outbox. */
export async function smsCodeFor(app: FastifyInstance, phone: string): Promise<string> {
  const res = await call(app, 'GET', `/api/dev/sms-outbox?${new URLSearchParams({ phone })}`);
  expectStatus(res, 200);
  return smsOutboxAnswer.parse(res.body).code;
}

/** Asks for a code for a phone and returns it. */
export async function requestSmsCode(app: FastifyInstance, phone: string, options: Omit<CallOptions, 'body'> = {}): Promise<string> {
  const res = await call(app, 'POST', '/api/auth/send-sms-code', { ...options, body: { phone } });
  expectStatus(res, 200);
  return smsCodeFor(app, phone);
}

/** Logs in (or signs up) a phone with a fresh SMS code. */
export async function signInWithSms(app: FastifyInstance, phone: string): Promise<SessionAnswer> {
  const code = await requestSmsCode(app, phone);
  const res = await call(app, 'POST', '/api/auth/verify-sms-code', { body: { phone, code } });
  expectStatus(res, 200);
  return sessionAnswer.parse(res.body);
}

/** Lets the 60 s resend cooldown of every phone run out, as if a minute had passed. */
export async function endSmsCooldowns(db: Db): Promise<void> {
  await db.update(rateLimits).set({ windowEndsAt: sql`now() - interval '1 second'` }).where(like(rateLimits.key, 'sms:cooldown:%'));
}

/** Ends the window of every rate limit whose key starts with `prefix`, as if it had run out. */
export async function endRateLimitWindows(db: Db, prefix: string): Promise<void> {
  await db.update(rateLimits).set({ windowEndsAt: sql`now() - interval '1 second'` }).where(sql`starts_with(${rateLimits.key}, ${prefix})`);
}

/** The latest code the console email sender sent to an address, read from GET /api/dev/email-outbox. */
export async function emailCodeFor(app: FastifyInstance, email: string): Promise<string> {
  const res = await call(app, 'GET', `/api/dev/email-outbox?${new URLSearchParams({ email })}`);
  expectStatus(res, 200);
  return emailOutboxAnswer.parse(res.body).code;
}

/** Saves an email on the signed-in account and confirms it with the code sent to it, as its owner would. */
export async function setVerifiedEmail(app: FastifyInstance, sessionId: string, email: string): Promise<CurrentUser> {
  expectStatus(await call(app, 'PATCH', '/api/auth/user', { sessionId, body: { email } }), 200);
  const code = await emailCodeFor(app, email);
  const res = await call(app, 'POST', '/api/auth/verify-email', { sessionId, body: { code } });
  expectStatus(res, 200);
  return currentUser.parse(res.body);
}

/** Password login through the API. */
export function passwordLogin(app: FastifyInstance, identifier: string, password: string, options: Omit<CallOptions, 'body'> = {}) {
  return call(app, 'POST', '/api/auth/password-login', { ...options, body: { identifier, password } });
}

/** A six-digit code that is certainly not `code`. */
export function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}
