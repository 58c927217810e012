import { describeValue as quote } from '@ccsdk/session-store';
import type { Pool } from 'pg';
import {
  DEFAULT_CALL_TIMEOUT_MS,
  DEFAULT_CONNECT_TIMEOUT_MS,
  DEFAULT_MAX_CONNECTIONS,
  DEFAULT_MAX_ENTRY_BYTES,
  DEFAULT_POSTGRES_SCHEMA,
  MAX_SCHEMA_NAME_BYTES,
  MAX_TIMEOUT_MS,
} from './limits.js';

/** Options of `PostgresSessionStore`. Give `connectionString` or `pool`. */
export interface PostgresSessionStoreOptions {
  /** `postgres://user:password@host:port/database`; the store opens and owns its own pool. */
  connectionString?: string;
  /** A `pg.Pool` you own: the store uses it and `close()` leaves it open. */
  pool?: Pool;
  /**
   * Schema (namespace) of the tables, created on first use: lower-case letters, digits and `_`,
   * at most 63 bytes. Default {@link DEFAULT_POSTGRES_SCHEMA}.
   */
  schema?: string;
  /** Connections of the store's own pool (ignored with `pool`). Default {@link DEFAULT_MAX_CONNECTIONS}. */
  maxConnections?: number;
  /** Bound on one store call, in ms; past it the call rejects with `TIMEOUT`. Default {@link DEFAULT_CALL_TIMEOUT_MS}. */
  callTimeoutMs?: number;
  /** Bound on opening one connection, in ms (own pool only). Default {@link DEFAULT_CONNECT_TIMEOUT_MS}. */
  connectTimeoutMs?: number;
  /** Largest entry, in UTF-8 bytes of JSON; a larger one rejects the batch with `ENTRY_TOO_LARGE`. Default {@link DEFAULT_MAX_ENTRY_BYTES}. */
  maxEntryBytes?: number;
}

/** Options after validation, with defaults. */
export interface ResolvedPostgresOptions {
  readonly connectionString: string | undefined;
  readonly pool: Pool | undefined;
  readonly schema: string;
  readonly maxConnections: number;
  readonly callTimeoutMs: number;
  readonly connectTimeoutMs: number;
  readonly maxEntryBytes: number;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]*$/;

function fail(name: string, expected: string, value: unknown): never {
  throw new TypeError(`PostgresSessionStore option ${name} must be ${expected}, got ${quote(value)}`);
}

function integer(name: string, value: unknown, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
    fail(name, `an integer from ${min} to ${max}`, value);
  }
  return value;
}

/** Validates the options eagerly; a bad one throws a `TypeError` quoting it. */
export function resolvePostgresOptions(options: PostgresSessionStoreOptions): ResolvedPostgresOptions {
  if (typeof options !== 'object' || options === null) fail('options', 'an object', options);
  const { connectionString, pool } = options;
  if (connectionString !== undefined) {
    if (typeof connectionString !== 'string' || !/^postgres(ql)?:\/\//.test(connectionString)) {
      // The value may hold a password: say only what kind of value it was.
      fail('connectionString', 'a postgres:// or postgresql:// URL', typeof connectionString);
    }
  }
  if (
    pool !== undefined &&
    (typeof pool !== 'object' || pool === null || typeof pool.connect !== 'function')
  ) {
    fail('pool', 'a pg.Pool', pool);
  }
  if ((connectionString === undefined) === (pool === undefined)) {
    fail('connectionString/pool', 'exactly one of the two', {
      connectionString: typeof connectionString,
      pool: typeof pool,
    });
  }
  const schema = options.schema ?? DEFAULT_POSTGRES_SCHEMA;
  if (typeof schema !== 'string' || !SCHEMA_NAME.test(schema) || schema.length > MAX_SCHEMA_NAME_BYTES) {
    fail(
      'schema',
      `lower-case letters, digits and _ (at most ${MAX_SCHEMA_NAME_BYTES}), not starting with a digit`,
      schema,
    );
  }
  return {
    connectionString,
    pool,
    schema,
    maxConnections: integer('maxConnections', options.maxConnections, DEFAULT_MAX_CONNECTIONS, 1, 10_000),
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
    maxEntryBytes: integer('maxEntryBytes', options.maxEntryBytes, DEFAULT_MAX_ENTRY_BYTES, 1, 2 ** 30),
  };
}
