import type { AdapterErrorFactory } from '@ccsdk/session-store';

const MARKER = Symbol.for('@ccsdk/session-store-redis.error');

/** Stable codes of {@link RedisSessionStoreError}. Branch on these, never on the message text. */
export type RedisSessionStoreErrorCode =
  /** The server could not be reached (refused, unknown host, no connection within the retries); nothing was written. */
  | 'CONNECTION_FAILED'
  /** The connection broke during the call (server restarted or shut down); the client reconnects by itself. */
  | 'CONNECTION_LOST'
  /** The call did not finish within `callTimeoutMs`; an append may still land (entries with a uuid are deduplicated on retry). */
  | 'TIMEOUT'
  /** An entry's JSON text is longer than `maxEntryBytes`; nothing of the batch was written. */
  | 'ENTRY_TOO_LARGE'
  /** An entry that is not a JSON object with a string `type`, or cannot be serialized; nothing of the batch was written. */
  | 'INVALID_ENTRY'
  /** A key that is not `{ projectKey, sessionId, subpath? }` with non-empty strings. */
  | 'INVALID_KEY'
  /** The server holds a key layout written by a newer release of this package; upgrade the package. */
  | 'SCHEMA_TOO_NEW'
  /** A stored value is not valid JSON (changed outside this package); nothing is skipped silently. */
  | 'CORRUPT_ROW'
  /** Concurrent appends to one session kept changing its summary for every attempt; nothing of this batch was written. */
  | 'CONFLICT'
  /** The server refused a command (out of memory, read-only replica, ...); `cause` has its reply. */
  | 'COMMAND_FAILED'
  /** The store was closed. */
  | 'CLOSED';

/** Constructor input of {@link RedisSessionStoreError}. */
export interface RedisSessionStoreErrorInit {
  code: RedisSessionStoreErrorCode;
  message: string;
  cause?: unknown;
}

/**
 * The one error class of `@ccsdk/session-store-redis`: `code` says what went wrong, `cause`
 * keeps the client's error. Use {@link RedisSessionStoreError.isInstance} across package copies.
 */
export class RedisSessionStoreError extends Error {
  /** What went wrong, as a stable string. */
  readonly code: RedisSessionStoreErrorCode;
  readonly [MARKER] = true;

  constructor(init: RedisSessionStoreErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'RedisSessionStoreError';
    this.code = init.code;
  }

  /** True for any `RedisSessionStoreError`, even one from another copy of this package. */
  static isInstance(error: unknown): error is RedisSessionStoreError {
    return typeof error === 'object' && error !== null && MARKER in error;
  }
}

/** Builds this package's error from an adapter-kit check of `@ccsdk/session-store`. */
export const storeError: AdapterErrorFactory = (init) => new RedisSessionStoreError(init);
