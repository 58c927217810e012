import { describeValue as quote } from '@ccsdk/session-store';
import type { Redis } from 'ioredis';
import {
  DEFAULT_CALL_TIMEOUT_MS,
  DEFAULT_CONNECT_TIMEOUT_MS,
  DEFAULT_MAX_ENTRY_BYTES,
  DEFAULT_REDIS_PREFIX,
  MAX_PREFIX_CHARS,
  MAX_TIMEOUT_MS,
} from './limits.js';

/** Options of `RedisSessionStore`. Give `url` or `client`. */
export interface RedisSessionStoreOptions {
  /** `redis://[user:password@]host:port[/db]` or `rediss://...`; the store opens and owns its own connection. */
  url?: string;
  /** An ioredis client you own: the store uses it and `close()` leaves it open. */
  client?: Redis;
  /** Prefix of every key the store writes. Default {@link DEFAULT_REDIS_PREFIX}. */
  prefix?: string;
  /** Bound on one store call, in ms; past it the call rejects with `TIMEOUT`. Default {@link DEFAULT_CALL_TIMEOUT_MS}. */
  callTimeoutMs?: number;
  /** Bound on opening the connection, in ms (own connection only). Default {@link DEFAULT_CONNECT_TIMEOUT_MS}. */
  connectTimeoutMs?: number;
  /** Largest entry, in UTF-8 bytes of JSON; a larger one rejects the batch with `ENTRY_TOO_LARGE`. Default {@link DEFAULT_MAX_ENTRY_BYTES}. */
  maxEntryBytes?: number;
}

/** Options after validation, with defaults. */
export interface ResolvedRedisOptions {
  readonly url: string | undefined;
  readonly client: Redis | undefined;
  readonly prefix: string;
  readonly callTimeoutMs: number;
  readonly connectTimeoutMs: number;
  readonly maxEntryBytes: number;
}

function fail(name: string, expected: string, value: unknown): never {
  throw new TypeError(`RedisSessionStore option ${name} must be ${expected}, got ${quote(value)}`);
}

function integer(name: string, value: unknown, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
    fail(name, `an integer from ${min} to ${max}`, value);
  }
  return value;
}

/** Validates the options eagerly; a bad one throws a `TypeError` quoting it. */
export function resolveRedisOptions(options: RedisSessionStoreOptions): ResolvedRedisOptions {
  if (typeof options !== 'object' || options === null) fail('options', 'an object', options);
  const { url, client } = options;
  if (url !== undefined && (typeof url !== 'string' || !/^rediss?:\/\//.test(url))) {
    // The value may hold a password: say only what kind of value it was.
    fail(
      'url',
      'a redis:// or rediss:// URL',
      typeof url === 'string' ? 'a string of another scheme' : typeof url,
    );
  }
  if (
    client !== undefined &&
    (typeof client !== 'object' || client === null || typeof client.evalsha !== 'function')
  ) {
    fail('client', 'an ioredis client', client);
  }
  if ((url === undefined) === (client === undefined)) {
    fail('url/client', 'exactly one of the two', { url: typeof url, client: typeof client });
  }
  const prefix = options.prefix ?? DEFAULT_REDIS_PREFIX;
  if (typeof prefix !== 'string' || prefix.length > MAX_PREFIX_CHARS || /[\s{}]/.test(prefix)) {
    fail('prefix', `a string of at most ${MAX_PREFIX_CHARS} characters without spaces or braces`, prefix);
  }
  return {
    url,
    client,
    prefix,
    callTimeoutMs: integer(
      'callTimeoutMs',
      options.callTimeoutMs,
      DEFAULT_CALL_TIMEOUT_MS,
      1,
      MAX_TIMEOUT_MS,
    ),
    connectTimeoutMs: integer(
      'connectTimeoutMs',
      options.connectTimeoutMs,
      DEFAULT_CONNECT_TIMEOUT_MS,
      1,
      MAX_TIMEOUT_MS,
    ),
    maxEntryBytes: integer('maxEntryBytes', options.maxEntryBytes, DEFAULT_MAX_ENTRY_BYTES, 1, 2 ** 29),
  };
}
