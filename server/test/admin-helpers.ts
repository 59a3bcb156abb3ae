/** Signed-in callers of every role, and valid form bodies, for the admin merchant and deal API tests. */
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { expect } from 'vitest';
import type { CreateDealBody, CreateMerchantBody } from '../../contract/admin';
import { adminDeal, savedDealAnswer, type AdminDeal } from '../../contract/admin';
import { deal as dealSchema, type Deal } from '../../contract/deals';
import type { Db } from '../db/client';
import { buildCustomer, buildMerchant, buildMerchantAccount, buildUser, uniquePhone } from '../db/factories';
import { call, expectStatus, loginAs, type CallResult, type TestSession } from './auth-helpers';

/** One signed-in caller of each role; the merchant account is bound to an active merchant. */
export interface Callers {
  superadmin: TestSession;
  customer: TestSession;
  merchant: TestSession;
  /** The merchant the merchant account is bound to. */
  merchantId: string;
}

export async function signInEveryRole(t: { db: Db }): Promise<Callers> {
  const shop = await buildMerchant(t.db);
  const [superadmin, customer, merchant] = await Promise.all([
    buildUser(t.db, { role: 'superadmin' }).then((u) => loginAs(t, u)),
    buildCustomer(t.db).then((u) => loginAs(t, u)),
    buildMerchantAccount(t.db, shop.id).then((u) => loginAs(t, u)),
  ]);
  return { superadmin, customer, merchant, merchantId: shop.id };
}

export async function signInSuperadmin(t: { db: Db }): Promise<TestSession> {
  return loginAs(t, await buildUser(t.db, { role: 'superadmin' }));
}

export async function signInCustomer(t: { db: Db }): Promise<TestSession & { userId: string }> {
  const user = await buildCustomer(t.db);
  return { ...(await loginAs(t, user)), userId: user.id };
}

/** A request as `session`'s user (a guest when null). */
export function as(app: FastifyInstance, session: TestSession | null, method: HTTPMethods, url: string, body?: unknown): Promise<CallResult> {
  return call(app, method, url, { sessionId: session?.sessionId ?? null, ...(body !== undefined ? { body } : {}) });
}

/** What the merchant form sends, with a fresh phone. */
/** Overrides may name any field, known or not, to test what the server does with it. */
export function merchantForm(overrides: Partial<Record<keyof CreateMerchantBody, unknown>> & Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Harbor Outfitters',
    phone: uniquePhone(),
    address: '1 Pier Road',
    description: 'Kayaks and boards',
    businessHours: JSON.stringify({ morning: '09:00-12:00', afternoon: '14:00-18:00' }),
    ...overrides,
  };
}

/** What the deal form sends for a merchant. */
export function dealForm(merchantId: string, overrides: Partial<Record<keyof CreateDealBody, unknown>> & Record<string, unknown> = {}): Record<string, unknown> {
  return {
    merchantId,
    title: 'Sunset Kayak Tour',
    priceCents: 1999,
    originalPriceCents: 2999,
    description: '<p>Two hours on the bay.</p>',
    imageUrl: 'https://images.example.com/kayak.jpg',
    inventory: 50,
    maxPerUser: 2,
    validFrom: null,
    validUntil: null,
    redemptionInstructions: '<p>Show the code at the desk.</p>',
    termsConditions: '<p>One per visit.</p>',
    createStripeProduct: false,
    ...overrides,
  };
}

/** Creates a deal through the API as a superadmin and returns the answer. */
export async function createDealViaApi(
  app: FastifyInstance,
  admin: TestSession,
  merchantId: string,
  overrides: Partial<Record<keyof CreateDealBody, unknown>> & Record<string, unknown> = {},
) {
  const res = await as(app, admin, 'POST', '/api/admin/deals', dealForm(merchantId, overrides));
  expectStatus(res, 201);
  return savedDealAnswer.parse(res.body);
}

/** Publishes (or otherwise moves) a deal through the API. */
export async function setStatusViaApi(
  app: FastifyInstance,
  admin: TestSession,
  dealId: string,
  status: AdminDeal['status'],
  active: boolean,
): Promise<AdminDeal> {
  const res = await as(app, admin, 'PATCH', `/api/admin/deals/${dealId}/status`, { status, active });
  expectStatus(res, 200);
  return adminDeal.parse(res.body);
}

/** The deals a guest sees on the home list (first 100). */
export async function shopperDeals(app: FastifyInstance, session: TestSession | null = null): Promise<Deal[]> {
  const res = await as(app, session, 'GET', '/api/deals?limit=100');
  expectStatus(res, 200);
  return dealSchema.array().parse(res.body);
}

/** A guest's view of one deal: the deal, or null on 404. */
export async function shopperDeal(app: FastifyInstance, id: string): Promise<Deal | null> {
  const res = await as(app, null, 'GET', `/api/deals/${id}`);
  if (res.status === 404) return null;
  expectStatus(res, 200);
  return dealSchema.parse(res.body);
}

/** The `{message}` of an error answer, asserting the status first. */
export function expectError(res: CallResult, status: number, message: string | RegExp): void {
  expectStatus(res, status);
  const body = res.body as { message?: unknown };
  if (typeof message === 'string') expect(body.message).toBe(message);
  else expect(String(body.message)).toMatch(message);
}

export interface RouteEntry {
  method: HTTPMethods;
  url: string;
}

/**
 * Every route the app serves whose path starts with `prefix`, read from Fastify's own route tree,
 * so a route added later is covered by the loops over it without anyone listing it. HEAD mirrors
 * GET and is left out.
 */
export function routesUnder(app: FastifyInstance, prefix: string): RouteEntry[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const found: RouteEntry[] = [];
  for (const line of tree.split('\n')) {
    const m = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    stack.push(m[2]!);
    const url = stack.join('');
    if (!m[3] || !url.startsWith(prefix)) continue;
    for (const method of m[3].split(',').map((s) => s.trim())) {
      if (method !== 'HEAD') found.push({ method: method as HTTPMethods, url });
    }
  }
  return found;
}

/** A route path with its `:params` filled with one id. */
export const fillParams = (url: string, id: string) => url.replace(/:[A-Za-z]+/g, id);
