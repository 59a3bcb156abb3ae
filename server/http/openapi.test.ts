import { validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf } from '../../contract/endpoint';
import { allEndpoints } from '../../contract/endpoints';
import { systemEndpoints } from '../../contract/system';
import { createTestApp, type TestApp } from '../test/app';
import { operationIdOf } from './endpoints';
import { API_DOCS_PREFIX } from './openapi';

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
    for (const endpoint of allEndpoints) {
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
    const declared = new Set(allEndpoints.map((e) => `${e.method} ${openApiPath(e.path)}`));
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.filter((route) => !declared.has(route))).toEqual([]);
    // Every declared endpoint is registered in this (development) app.
    for (const endpoint of allEndpoints) expect(t.app.hasRoute({ method: endpoint.method, url: endpoint.path }), `${endpoint.method} ${endpoint.path}`).toBe(true);
  });

  it('gives every operation a unique id', () => {
    const ids = allEndpoints.map(operationIdOf);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('the reference page', () => {
  it('is served at /api/docs, with its scripts and styles from this server', async () => {
    const page = await t.app.inject({ method: 'GET', url: `${API_DOCS_PREFIX}/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    for (const asset of ['swagger-ui.css', 'swagger-ui-bundle.js', 'swagger-initializer.js']) {
      expect(page.body).toContain(asset);
      const file = await t.app.inject({ method: 'GET', url: `${API_DOCS_PREFIX}/static/${asset}` });
      expect(file.statusCode, asset).toBe(200);
    }
  });

  it('is served in production too', async () => {
    const production = await createTestApp({ env: { NODE_ENV: 'production' } });
    try {
      expect((await production.app.inject({ method: 'GET', url: pathOf(systemEndpoints.openapi) })).statusCode).toBe(200);
      expect((await production.app.inject({ method: 'GET', url: `${API_DOCS_PREFIX}/` })).statusCode).toBe(200);
    } finally {
      await production.close();
    }
  });
});
