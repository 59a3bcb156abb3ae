/** Reads the environment, opens the database, migrates, loads demo data when empty, and listens. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig } from './env';
import { openDatabase } from './db/client';
import { isConnectionFailure } from './db/errors';
import { loadDemoData } from './db/demo-data';
import { buildApp } from './app';

async function main(): Promise<void> {
  // Settings from a local .env file, when there is one; real environment variables win.
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
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
  await database.migrate();
  logger.info({ storage: database.kind }, 'database ready');

  const empty = process.argv.includes('--empty');
  if (config.SEED_DEMO_DATA && !empty && (await loadDemoData(database.db))) logger.info('demo data loaded');

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

/** A refused connection to a name with several addresses is an AggregateError with an empty message: its parts say more. */
function describe(err: unknown): string {
  if (err instanceof AggregateError && err.errors.length > 0) return err.errors.map(describe).join('; ');
  return err instanceof Error ? err.message || err.name : String(err);
}

main().catch((err: unknown) => {
  console.error(isConnectionFailure(err) ? `Could not reach the database at DATABASE_URL: ${describe(err)}` : describe(err));
  process.exit(1);
});
