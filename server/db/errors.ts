/** PostgreSQL's errors as both drivers report them, wherever drizzle wrapped them. */

/** A migration failed at start-up; the message names it and says why, in one line. */
export class MigrationFailed extends Error {}

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

/**
 * SQLSTATEs of a statement the database gave up on for taking too long: 55P03 (lock_not_available, a
 * lock wait longer than lock_timeout) and 57014 (query_canceled: statement_timeout, or a cancel request).
 */
const TIMEOUT_SQLSTATES = new Set(['55P03', '57014']);

/**
 * True when the database cancelled the statement for waiting or running too long. It rolled the
 * statement and its transaction back, so nothing of it took effect; the connection is still good, and
 * the same request may succeed a moment later (once the lock it waited for is let go).
 */
export function isDatabaseTimeout(err: unknown): boolean {
  const code = databaseError(err)?.code;
  return code !== undefined && TIMEOUT_SQLSTATES.has(code);
}

/** Node's socket errors that mean the database could not be reached or the connection broke. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * SQLSTATEs of a connection the server ended or would not accept: class 08 (connection exception),
 * 57P01-57P03 (shut down by an administrator, after a crash, or not accepting connections yet),
 * 57P05 and 25P03 (ended for being idle), 53300 (too many connections).
 */
const CONNECTION_SQLSTATES = /^(08...|57P0[1235]|25P03|53300)$/;

/** What node-postgres says when a connection breaks, times out, or is used after it broke. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

/**
 * True when `err` (or what it wraps) means the database could not be reached or dropped the
 * connection: a passing condition the caller may retry, not a fault in the request or the code.
 */
export function isConnectionFailure(err: unknown): boolean {
  const seen = new Set<unknown>();
  const check = (e: unknown, depth: number): boolean => {
    if (typeof e !== 'object' || e === null || depth > 6 || seen.has(e)) return false;
    seen.add(e);
    const { code, message, cause, errors } = e as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === 'string' && (SOCKET_CODES.has(code) || CONNECTION_SQLSTATES.test(code))) return true;
    if (typeof message === 'string' && DRIVER_MESSAGES.some((m) => message.startsWith(m))) return true;
    // Node reports a refused connection to a name with several addresses as an AggregateError.
    if (Array.isArray(errors) && errors.some((x) => check(x, depth + 1))) return true;
    return check(cause, depth + 1);
  };
  return check(err, 0);
}
