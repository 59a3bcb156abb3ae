/** PostgreSQL's errors as both drivers report them, wherever drizzle wrapped them. */

export interface DatabaseError {
  /** SQLSTATE, e.g. 23505 for a unique violation or DM001 for one of the database functions' refusals. */
  code: string;
  message: string;
  detail?: string;
  hint?: string;
  constraint?: string;
}

/** The database's error inside `err` (drizzle wraps it as `cause`), or undefined when there is none. */
export function databaseError(err: unknown): DatabaseError | undefined {
  let e: unknown = err;
  for (let depth = 0; typeof e === 'object' && e !== null && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return e as DatabaseError;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** True when `err` is the database raising SQLSTATE `code`. */
export function isDatabaseError(err: unknown, code: string): boolean {
  return databaseError(err)?.code === code;
}
