import { describe, expect, it } from 'vitest';
import { RedisSessionStoreError } from './errors.js';
import { toStoreError } from './redis-errors.js';

function withCode(message: string, code?: string, name?: string): Error {
  const error = Object.assign(new Error(message), code === undefined ? {} : { code });
  if (name !== undefined) error.name = name;
  return error;
}

describe('toStoreError', () => {
  it.each([
    [withCode('connect ECONNREFUSED 127.0.0.1:1', 'ECONNREFUSED'), 'CONNECTION_FAILED'],
    [withCode('getaddrinfo ENOTFOUND nowhere', 'ENOTFOUND'), 'CONNECTION_FAILED'],
    [
      withCode(
        'Reached the max retries per request limit (which is 2).',
        undefined,
        'MaxRetriesPerRequestError',
      ),
      'CONNECTION_FAILED',
    ],
    [withCode("Stream isn't writeable and enableOfflineQueue options is false"), 'CONNECTION_FAILED'],
    [withCode('Command timed out'), 'TIMEOUT'],
    [withCode('read ECONNRESET', 'ECONNRESET'), 'CONNECTION_LOST'],
    [withCode('Connection is closed.'), 'CONNECTION_LOST'],
    [withCode('LOADING Redis is loading the dataset in memory'), 'CONNECTION_LOST'],
    [withCode("OOM command not allowed when used memory > 'maxmemory'."), 'COMMAND_FAILED'],
    ['a thrown string', 'COMMAND_FAILED'],
  ])('should map %s to %s and keep the cause', (error, code) => {
    const mapped = toStoreError(error, 'append');
    expect(mapped).toBeInstanceOf(RedisSessionStoreError);
    expect(mapped.code).toBe(code);
    expect(mapped.cause).toBe(error);
  });

  it('should pass an error of the package through unchanged', () => {
    const own = new RedisSessionStoreError({ code: 'ENTRY_TOO_LARGE', message: 'big' });
    expect(toStoreError(own, 'append')).toBe(own);
    expect(RedisSessionStoreError.isInstance(own)).toBe(true);
    expect(RedisSessionStoreError.isInstance(new Error('x'))).toBe(false);
  });
});
