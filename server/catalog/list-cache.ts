/**
 * A very short-lived cache of the public deal list as sent (body and headers), per query string (the route keys it
 * by the answer's language too, since the deals name their categories in it).
 * Shoppers all see the same list, so under load one database read serves every request of the
 * next moment. When an entry expires, the first request for it reads the list afresh and the
 * requests that arrive meanwhile are still answered with the expired copy, for at most one more
 * TTL: one read per list at a time, rather than one for every request of the read's few
 * milliseconds. An answer is thus at most two TTLs old; no rule depends on the list (checkout reads
 * stock afresh), so each server keeping its own copy is harmless.
 */
import { dealListQuery, NEXT_CURSOR_HEADER, type DealListQuery } from '../../contract/deals';

export const JSON_TYPE = 'application/json; charset=utf-8';

export interface CachedList {
  /** The JSON body, encoded once. */
  body: Buffer;
  /** Content type and, when there is a next page, its cursor. */
  headers: Record<string, string>;
  nextCursor: string | null;
  expiresAt: number;
  /** Set when a request has gone to read the list again after `expiresAt`; others get this copy meanwhile. */
  refreshing?: boolean;
}

/** What one list answer depends on: the validated query, nothing else the address carries. */
export type ListKeyParts = Pick<DealListQuery, 'limit'> & Partial<Omit<DealListQuery, 'limit'>>;

/**
 * The cache key of a validated list query: every parameter that changes the answer, in a fixed
 * order. `lat` and `lng` count only for `nearest` (the other orders ignore them, so they share an entry).
 */
export function listKey(query: ListKeyParts): string {
  const sort = query.sort ?? 'newest';
  const near = sort === 'nearest';
  return JSON.stringify([
    query.q?.trim() ?? '',
    query.limit,
    query.cursor ?? '',
    sort,
    query.category ?? '',
    query.minPriceCents ?? '',
    query.maxPriceCents ?? '',
    query.minRating ?? '',
    near ? (query.lat ?? '') : '',
    near ? (query.lng ?? '') : '',
    query.merchantId ?? '',
  ]);
}

const KEYED = ['q', 'limit', 'cursor', 'sort', 'category', 'minPriceCents', 'maxPriceCents', 'minRating', 'lat', 'lng', 'merchantId'] as const;

/**
 * The cache key of a list address as the route would read it, ignoring any other parameter (so
 * `&_=123` cannot make a new entry), or null when the route would refuse it or read it otherwise
 * (a repeated or malformed parameter): such a request is never answered from the cache. The
 * parameters are validated by the route's own schema, so both read them alike.
 */
export function listKeyOfUrl(url: string): string | null {
  const at = url.indexOf('?');
  const params = new URLSearchParams(at < 0 ? '' : url.slice(at + 1));
  const raw: Record<string, string> = {};
  for (const name of KEYED) {
    const values = params.getAll(name);
    if (values.length > 1) return null;
    if (values[0] !== undefined) raw[name] = values[0];
  }
  const parsed = dealListQuery.safeParse(raw);
  return parsed.success ? listKey(parsed.data) : null;
}

/**
 * Entries are fresh for `ttlMs` and served while one request refreshes them for `ttlMs` more. Together
 * they hold at most `maxEntries` answers and `maxBytes` of bodies: the oldest go first, and those past
 * both spans are dropped whenever a new one is kept, so memory stays bounded whatever queries arrive.
 */
export class ListCache {
  private readonly entries = new Map<string, CachedList>();
  private bytes = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
    private readonly maxBytes = 16 * 1024 * 1024,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** Bytes of the bodies held now. */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  /**
   * The entry to answer with, or undefined when the caller is to read the list itself: when there is
   * none, and for the first request after the entry expired (the others get the expired copy until
   * that read is kept, or until one more TTL has passed, should it fail).
   */
  get(key: string | null, now = Date.now()): CachedList | undefined {
    if (key === null) return undefined;
    const hit = this.entries.get(key);
    if (!hit || hit.expiresAt > now) return hit;
    if (this.spent(hit, now)) {
      this.drop(key, hit);
      return undefined;
    }
    if (hit.refreshing) return hit;
    hit.refreshing = true;
    return undefined;
  }

  /** Keeps a serialised list (when the cache is on and it fits) and returns the entry to send. */
  set(key: string, json: string, nextCursor: string | null, now = Date.now()): CachedList {
    const headers: Record<string, string> = { 'content-type': JSON_TYPE };
    if (nextCursor) headers[NEXT_CURSOR_HEADER] = nextCursor;
    const entry = { body: Buffer.from(json, 'utf8'), headers, nextCursor, expiresAt: now + this.ttlMs };
    if (!this.enabled || entry.body.length > this.maxBytes) return entry;
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    // Entries are kept in the order they expire (one TTL for all), so the oldest come first.
    for (const [k, e] of this.entries) {
      const full = this.entries.size >= this.maxEntries || this.bytes + entry.body.length > this.maxBytes;
      if (!full && !this.spent(e, now)) break;
      this.drop(k, e);
    }
    this.entries.set(key, entry);
    this.bytes += entry.body.length;
    return entry;
  }

  /** Past its TTL and the one more TTL it may be served while being refreshed. */
  private spent(entry: CachedList, now: number): boolean {
    return entry.expiresAt + this.ttlMs <= now;
  }

  private drop(key: string, entry: CachedList): void {
    this.entries.delete(key);
    this.bytes -= entry.body.length;
  }
}
