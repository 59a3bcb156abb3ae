/** Runs once per server test run: names the database engine in use and clears leftovers of killed runs. */
import { dropStaleTestDatabases, testDbKind } from './database';

export default async function setup(): Promise<void> {
  const kind = testDbKind();
  if (kind === 'postgres') {
    const dropped = await dropStaleTestDatabases();
    if (dropped.length > 0) console.info(`dropped ${dropped.length} stale test database(s)`);
  }
  console.info(`server tests use ${kind}`);
}
