import { validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf } from '../../contract/endpoint';
import { adminAccountEndpoints } from '../../contract/admin';
import { checkoutEndpoints, stripeWebhookEndpoints } from '../../contract/checkout';
import { devEndpoints } from '../../contract/dev';
import { allEndpoints } from '../../contract/endpoints';
import { API_REFERENCE_PATH, systemEndpoints } from '../../contract/system';
import { createTestApp, type TestApp } from '../test/app';
import { operationIdOf } from './endpoints';

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  responses: Record<string, unknown>;
}
type OpenApiDocument = { openapi: string; paths: Record<string, Record<string, Operation>> };

let t: TestApp;
let document: OpenApiDocument;

/** `/api/deals/:id` as OpenAPI writes it: `/api/deals/{id}`. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
const routeOf = (e: { method: string; path: string }) => `${e.method} ${openApiPath(e.path)}`;
/** Registered only with Stripe (the development app runs the built-in provider). */
const stripeOnly = new Set(Object.values(stripeWebhookEndpoints).map(routeOf));
/** Registered only outside production, or only with the built-in test provider (which production does not run). */
const { testSession, testPay, testCancel, testWebhook } = checkoutEndpoints;
const notInProduction = new Set([...Object.values(devEndpoints), adminAccountEndpoints.bootstrap, testSession, testPay, testCancel, testWebhook].map(routeOf));
const documentedRoutes = (doc: OpenApiDocument) =>
  Object.entries(doc.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`));

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: pathOf(systemEndpoints.openapi) });
  expect(res.statusCode).toBe(200);
  document = res.json<OpenApiDocument>();
});
afterAll(async () => {
  await t?.close();
});

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
  });

  it('lists every endpoint of the contract, with its summary, section and answers', () => {
    for (const endpoint of allEndpoints.filter((e) => !stripeOnly.has(routeOf(e)))) {
      const operation = document.paths[openApiPath(endpoint.path)]?.[endpoint.method.toLowerCase()];
      expect(operation, `${endpoint.method} ${endpoint.path}`).toBeDefined();
      expect(operation!.operationId).toBe(operationIdOf(endpoint));
      expect(operation!.summary).toBe(endpoint.summary);
      expect(operation!.tags).toEqual([endpoint.tag]);
      expect(Object.keys(operation!.responses)).toContain(String(endpoint.ok.status));
      for (const status of Object.keys(endpoint.refusals)) expect(Object.keys(operation!.responses)).toContain(status);
    }
  });

  it('holds no route but the contract\'s: every registered route is declared there', () => {
    const declared = new Set(allEndpoints.map(routeOf));
    expect(documentedRoutes(document).filter((route) => !declared.has(route))).toEqual([]);
    // Every declared endpoint is registered in this (development) app, but Stripe's webhook.
    for (const endpoint of allEndpoints) {
      expect(t.app.hasRoute({ method: endpoint.method, url: endpoint.path }), routeOf(endpoint)).toBe(!stripeOnly.has(routeOf(endpoint)));
    }
  });

  it('gives every operation a unique id', () => {
    const ids = allEndpoints.map(operationIdOf);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('the reference page', () => {
  it('is served at /api/docs, with its scripts and styles from this server', async () => {
    const page = await t.app.inject({ method: 'GET', url: `${API_REFERENCE_PATH}/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    for (const asset of ['swagger-ui.css', 'swagger-ui-bundle.js', 'swagger-initializer.js']) {
      expect(page.body).toContain(asset);
      const file = await t.app.inject({ method: 'GET', url: `${API_REFERENCE_PATH}/static/${asset}` });
      expect(file.statusCode, asset).toBe(200);
    }
  });

  it('is served in production too, with Stripe\'s webhook and without the development endpoints', async () => {
    const production = await createTestApp({ env: { NODE_ENV: 'production' } });
    try {
      const res = await production.app.inject({ method: 'GET', url: pathOf(systemEndpoints.openapi) });
      expect(res.statusCode).toBe(200);
      const routes = new Set(documentedRoutes(res.json<OpenApiDocument>()));
      const expected = allEndpoints.map(routeOf).filter((route) => !notInProduction.has(route));
      expect(expected.filter((route) => !routes.has(route))).toEqual([]);
      expect([...routes].filter((route) => notInProduction.has(route))).toEqual([]);
      expect((await production.app.inject({ method: 'GET', url: `${API_REFERENCE_PATH}/` })).statusCode).toBe(200);
    } finally {
      await production.close();
    }
  });
});
