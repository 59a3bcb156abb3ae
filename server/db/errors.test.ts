import { describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm';
import { databaseError, isConnectionFailure, isDatabaseError, isDatabaseTimeout } from './errors';

/** An error as node-postgres builds one from the server's ErrorResponse. */
const serverError = (code: string, message = 'server error') => Object.assign(new Error(message), { code, severity: 'FATAL' });
const socketError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, errno: -111, syscall: 'connect' });
/** drizzle wraps every failed query so. */
const wrapped = (cause: unknown) => new DrizzleQueryError('select 1', [], cause as Error);

describe('isConnectionFailure', () => {
  it.each([
    ['the socket closing under a query', new Error('Connection terminated unexpectedly')],
    ['the pool giving up on a connection', new Error('timeout exceeded when trying to connect')],
    ['a connection attempt timing out', new Error('Connection terminated due to connection timeout', { cause: new Error('timeout expired') })],
    ['a query getting no answer in time', new Error('Query read timeout')],
    ['a query on a connection that broke', new Error('Client has encountered a connection error and is not queryable')],
    ['a refused connection', socketError('ECONNREFUSED')],
    ['a reset connection', socketError('ECONNRESET')],
    ['a timed-out connection', socketError('ETIMEDOUT')],
    ['a write to a closed connection', socketError('EPIPE')],
    ['an unknown database host', socketError('ENOTFOUND')],
    ['an administrator ending the backend (pg_terminate_backend, restart)', serverError('57P01', 'terminating connection due to administrator command')],
    ['a crash of another backend', serverError('57P02')],
    ['a database still starting', serverError('57P03', 'the database system is starting up')],
    ['an idle-session timeout', serverError('57P05')],
    ['an idle-in-transaction timeout', serverError('25P03')],
    ['a connection exception (class 08)', serverError('08006')],
    ['too many connections', serverError('53300')],
  ])('recognises %s', (_what, err) => {
    expect(isConnectionFailure(err)).toBe(true);
    expect(isConnectionFailure(wrapped(err))).toBe(true);
  });

  it('looks inside AggregateError, as Node reports a name with several refused addresses', () => {
    const err = new AggregateError([socketError('ECONNREFUSED'), socketError('ECONNREFUSED')], '');
    expect(isConnectionFailure(err)).toBe(true);
    expect(isConnectionFailure(Object.assign(new Error('wrapped'), { cause: err }))).toBe(true);
  });

  it.each([
    ['a unique violation', serverError('23505', 'duplicate key value')],
    ['a refusal of a database function', serverError('DM001')],
    ['a query cancelled by statement_timeout', serverError('57014', 'canceling statement due to statement timeout')],
    ['a syntax error', serverError('42601')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a string', 'Connection terminated unexpectedly'],
    ['nothing', undefined],
    ['null', null],
  ])('does not take %s for one', (_what, err) => {
    expect(isConnectionFailure(err)).toBe(false);
    if (err instanceof Error) expect(isConnectionFailure(wrapped(err))).toBe(false);
  });

  it('stops at a cycle of causes', () => {
    const a = new Error('a') as Error & { cause?: unknown };
    const b = new Error('b', { cause: a });
    a.cause = b;
    expect(isConnectionFailure(a)).toBe(false);
  });

  it('leaves the database-error helpers as they were', () => {
    const err = wrapped(serverError('23505'));
    expect(isDatabaseError(err, '23505')).toBe(true);
    expect(databaseError(wrapped(new Error('Connection terminated unexpectedly')))).toBeUndefined();
  });
});

describe('isDatabaseTimeout', () => {
  it.each([
    ['a lock wait longer than lock_timeout', serverError('55P03', 'canceling statement due to lock timeout')],
    ['a statement longer than statement_timeout', serverError('57014', 'canceling statement due to statement timeout')],
  ])('recognises %s, however wrapped', (_what, err) => {
    expect(isDatabaseTimeout(err)).toBe(true);
    expect(isDatabaseTimeout(wrapped(err))).toBe(true);
    // Not a broken connection: the connection is still good.
    expect(isConnectionFailure(err)).toBe(false);
  });

  it.each([
    ['a unique violation', serverError('23505')],
    ['a refusal of a database function', serverError('DM001')],
    ['a deadlock', serverError('40P01')],
    ['a broken connection', new Error('Connection terminated unexpectedly')],
    ['the read timeout of a database that does not answer', new Error('Query read timeout')],
    ['nothing', undefined],
  ])('does not take %s for one', (_what, err) => {
    expect(isDatabaseTimeout(err)).toBe(false);
  });
});
