import type { AdapterErrorFactory } from '@ccsdk/session-store';

const MARKER = Symbol.for('@ccsdk/session-store-postgres.error');

/** Stable codes of {@link PostgresSessionStoreError}. Branch on these, never on the message text. */
export type PostgresSessionStoreErrorCode =
  /** The server could not be reached (refused, unknown host, connect timeout); nothing was written. */
  | 'CONNECTION_FAILED'
  /** The connection broke during the call (server restarted or shut down); a retry reconnects. */
  | 'CONNECTION_LOST'
  /** The call did not finish within `callTimeoutMs`; an append may still land (entries with a uuid are deduplicated on retry). */
  | 'TIMEOUT'
  /** An entry's JSON text is longer than `maxEntryBytes`; nothing of the batch was written. */
  | 'ENTRY_TOO_LARGE'
  /** An entry that is not a JSON object with a string `type`, or cannot be serialized; nothing of the batch was written. */
  | 'INVALID_ENTRY'
  /** A key that is not `{ projectKey, sessionId, subpath? }` with non-empty strings. */
  | 'INVALID_KEY'
  /** The database holds a schema written by a newer release of this package; upgrade the package. */
  | 'SCHEMA_TOO_NEW'
  /** A stored row is not valid JSON (changed outside this package); nothing is skipped silently. */
  | 'CORRUPT_ROW'
  /** The server refused a statement (permissions, disk full, ...); `cause` has the server's error. */
  | 'QUERY_FAILED'
  /** The store was closed. */
  | 'CLOSED';

/** Constructor input of {@link PostgresSessionStoreError}. */
export interface PostgresSessionStoreErrorInit {
  code: PostgresSessionStoreErrorCode;
  message: string;
  cause?: unknown;
}

/**
 * The one error class of `@ccsdk/session-store-postgres`: `code` says what went wrong, `cause`
 * keeps the driver's error. Use {@link PostgresSessionStoreError.isInstance} across package copies.
 */
export class PostgresSessionStoreError extends Error {
  /** What went wrong, as a stable string. */
  readonly code: PostgresSessionStoreErrorCode;
  readonly [MARKER] = true;

  constructor(init: PostgresSessionStoreErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'PostgresSessionStoreError';
    this.code = init.code;
  }

  /** True for any `PostgresSessionStoreError`, even one from another copy of this package. */
  static isInstance(error: unknown): error is PostgresSessionStoreError {
    return typeof error === 'object' && error !== null && MARKER in error;
  }
}

/** Builds this package's error from an adapter-kit check of `@ccsdk/session-store`. */
export const storeError: AdapterErrorFactory = (init) => new PostgresSessionStoreError(init);
