/**
 * A very short-lived cache of the public deal list as sent (body and headers), per query string.
 * Shoppers all see the same list, so under load one database read serves every request of the
 * next moment. Staleness is bounded by the TTL; no rule depends on the list (checkout reads stock
 * afresh), so each server keeping its own copy is harmless.
 */
import { NEXT_CURSOR_HEADER } from '../../contract/deals';

export const JSON_TYPE = 'application/json; charset=utf-8';

export interface CachedList {
  /** The JSON body, encoded once. */
  body: Buffer;
  /** Content type and, when there is a next page, its cursor. */
  headers: Record<string, string>;
  nextCursor: string | null;
  expiresAt: number;
}

export class ListCache {
  private readonly entries = new Map<string, CachedList>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get(key: string, now = Date.now()): CachedList | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return hit;
  }

  /** Keeps a serialised list (when the cache is on) and returns the entry to send. */
  set(key: string, json: string, nextCursor: string | null, now = Date.now()): CachedList {
    const headers: Record<string, string> = { 'content-type': JSON_TYPE };
    if (nextCursor) headers[NEXT_CURSOR_HEADER] = nextCursor;
    const entry = { body: Buffer.from(json, 'utf8'), headers, nextCursor, expiresAt: now + this.ttlMs };
    if (!this.enabled) return entry;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, entry);
    return entry;
  }
}
