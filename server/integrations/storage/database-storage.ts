/** Files kept in the database's `stored_files` table (bytea): nothing more to run, and every server sharing the database sees them. */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { storedFiles } from '../../db/schema';
import type { PhotoStorage, StoredFile } from './photo-storage';

export class DatabaseStorage implements PhotoStorage {
  readonly name = 'database';

  constructor(private readonly db: Db) {}

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    const etag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 32)}"`;
    await this.db
      .insert(storedFiles)
      .values({ key, bytes, contentType, etag })
      .onConflictDoUpdate({ target: storedFiles.key, set: { bytes, contentType, etag } });
  }

  async get(key: string): Promise<StoredFile | null> {
    const [row] = await this.db
      .select({ bytes: storedFiles.bytes, contentType: storedFiles.contentType, etag: storedFiles.etag })
      .from(storedFiles)
      .where(eq(storedFiles.key, key));
    return row ?? null;
  }

  async delete(key: string): Promise<void> {
    await this.db.delete(storedFiles).where(eq(storedFiles.key, key));
  }
}
