import { describe, expect, it } from 'vitest';
import { PostgresSessionStoreError } from './errors.js';
import { isConnectionError, toStoreError } from './pg-errors.js';

function withCode(message: string, code?: string): Error {
  return Object.assign(new Error(message), code === undefined ? {} : { code });
}

describe('toStoreError', () => {
  it.each([
    [withCode('connect ECONNREFUSED 127.0.0.1:1', 'ECONNREFUSED'), 'CONNECTION_FAILED', true],
    [withCode('timeout exceeded when trying to connect'), 'CONNECTION_FAILED', true],
    [withCode('the database system is starting up', '57P03'), 'CONNECTION_FAILED', true],
    [withCode('Query read timeout'), 'TIMEOUT', true],
    [withCode('canceling statement due to statement timeout', '57014'), 'TIMEOUT', true],
    [withCode('terminating connection due to administrator command', '57P01'), 'CONNECTION_LOST', true],
    [withCode('Connection terminated unexpectedly'), 'CONNECTION_LOST', true],
    [withCode('read ECONNRESET', 'ECONNRESET'), 'CONNECTION_LOST', true],
    [withCode('permission denied for schema x', '42501'), 'QUERY_FAILED', false],
    ['a thrown string', 'QUERY_FAILED', false],
  ])('should map %s to %s and keep the cause', (error, code, connection) => {
    const mapped = toStoreError(error, 'append');
    expect(mapped).toBeInstanceOf(PostgresSessionStoreError);
    expect(mapped.code).toBe(code);
    expect(mapped.cause).toBe(error);
    expect(isConnectionError(error)).toBe(connection);
  });

  it('should pass an error of the package through unchanged', () => {
    const own = new PostgresSessionStoreError({ code: 'ENTRY_TOO_LARGE', message: 'big' });
    expect(toStoreError(own, 'append')).toBe(own);
    expect(PostgresSessionStoreError.isInstance(own)).toBe(true);
    expect(PostgresSessionStoreError.isInstance(new Error('x'))).toBe(false);
  });
});
