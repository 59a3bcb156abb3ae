/** Uploaded photos kept in the database, the default storage. */
import { count } from 'drizzle-orm';
import { storedFiles } from '../db/schema';
import { DatabaseStorage } from '../integrations/storage/database-storage';
import { photoSuite } from './photos.suite';

photoSuite('database', {
  storage: (t) => (t ? new DatabaseStorage(t.db) : undefined),
  count: async (t) => (await t.db.select({ n: count() }).from(storedFiles))[0]!.n,
});
