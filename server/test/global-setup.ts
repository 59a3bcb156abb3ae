/**
 * Runs once per server test run: names the database engine in use, clears leftovers of killed runs, and on PGlite
 * writes the migrated database that every test file starts from (database.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dropStaleTestDatabases, PGLITE_IMAGE_ENV, testDbKind, writeMigratedPgliteImage } from './database';

export default async function setup(): Promise<() => void> {
  const kind = testDbKind();
  let folder: string | undefined;
  if (kind === 'postgres') {
    const dropped = await dropStaleTestDatabases();
    if (dropped.length > 0) console.info(`dropped ${dropped.length} stale test database(s)`);
  } else {
    folder = mkdtempSync(path.join(tmpdir(), 'dealmarket-pglite-'));
    const file = path.join(folder, 'migrated.tar');
    await writeMigratedPgliteImage(file);
    // The test processes start after this and inherit the setting.
    process.env[PGLITE_IMAGE_ENV] = file;
  }
  console.info(`server tests use ${kind}`);
  return () => {
    if (folder) rmSync(folder, { recursive: true, force: true });
  };
}
