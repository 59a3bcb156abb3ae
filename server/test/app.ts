/** Builds the real app in-process on a fresh database, for tests that talk to it with `app.inject`. */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import type { AppDeps } from '../deps';
import { loadConfig, type AppConfig } from '../env';
import type { Database, Db } from '../db/client';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createTestDatabase, resetDatabase } from './database';

/** The app builder itself, for tests that assemble the app on a database of their own. */
export { buildApp };

/** Configuration as a test run sees it; `env` overrides single settings as the environment would. */
export function testConfig(env: Record<string, string> = {}): AppConfig {
  const production = env.NODE_ENV === 'production' ? PRODUCTION_SETTINGS : {};
  // The per-address write budget is off (every test request comes from one address; request-limiter.test.ts turns
  // it on), and so is the list cache (tests change deals and list them at once; list-cache.test.ts turns it on).
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', SEED_DEMO_DATA: 'false', WRITE_RATE_LIMIT: '0', CATALOG_CACHE_MS: '0', ...production, ...env });
}

/**
 * What production demands (server/env.ts), filled in for tests that ask for production mode;
 * a test overrides any of them through `env`.
 */
export const PRODUCTION_SETTINGS: Record<string, string> = {
  // Production chooses its storage explicitly; the test app's database is opened by the harness, whatever this says.
  DATA_DIR: './data',
  PUBLIC_ORIGIN: 'https://deals.example.com',
  STRIPE_SECRET_KEY: 'sk_test_production_settings',
  STRIPE_WEBHOOK_SECRET: 'whsec_production_settings',
  SMS_PROVIDER: 'console',
  EMAIL_PROVIDER: 'console',
};

export interface TestAppOptions {
  /** Settings as environment strings, e.g. `{ BODY_LIMIT_BYTES: '2048' }`. */
  env?: Record<string, string>;
  /** Further dependencies handed to buildApp as they are. */
  deps?: Partial<Omit<AppDeps, 'config' | 'database'>>;
  /** Runs before the app is ready, e.g. to add a route that only a test needs. */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: Database;
  config: AppConfig;
  close(): Promise<void>;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config = testConfig(options.env);
  const database = await createTestDatabase();
  try {
    const app = await buildApp({ ...options.deps, config, database });
    await options.beforeReady?.(app);
    await app.ready();
    return {
      app,
      db: database.db,
      database,
      config,
      async close() {
        try {
          await app.close();
        } finally {
          await database.close();
        }
      },
    };
  } catch (err) {
    await database.close();
    throw err;
  }
}

/**
 * One app per test file on a fresh database, emptied before each test unless `resetEachTest` is
 * false. Returns a stand-in that reads through to the app once `beforeAll` has built it, so test
 * bodies use it as they would the TestApp itself.
 */
export function useTestApp(options: TestAppOptions = {}, { resetEachTest = true } = {}): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(options);
  });
  afterAll(async () => {
    await current?.close();
  });
  if (resetEachTest) {
    beforeEach(async () => {
      await resetDatabase(current!.database);
    });
  }
  return new Proxy({} as TestApp, {
    get(_target, property) {
      if (!current) throw new Error('the test app is built in beforeAll; use it inside tests and hooks');
      return Reflect.get(current, property);
    },
  });
}
