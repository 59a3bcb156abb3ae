/**
 * A very short-lived cache of the public deal list as sent (body and cursor), per query string.
 * Shoppers all see the same list, so under load one database read serves every request of the
 * next moment. Staleness is bounded by the TTL; no rule depends on the list (checkout reads stock
 * afresh), so each server keeping its own copy is harmless.
 */
export interface CachedList {
  body: string;
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

  set(key: string, body: string, nextCursor: string | null, now = Date.now()): void {
    if (!this.enabled) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { body, nextCursor, expiresAt: now + this.ttlMs });
  }
}
