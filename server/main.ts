/**
 * Reads the environment, opens the database, migrates, loads demo data when empty, and listens. A start
 * that fails says why on one line of stderr (no stack) and exits with 1.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig, type AppConfig } from './env';
import { openDatabase, type Db } from './db/client';
import { databaseError, isConnectionFailure } from './db/errors';
import { errnoOf } from './db/data-dir-lock';
import { loadDemoData } from './demo/demo-data';
import { buildApp } from './app';

/** The settings, or the end of the process with every problem named, one to a line. */
function configOrExit(): AppConfig {
  try {
    // Settings from a local .env file, when there is one; real environment variables win.
    if (existsSync('.env')) process.loadEnvFile('.env');
    return loadConfig();
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  }
}

async function main(): Promise<void> {
  const config = configOrExit();
  // JSON lines on stdout, written asynchronously: a line is queued and goes out with the others
  // queued meanwhile, so logging every request does not stop the event loop for a write each time.
  // What is queued is flushed on shutdown, and by pino itself when the process exits.
  const logger = pino({ level: config.LOG_LEVEL }, pino.destination({ dest: 1, sync: false }));
  const webDir = config.WEB_DIST_DIR ?? path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../web');

  const database = config.DATABASE_URL
    ? await openDatabase({
        kind: 'postgres',
        url: config.DATABASE_URL,
        poolSize: config.DB_POOL_SIZE,
        connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS,
        queryTimeoutMs: config.DB_QUERY_TIMEOUT_MS,
        // The pool replaces it; requests meanwhile are answered 503 (server/http/errors.ts).
        onConnectionLost: (err) => logger.warn({ err }, 'database connection lost'),
      })
    : await openDatabase({ kind: 'pglite', dataDir: path.resolve(config.DATA_DIR), dataDirShownAs: config.DATA_DIR });
  // The demo data loads under the migrations' lock, so servers started together on an empty database load it once.
  let demoLoaded = false;
  const loadDemo = async (db: Db) => {
    try {
      demoLoaded = await loadDemoData(db);
    } catch (err) {
      if (isConnectionFailure(err)) throw err;
      throw new Error(`Could not load the demo data: ${databaseError(err)?.message ?? describe(err)}`, { cause: err });
    }
  };
  await database.migrate(config.SEED_DEMO_DATA && !process.argv.includes('--empty') ? loadDemo : undefined);
  logger.info({ storage: database.kind }, 'database ready');
  if (demoLoaded) logger.info('demo data loaded');

  const app = await buildApp({ config: { ...config, WEB_DIST_DIR: webDir }, database, logger: logger as unknown as FastifyBaseLogger, backgroundJobs: true });
  await app.listen({ port: config.PORT, host: config.HOST });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    try {
      await app.close();
      await database.close();
      await new Promise<void>((resolve) => logger.flush(() => resolve()));
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/**
 * An error in one line: a refused connection to a name with several addresses is an AggregateError with
 * an empty message (its parts say more); a failed query's message goes on with the statement (its first
 * line says it); PGlite's file-system errors are objects with an error number and no message.
 */
function describe(err: unknown): string {
  if (err instanceof AggregateError && err.errors.length > 0) return err.errors.map(describe).join('; ');
  if (err instanceof Error) return (err.message.split('\n')[0] ?? '').trim() || err.name;
  return errnoOf(err) ?? String(err);
}

main().catch((err: unknown) => {
  console.error(isConnectionFailure(err) ? `Could not reach the database at DATABASE_URL: ${describe(err)}` : describe(err));
  process.exit(1);
});
