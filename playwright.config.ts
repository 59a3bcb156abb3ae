// Browser journeys (e2e/) in the system Chromium against the built server, which e2e/global-setup.ts starts
// on a free port with a throw-away PGlite database holding the demo data.
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const root = import.meta.dirname;
/** The build under test: dist/ unless OUT_DIR names another (see scripts/build.mjs). */
const dist = path.resolve(root, process.env.OUT_DIR ?? 'dist');
const serverEntry = path.join(dist, 'server/main.js');
const webIndex = path.join(dist, 'web/index.html');

for (const built of [serverEntry, webIndex]) {
  if (!existsSync(built)) {
    throw new Error(`${path.relative(root, built)} is missing: run \`npm run build\` first (\`npm test\` builds before the browser stage).`);
  }
}

/** Asks the OS for a port that is free right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

// Workers load this file again; the environment they inherit keeps them on the port the runner picked.
process.env.E2E_PORT ??= String(await freePort());
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  outputDir: 'test-results',
  // Retries would hide flaky journeys; a flake is a bug to fix.
  retries: 0,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  // A journey with several screens and accessibility scans takes 10-20 s alone and over 35 s on a busy two-core
  // machine (the refund journey: 10 s alone, 28-37 s beside two busy cores). One limit for all, with room for a slower
  // machine than that; only the longest journeys ask for more.
  timeout: 90_000,
  // A first screen that reads the session and the list waits on the server; with the machine busy (a benchmark
  // seeding 100,000 deals beside the journeys) the header's account showed only after a 7 s wait had given up.
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    headless: true,
    // A trace records every page's frames and a snapshot of each step, for every journey, kept only when it fails:
    // about a third more CPU for the whole run (four auth specs, 2026-11-29: 60 s of CPU without, 80 s with). Under
    // CI nobody opens one (its output is what is kept, failures named with their error and page snapshot), so it
    // is off there; `--trace on` turns it back on for a run.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
            '--disable-quic',
          ],
        },
      },
    },
  ],
});
