/** Prepared statements are bound to the database handle they were built on: one set per handle. */
import type { Db } from './client';

/** Returns `build(db)` for each database handle, built on first use and kept while the handle lives. */
export function perDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let prepared = made.get(db);
    if (prepared === undefined) {
      prepared = build(db);
      made.set(db, prepared);
    }
    return prepared;
  };
}
