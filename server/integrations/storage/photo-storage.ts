/**
 * The port where uploaded photos' files are kept (ADR 041): the database by default (`stored_files`, on PGlite and
 * on PostgreSQL shared by several servers), or an S3-compatible bucket with STORAGE_URL. Keys are paths such as
 * `photos/{id}/800.webp`; a file is written once and never changed.
 */
export interface StoredFile {
  bytes: Uint8Array;
  contentType: string;
  /** A quoted strong validator for the `ETag` header. */
  etag: string;
}

export interface PhotoStorage {
  readonly name: string;
  /** Stores the bytes under the key (replacing what was there). */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The file under the key, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file; nothing happens when there is none. */
  delete(key: string): Promise<void>;
  /** Lets go of connections, when the app closes. */
  close?(): Promise<void> | void;
}
