/**
 * The API benchmark compares our list with a bare server that runs the same query and shapes its rows
 * by hand (bare-deal.ts). The comparison only holds while both send the same bytes; a field added to
 * the list must be added there too, and this test says so at once rather than at the next benchmark run.
 * The deal page's comparison (`--only=detail`) asks for one deal and checks it is the deal the list shows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { dealEndpoints, type Deal } from '../../contract/deals';
import { pathOf } from '../../contract/endpoint';
import { openDatabase, type Database } from '../../server/db/client';
import { shopperFirstPageSql } from '../../server/catalog/deal-list';
import { createNamedTestDatabase, type NamedTestDatabase } from '../../server/test/database';
import { buildApp, testConfig } from '../../server/test/app';
import { presentRow, type Row } from './bare-deal';
import { DEAL_COUNT, seedCatalog } from './seed';

let named: NamedTestDatabase;
let database: Database;
let pool: pg.Pool;

beforeAll(async () => {
  named = await createNamedTestDatabase();
  database = await openDatabase({ kind: 'postgres', url: named.url, poolSize: 2 });
  await database.migrate();
  await seedCatalog(database.db);
  pool = new pg.Pool({ connectionString: named.url, max: 1 });
});

afterAll(async () => {
  await pool?.end();
  await database?.close();
  await named?.drop();
});

describe("the API benchmark's bare yardstick", () => {
  it("shapes the first page's rows into the very bytes our server sends", async () => {
    const app = await buildApp({ config: testConfig(), database });
    try {
      const ours = await app.inject({ url: `/api/deals?limit=${DEAL_COUNT}` });
      expect(ours.statusCode).toBe(200);

      const page = shopperFirstPageSql(database.db, DEAL_COUNT + 1);
      const result = await pool.query<Row>({ text: page.sql, values: page.params, rowMode: 'array' });
      const bare = JSON.stringify(result.rows.slice(0, DEAL_COUNT).map(presentRow));

      expect(bare).toBe(ours.body);
    } finally {
      await app.close();
    }
  });

  it("answers the deal page's data as the list shows the deal, for the richest deal the benchmark asks for", async () => {
    const app = await buildApp({ config: testConfig(), database });
    try {
      const listed = (await app.inject({ url: `/api/deals?limit=${DEAL_COUNT}` })).json<Deal[]>();
      const rich = listed.find((d) => d.groupSize !== null && d.galleryUrls.length > 0 && d.reviewCount > 0 && d.remaining !== null);
      expect(rich).toBeDefined();
      const one = await app.inject({ url: pathOf(dealEndpoints.get, { id: rich!.id }) });
      expect(one.statusCode).toBe(200);
      expect(one.body).toBe(JSON.stringify(rich));
    } finally {
      await app.close();
    }
  });

  it('lists deals whose every field carries a value, as a real catalogue does', async () => {
    const app = await buildApp({ config: testConfig(), database });
    try {
      const listed = (await app.inject({ url: `/api/deals?limit=${DEAL_COUNT}` })).json<Record<string, unknown>[]>();
      expect(listed).toHaveLength(DEAL_COUNT);
      for (const field of ['category', 'city', 'latitude', 'groupSize', 'rating', 'validUntil', 'remaining']) {
        expect(listed.some((deal) => deal[field] !== null && deal[field] !== 0), field).toBe(true);
      }
      expect(listed.some((deal) => Array.isArray(deal.galleryUrls) && deal.galleryUrls.length > 0)).toBe(true);
    } finally {
      await app.close();
    }
  });
});
