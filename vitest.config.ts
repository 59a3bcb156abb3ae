/**
 * Unit and API tests: `server` and `server-isolated` (Node, one fresh database per file; TEST_DB=pglite|postgres
 * picks the engine, see server/test/database.ts) and `web` (jsdom, React).
 */
import { availableParallelism } from 'node:os';
import { defineConfig, type ViteUserConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** Files named *.postgres.test.ts show behaviour only a real server has (parallel sessions); PGlite runs skip them. */
const onPostgres = process.env.TEST_DB === 'postgres';

/**
 * Server test files that replace a module with `vi.mock`. The other server files share their worker's modules (no
 * isolation: each file would otherwise import the whole server again, a minute and a half of a run), which a mock would
 * leak into, or miss when another file imported the module first; these run each in a fresh module registry.
 */
const MOCKING_FILES = ['server/orders/voucher-collision.test.ts'];

const serverExcludes = onPostgres ? ['**/node_modules/**'] : ['**/node_modules/**', '**/*.postgres.test.ts'];

/** Both server projects: Node, one fresh database per file (server/test/database.ts), files one after another per worker. */
const serverTests = {
  include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'bench/**/*.test.ts'],
  environment: 'node',
  pool: 'forks',
  // Each file opens its own database; creating and migrating one is slower than a unit test.
  testTimeout: 30_000,
  hookTimeout: 60_000,
  sequence: { concurrent: false },
  globalSetup: ['server/test/global-setup.ts'],
} satisfies NonNullable<ViteUserConfig['test']>;

export default defineConfig({
  test: {
    // One test file per core. Vitest's own default for `vitest run` is one fewer than the cores, which on a two-core
    // CI machine runs the files one at a time: both database stages were then bound to one core (the PostgreSQL
    // stage too: its tests and the server's backends are busy, not waiting, for nine tenths of its time).
    maxWorkers: availableParallelism(),
    projects: [
      { test: { ...serverTests, name: 'server', exclude: [...serverExcludes, ...MOCKING_FILES], isolate: false } },
      { test: { ...serverTests, name: 'server-isolated', include: MOCKING_FILES, exclude: serverExcludes } },
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
