/**
 * Unit and API tests in two projects: `server` (Node, one fresh database per file; TEST_DB=pglite|postgres
 * picks the engine, see server/test/database.ts) and `web` (jsdom, React).
 */
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** Files named *.postgres.test.ts show behaviour only a real server has (parallel sessions); PGlite runs skip them. */
const onPostgres = process.env.TEST_DB === 'postgres';

export default defineConfig({
  test: {
    // One test file per core. Vitest's own default for `vitest run` is one fewer than the cores, which on a two-core
    // CI machine runs the files one at a time: both database stages were then bound to one core (the PostgreSQL
    // stage too: its tests and the server's backends are busy, not waiting, for nine tenths of its time).
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'server',
          include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: onPostgres ? ['**/node_modules/**'] : ['**/node_modules/**', '**/*.postgres.test.ts'],
          environment: 'node',
          pool: 'forks',
          // The files of a worker share its process and the packages it loaded, where a process of its own would load
          // them all again for each file (a minute and a half of a run); the project's own modules are still fresh for
          // each file (fresh-modules.ts).
          isolate: false,
          setupFiles: ['server/test/fresh-modules.ts'],
          // Each file opens its own database; creating and migrating one is slower than a unit test.
          testTimeout: 30_000,
          hookTimeout: 60_000,
          sequence: { concurrent: false },
          globalSetup: ['server/test/global-setup.ts'],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['web/test/i18n-setup.ts'],
        },
      },
    ],
  },
});
